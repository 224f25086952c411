"""Figures for the classroom lesson "When should you stop?": the numbers-only deck, one player,
one round. Counted card by card, so a student can redo each figure by hand."""
from __future__ import annotations

from collections import Counter

from cardkit.core import bot_seed

from .bots import ThresholdBot
from .cards import make_deck


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


__all__ = ["number_deck", "cards_left", "count_bust", "one_more_flip", "stop_at_round"]


# -- the class board: what a class's own games show ------------------------------------------------
#: What the class board pools for Flip 7 (title, what the exact figure is).
CLASS_FIGURE = ("Busts on a flip you chose", "the exact chance of busting, counted from the cards you had not seen")


def class_moment(state, seat, action):
    """Before a person's ``action`` in a real game: for a Hit, (the exact chance that this flip busts
    them, as they could count it, a test of the move's events: did it?); None for any other move."""
    from .prob import bust_probability
    from .state import Hit

    if not isinstance(action, Hit):
        return None
    return bust_probability(state, seat), lambda events: any(e.kind == "bust" and e.seat == seat for e in events)
