"""What the rule explorer varies for Flip 7, who plays, and what it measures (read by widgets.RuleExplorer).

Kept apart from ``prob.py``: the bots use ``prob``, and the explorer uses the bots.
"""
from __future__ import annotations

from cardkit.core import bot_seed
from cardkit.i18n import N_, _

from .bots import ExpectationBot, ThresholdBot


def threshold(seat: int) -> int:
    """The stopping score of the threshold bot in ``seat`` (1, 2, …): 15, 20, 25, 30, 15, …"""
    return 15 + 5 * ((seat - 1) % 4)


def explorer_bots(players, seed):
    """Seat 0: ExpectationBot; the others: ThresholdBot at 15, 20, 25, … (seeded by ``bot_seed(seed, seat)``)."""
    return ([ExpectationBot(seed=bot_seed(seed, 0))]
            + [ThresholdBot(threshold(i), seed=bot_seed(seed, i)) for i in range(1, players)])


def seat_names(players: int) -> list[str]:
    """Who plays each seat, in the page's language (read when the explorer is drawn)."""
    return ([_("Player 0 flips while one more card raises the score on average")]
            + [_("Player {n} stops at {points} points").format(n=i, points=threshold(i)) for i in range(1, players)])


EXPLORER = {
    "options": {"target": [100, 150, 200, 250, 300], "bonus": [0, 15, 30],
                "actions": [True, False], "modifiers": [True, False]},
    "players": [2, 3, 4],
    "bots": explorer_bots,
    "seats": seat_names,
    "metrics": {
        "rounds": N_("Rounds per game"),
        "moves": N_("Decisions per game"),
        "win_0": N_("Share of games won by Player 0 (flips while it pays on average)"),
        "win_1": N_("Share of games won by Player 1 (stops at 15 points)"),
        "score_0": N_("Final score of Player 0 (flips while it pays on average)"),
    },
}
