"""Exact figures for ONE player's first round under a threshold policy (standard library only).

The policy is ``ThresholdBot``'s: after the deal, flip while the sum of your number cards is below
the threshold T, then stay. For each T this module gives, as exact ``Fraction`` values,

* the expected score of the round,
* the chance the round ends in a bust,
* the chance it ends with a Flip 7 (so any bonus can be added: E = E(bonus 0) + bonus * P(Flip 7)).

Two methods, both exact:

* **No action cards** (number-only deck, or numbers and modifiers): a closed form over the
  2^13 sets of numbers. The chance to draw a particular SET S of k distinct numbers in the first k
  number draws, in any order, is k!·∏c_v / K(K−1)…(K−k+1) (K number cards), independent of the
  order. S ends the round at threshold T when its last number crosses T (sum(S) ≥ T and
  sum(S \\ {last}) < T) or completes the Flip 7, so summing over the possible last cards gives a
  range of thresholds for each (S, last) pair; a difference array over T collects every threshold
  at once. Modifiers do not change when the player stops (they are blanks for this policy); each
  modifier card lies before the j-th number card with chance j/(K+1), which gives their exact
  expected contribution.
* **With action cards** (Freeze, Flip Three, Second Chance, played by the rules for a solo player):
  an exact forward recursion over the deck composition that serves every threshold in one pass.
  The mass of a state whose number sum is s does not depend on T as long as s < T (no earlier
  stop was possible), so one pass with "always hit" suffices; a Flip Three episode remembers the
  sum at which it started. Numbers are tracked as a set plus the count of duplicates a Second
  Chance discarded (the chance of the next duplicate depends only on that count), and modifier
  cards are lumped (the policy never tells them apart; the x2 and +k values enter through their
  expected share). This is the slow path (minutes for the full deck), so the figures of the two
  standard action decks (unique=7) are stored in ``_solo_table.py``; run
  ``python -m cardkit.games.flip7.solo`` to regenerate and check them.

Solo rules used (as the engine plays them with one seat): Freeze on yourself ends the round keeping
your score; Flip Three makes you flip three cards, actions flipped meanwhile wait (a waiting Flip
Three adds three more flips, a waiting Freeze ends the round after them); a Second Chance flipped
meanwhile is kept at once and can save the rest; a held Second Chance saves one bust (the
duplicate and the Second Chance are discarded) and you go on by the threshold; a second Second
Chance has no one to go to and is discarded; seven unique numbers end the round with the bonus.
"""
from __future__ import annotations

import functools
import math
from collections import namedtuple
from fractions import Fraction

from .cards import BONUS, KIND, VALUE, make_deck

Figures = namedtuple("Figures", "threshold expected_score bust_probability flip7_probability")


def _deck_params(deck):
    numbers = [0] * 13
    for card, count in deck.items():
        if KIND[card] == "number":
            numbers[VALUE[card]] = count
    mods = [c for c in deck.elements() if KIND[c] == "modifier"]
    return (tuple(numbers), len(mods), mods.count("x2"), sum(BONUS.get(c, 0) for c in mods),
            deck.get("Freeze", 0), deck.get("Flip Three", 0), deck.get("Second Chance", 0))


def _check_thresholds(thresholds) -> list[int]:
    out = []
    for t in thresholds:
        if isinstance(t, bool) or not isinstance(t, int) or t < 1:
            raise ValueError(f"thresholds must be whole numbers from 1 up, got {t!r} "
                             "(a threshold below 1 would mean staying right after the deal)")
        out.append(t)
    return out


