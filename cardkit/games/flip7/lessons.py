"""Figures for the classroom lesson "When should you stop?": the numbers-only deck, one player,
one round. Counted card by card, so a student can redo each figure by hand."""
from __future__ import annotations

from cardkit.i18n import N_

from collections import Counter

from cardkit.core import bot_seed
from cardkit.core.declaration import ClassBoard

from .bots import ThresholdBot
from .cards import VALUE, make_deck


def number_deck() -> Counter:
    """The numbers-only Flip 7 deck: one 0, one 1, two 2s … twelve 12s (79 cards)."""
    return make_deck(actions=False, modifiers=False)


def cards_left(line, deck: Counter | None = None) -> Counter:
    """The cards still in the deck once the numbers of ``line`` (as str) are out of it."""
    left = Counter(number_deck() if deck is None else deck)
    left.subtract(Counter(line))
    return +left


def count_bust(line, deck: Counter | None = None) -> tuple[int, int]:
    """(k, N): k of the N cards left would bust a player whose line is ``line``."""
    left = cards_left(line, deck)
    return sum(left[c] for c in set(line)), sum(left.values())


def one_more_flip(line, deck: Counter | None = None) -> dict:
    """The expected change of the round score from one more flip, counted card by card.

    One step ahead only: leaves out the Flip 7 bonus and later flips, as the lesson says.
    """
    left = cards_left(line, deck)
    total = sum(left.values())
    score = sum(int(c) for c in line)
    safe = {c: n for c, n in left.items() if c not in line}
    k = total - sum(safe.values())
    gain = sum(int(c) * n for c, n in safe.items()) / total
    loss = k / total * score
    return {"score": score, "k": k, "N": total, "p_bust": k / total, "gain": gain, "loss": loss,
            "change": gain - loss}


def stop_at_round(threshold: int, seed: int) -> tuple[int, bool]:
    """Round 1 of a solo game (numbers only) played by ``ThresholdBot(threshold)`` on the engine:
    (banked score, busted). ``prob.threshold_table`` gives the same figures exactly."""
    import cardkit

    game = cardkit.make("flip7", players=1, seed=seed, actions=False, modifiers=False)
    state = game.new_state()
    cardkit.run(state, [ThresholdBot(threshold, seed=bot_seed(seed, 0))], stop=lambda _events: state.round != 1)
    busted = any(event.kind == "bust" for event in state.events)
    return state.scores[0], busted


def stop_at_exact(thresholds) -> dict:
    """Part 3: N -> (exact average score, exact chance of busting) of "stop at N", as plain floats
    (no pandas, so the page also runs in the browser's Python)."""
    import cardkit
    from .solo import threshold_figures

    options = cardkit.make("flip7", players=1, actions=False, modifiers=False).options
    return {f.threshold: (float(f.expected_score), float(f.bust_probability))
            for f in threshold_figures(options, thresholds)}


__all__ = ["stop_at_exact", "number_deck", "cards_left", "count_bust", "one_more_flip", "stop_at_round"]


# -- the class board: what a class's own games show ------------------------------------------------
#: What the class board pools for Flip 7 (title, what the exact figure is).
CLASS_FIGURE = (N_("Busts on a flip you chose"), N_("the exact chance of busting, counted from the cards you had not seen"))


def class_moment(state, seat, action):
    """Before a person's ``action`` in a real game: for a Hit, (the exact chance that this flip busts
    them, as they could count it, a test of the move's events: did it?); None for any other move."""
    from .prob import bust_probability
    from .actions import Hit

    if not isinstance(action, Hit):
        return None
    return bust_probability(state, seat), lambda events: any(e.kind == "bust" and e.seat == seat for e in events)


#: The stopping points the class board compares, as in the lesson ("stop at N").
CLASS_STOPS = tuple(range(5, 45, 5))


def class_rounds(game, history, seat, deck=None) -> list:
    """A person's rounds in a real game, replayed from ``history``: ``[highest number sum at which
    they chose Hit (-1: none), number sum at which they stayed (None: they busted), round score
    kept]`` for each round their own Stay or a bust ended (a Freeze, a Flip 7 or the game's end
    leaves a round out: no stopping point of theirs ended it). The number sum is what "stop at N"
    looks at (``solo``: the threshold counts number cards)."""
    from .actions import Hit, Stay

    def number_sum(view) -> int:
        return sum(VALUE[c] for c in view.seats[seat]["numbers"])

    state = game.new_state(deck=deck)
    rounds, round_no, hit_below, open_round = [], None, -1, True
    for who, action in history:
        view = state.view(seat)
        if view.facts["round"] != round_no:
            round_no, hit_below, open_round = view.facts["round"], -1, True
        mine = who == seat and open_round
        if mine and isinstance(action, Hit):
            hit_below = max(hit_below, number_sum(view))
        stayed = (number_sum(view), view.facts["round_scores"][seat]) if mine and isinstance(action, Stay) else None
        before = len(state.events)
        state.apply(action, who)
        if not open_round:
            continue
        if stayed is not None:
            rounds.append([hit_below, stayed[0], stayed[1]])
            open_round = False
        elif any(e.kind == "bust" and e.seat == seat for e in state.events[before:]):
            rounds.append([hit_below, None, 0])
            open_round = False
        elif state.is_over or state.view(seat).facts["seat_status"][seat] != "active":
            open_round = False
    return rounds


def class_stops(records) -> list:
    """The class's rounds by stopping point: for each N of ``CLASS_STOPS``, [N, rounds played as "stop
    at N" (every Hit below N, then a Stay at N or more, or a bust), their mean score, the exact expected
    score of one player's round stopping at N]. ``records``: (game options, rounds of ``class_rounds``)."""
    from .solo import threshold_figures

    exact_by_options = {}
    rows = []
    for stop in CLASS_STOPS:
        scores, exact = [], []
        for options, rounds in records:
            key = tuple(sorted(options.items()))
            if key not in exact_by_options:
                exact_by_options[key] = {f.threshold: float(f.expected_score)
                                         for f in threshold_figures(options, CLASS_STOPS)}
            for hit_below, stayed, score in rounds:
                if hit_below < stop and (stayed is None or stayed >= stop):
                    scores.append(score)
                    exact.append(exact_by_options[key][stop])
        rows.append([stop, len(scores), sum(scores) / len(scores) if scores else None,
                     sum(exact) / len(exact) if exact else
                     next(iter(exact_by_options.values()), {}).get(stop)])
    return rows


#: The class board's table for Flip 7 (title, column heads, a note): ``class_table`` fills it.
CLASS_TABLE = (N_("Round scores by stopping point"),
               [N_("Stop at N"), N_("rounds"), N_("the class's mean score"), N_("exact expected score")],
               N_("A round counts for N when every Hit came below N and it ended with a Stay at N or more, or "
                  "a bust. Exact: one player's round stopping at N (the lesson's figure); the other players' "
                  "Freeze and Flip Three move a real game's figure a little."))


def class_details(game, history, seat, deck=None) -> list:
    """What the class board keeps of a finished game besides its figure: ``class_rounds``."""
    return class_rounds(game, history, seat, deck)[-100:]


def class_table(records) -> list:
    """The rows of ``CLASS_TABLE`` from the class's games: ``class_stops``."""
    return class_stops(records)


CLASS_BOARD = ClassBoard(CLASS_FIGURE, class_moment, details=class_details, table=CLASS_TABLE, table_rows=class_table)

__all__ += ["CLASS_BOARD", "CLASS_FIGURE", "class_moment", "CLASS_STOPS", "class_rounds", "class_stops", "CLASS_TABLE", "class_details", "class_table"]