def threshold_figures(options: dict, thresholds) -> list[Figures]:
    """Exact figures for each threshold, for a solo player on a fresh deck of these game options.

    ``options`` is a Flip 7 options dict (``game.options``); only ``actions``, ``modifiers``,
    ``unique`` and ``bonus`` matter for one round.
    """
    thresholds = _check_thresholds(thresholds)
    deck = make_deck(options.get("actions", True), options.get("modifiers", True))
    unique = options.get("unique", 7)
    bonus = options.get("bonus", 15)
    params = _deck_params(deck)
    table = _table(params, unique)
    cap = len(table) - 1                       # beyond the largest number sum nothing changes
    result = []
    for t in thresholds:
        e0, bust, f7 = table[min(t, cap)]
        result.append(Figures(t, e0 + bonus * f7, bust, f7))
    return result


@functools.lru_cache(maxsize=16)
def _table(params, unique):
    """[None, (E0, bust, flip7) for T = 1 … cap]: E0 is the expected score without the bonus."""
    numbers, n_mod, n_x2, plus, n_freeze, n_flip3, n_second = params
    if n_freeze or n_flip3 or n_second:
        from . import _solo_table
        stored = _solo_table.TABLES.get((params, unique))
        if stored is not None:
            return [None] + [tuple(Fraction(x) for x in row) for row in stored]
        return solve_actions(numbers, n_mod, n_x2, plus, n_freeze, n_flip3, n_second, unique)
    return solve_no_actions(numbers, n_mod, n_x2, plus, unique)


# -- closed form: numbers (and modifiers) only -------------------------------------------------------
def solve_no_actions(numbers, n_mod=0, n_x2=0, plus=0, unique=7):
    """Exact (E0, bust, flip7) for T = 1 … cap by summing over sets of numbers (see module doc)."""
    values = [(v, c) for v, c in enumerate(numbers) if c]
    n = len(values)
    K = sum(c for _, c in values)
    top = min(unique, n + 1)
    fall = [1]
    for i in range(top + 1):
        fall.append(fall[-1] * (K - i))
    D = fall[top]
    scale = [D // fall[k] if k <= top else 0 for k in range(top + 2)]
    fact = [math.factorial(k) for k in range(n + 2)]
    cap = sum(v for v, _ in values) + 1
    size = cap + 2
    dE, dB, dF = [0] * size, [0] * size, [0] * size
    # per set: sum, size, product of counts, duplicate weight (copies left of the values held)
    sums, sizes, prods, dups = [0] * (1 << n), [0] * (1 << n), [1] * (1 << n), [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        rest = mask & (mask - 1)
        v, c = values[low]
        sums[mask] = sums[rest] + v
        sizes[mask] = sizes[rest] + 1
        prods[mask] = prods[rest] * c
        dups[mask] = dups[rest] + c - 1
    mult = K + 1                                # modifiers enter as j/(K+1) shares
    for mask in range(1 << n):
        k, s, w = sizes[mask], sums[mask], prods[mask]
        if k > unique:
            continue
        if k:
            base = fact[k - 1] * w * scale[k]
            score = s * (mult + n_x2 * k) + plus * k
            m = mask
            while m:
                low = (m & -m).bit_length() - 1
                m &= m - 1
                last = values[low][0]
                lo = s - last + 1                 # thresholds T with sum(S \ {last}) < T
                if k == unique:                  # Flip 7: ends whatever T is
                    dE[lo] += base * score
                    dF[lo] += base
                elif last:                       # crossing: T <= sum(S)
                    dE[lo] += base * score
                    dE[s + 1] -= base * score
        if k < unique and dups[mask] and k + 1 <= top:
            # alive with S for every T > sum(S); the next number is a duplicate: bust
            dB[s + 1] += fact[k] * w * dups[mask] * scale[k + 1]
    table = [None]
    e = b = f = 0
    for t in range(1, cap + 1):
        e += dE[t]
        b += dB[t]
        f += dF[t]
        table.append((Fraction(e, D * mult), Fraction(b, D), Fraction(f, D)))
    return table


# -- exact forward recursion with action cards -----------------------------------------------------
def solve_actions(numbers, n_mod, n_x2, plus, n_freeze, n_flip3, n_second, unique, progress=None):
    """Exact (E0, bust, flip7) for T = 1 … cap with action cards, all thresholds in one pass.

    States are grouped by the number of cards drawn. A normal state (between turns) is
    (set of numbers, duplicates discarded, modifiers, Flip Threes, Second Chances drawn, holding a
    Second Chance). A Flip Three state adds Freezes drawn, flips still forced and whether a
    Freeze waits, and keeps its mass split by the number sum at which the episode began.
    Masses are integers over K(K−1)… for the layer; each layer's contributions to every threshold
    are collected in difference arrays.
    """
    values = list(range(13))
    counts = list(numbers)
    nv = len(counts)
    N = sum(counts) + n_mod + n_freeze + n_flip3 + n_second
    SUM, POP, DUP = [0] * (1 << nv), [0] * (1 << nv), [0] * (1 << nv)
    for s in range(1, 1 << nv):
        low = (s & -s).bit_length() - 1
        SUM[s] = SUM[s & (s - 1)] + values[low]
        POP[s] = POP[s & (s - 1)] + 1
        DUP[s] = DUP[s & (s - 1)] + max(counts[low] - 1, 0)
    M = n_mod

    def score(S, m):      # scaled by M (modifiers lumped: x2 and +k by their expected share)
        return SUM[S] * (M + n_x2 * m) + plus * m if M else SUM[S]

    cap = sum(v for v, c in zip(values, counts) if c) + 1
    size = cap + 2
    layers = []           # per layer L: (dE, dB, dF) difference arrays, masses over N_L
    normal = {(0, 0, 0, 0, 0, 0): 1}
    forced = {}
    L = 0
    while normal or forced:
        dE, dB, dF = [0] * size, [0] * size, [0] * size
        layers.append((dE, dB, dF))
        nn = {}
        nf = {}
        for (S, d, m, t, c, hold), num in normal.items():
            s = SUM[S]
            k = POP[S]
            a = s + 1
            for v in range(nv):
                cv = counts[v]
                if not cv or S >> v & 1:
                    continue
                S2 = S | (1 << v)
                w = num * cv
                if k + 1 >= unique:
                    dE[a] += w * score(S2, m)
                    dF[a] += w
                else:
                    if values[v]:
                        x = w * score(S2, m)
                        dE[a] += x
                        dE[a + values[v]] -= x
                    key = (S2, d, m, t, c, hold)
                    nn[key] = nn.get(key, 0) + w
            dw = DUP[S] - d
            if dw:
                if hold:
                    key = (S, d + 1, m, t, c, 0)
                    nn[key] = nn.get(key, 0) + num * dw
                else:
                    dB[a] += num * dw
            if M - m:
                key = (S, d, m + 1, t, c, hold)
                nn[key] = nn.get(key, 0) + num * (M - m)
            if n_second - c:
                key = (S, d, m, t, c + 1, 1)
                nn[key] = nn.get(key, 0) + num * (n_second - c)
            if n_freeze:
                dE[a] += num * n_freeze * score(S, m)
            if n_flip3 - t:
                key = (S, d, m, t + 1, 0, c, hold, 3, 0)
                split = nf.setdefault(key, {})
                split[s] = split.get(s, 0) + num * (n_flip3 - t)
        for (S, d, m, t, z, c, hold, left, zf), split in forced.items():
            k = POP[S]
            moves = []            # (next state fields, weight) for the non-terminal outcomes
            for v in range(nv):
                cv = counts[v]
                if not cv or S >> v & 1:
                    continue
                S2 = S | (1 << v)
                if k + 1 >= unique:
                    val = score(S2, m)
                    for s0, x in split.items():
                        dE[s0 + 1] += x * cv * val
                        dF[s0 + 1] += x * cv
                else:
                    moves.append(((S2, d, m, t, z, c, hold, left - 1, zf), cv))
            dw = DUP[S] - d
            if dw:
                if hold:
                    moves.append(((S, d + 1, m, t, z, c, 0, left - 1, zf), dw))
                else:
                    for s0, x in split.items():
                        dB[s0 + 1] += x * dw
            if M - m:
                moves.append(((S, d, m + 1, t, z, c, hold, left - 1, zf), M - m))
            if n_second - c:
                moves.append(((S, d, m, t, z, c + 1, 1, left - 1, zf), n_second - c))
            if n_freeze - z:
                moves.append(((S, d, m, t, z + 1, c, hold, left - 1, 1), n_freeze - z))
            if n_flip3 - t:
                moves.append(((S, d, m, t + 1, z, c, hold, left - 1 + (0 if zf else 3), zf), n_flip3 - t))
            for key, kap in moves:
                S2, d2, m2, t2, z2, c2, h2, left2, zf2 = key
                if left2:
                    target = nf.setdefault(key, {})
                    for s0, x in split.items():
                        target[s0] = target.get(s0, 0) + x * kap
                    continue
                val = score(S2, m2)
                if zf2:                   # the waiting Freeze ends the round
                    for s0, x in split.items():
                        dE[s0 + 1] += x * kap * val
                    continue
                s2 = SUM[S2]              # back to a turn: stay if the sum reached T
                total = 0
                for s0, x in split.items():
                    total += x
                    if s2 > s0:
                        y = x * kap * val
                        dE[s0 + 1] += y
                        dE[s2 + 1] -= y
                key2 = (S2, d2, m2, t2, c2, h2)
                nn[key2] = nn.get(key2, 0) + total * kap
        normal, forced = nn, nf
        L += 1
        if progress:
            progress(L, len(normal), len(forced))
    # combine the layers: a contribution made while drawing card L+1 is over N(N-1)…(N-L)
    fall = [1]
    for i in range(len(layers) + 1):
        fall.append(fall[-1] * (N - i))
    D = fall[len(layers)]
    total = [[0] * size for _ in range(3)]
    for L, arrays in enumerate(layers):
        f = D // fall[L + 1]
        for out, arr in zip(total, arrays):
            for i, x in enumerate(arr):
                if x:
                    out[i] += x * f
    table = [None]
    e = b = fl = 0
    Mscale = M if M else 1
    for t in range(1, cap + 1):
        e += total[0][t]
        b += total[1][t]
        fl += total[2][t]
        table.append((Fraction(e, D * Mscale), Fraction(b, D), Fraction(fl, D)))
    return table


def _stored_configs():
    """The option sets whose action-deck tables are stored in _solo_table.py."""
    return [dict(actions=True, modifiers=True, unique=7), dict(actions=True, modifiers=False, unique=7)]


def _write_table(path=None):
    """Recompute the stored tables (slow: about ten minutes) and write _solo_table.py."""
    import pathlib
    import sys
    import time
    lines = ['"""Exact solo threshold tables for the action decks, written by `python -m',
             'cardkit.games.flip7.solo` (see solo.py). Rows: T = 1 … cap, each (E0, bust, flip7)."""',
             "", "TABLES = {"]
    for opts in _stored_configs():
        params = _deck_params(make_deck(opts["actions"], opts["modifiers"]))
        start = time.time()
        table = solve_actions(*params, opts["unique"],
                              progress=lambda L, a, b: print(f"  layer {L}: {a} + {b} states",
                                                             file=sys.stderr, flush=True))
        print(f"{opts}: {time.time() - start:.0f} s", file=sys.stderr)
        lines.append(f"    ({params!r}, {opts['unique']}): [")
        for row in table[1:]:
            lines.append("        (" + ", ".join(f'"{x}"' for x in row) + "),")
        lines.append("    ],")
    lines.append("}")
    path = pathlib.Path(path or pathlib.Path(__file__).with_name("_solo_table.py"))
    path.write_text("\n".join(lines) + "\n")
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    _write_table()
