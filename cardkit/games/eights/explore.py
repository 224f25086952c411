"""What the rule explorer varies for Huit américain, who plays, and what it measures
(read by widgets.RuleExplorer). Kept apart from ``prob.py``: the bots use ``prob``, the explorer the bots.
"""
from __future__ import annotations

from cardkit.bots import RandomBot
from cardkit.core import bot_seed
from cardkit.i18n import N_, _

from .bots import CountingBot, GreedyBot


def explorer_bots(players, seed):
    """Seat 0: CountingBot; seat 1: GreedyBot; the others play at random (seeded by ``bot_seed(seed, seat)``)."""
    return ([CountingBot(seed=bot_seed(seed, 0)), GreedyBot(seed=bot_seed(seed, 1))]
            + [RandomBot(bot_seed(seed, i)) for i in range(2, players)])


def seat_names(players: int) -> list[str]:
    """Who plays each seat, in the page's language (read when the explorer is drawn)."""
    return ([_("Player 0 counts the cards it cannot see"), _("Player 1 sheds its most expensive cards first")]
            + [_("Player {n} plays at random").format(n=i) for i in range(2, players)])


EXPLORER = {
    "options": {"hand_size": [3, 4, 5, 6, 7, 8], "limit": [51, 101, 151, 201], "players": [2, 3, 4, 5, 6]},
    "players": [2, 3, 4, 5, 6],
    "bots": explorer_bots,
    "seats": seat_names,
    "metrics": {
        "rounds": N_("Deals per match"),
        "moves": N_("Decisions per match"),
        "lead_win_share": N_("Share of deals won by the player who led"),
        "win_0": N_("Share of matches won by Player 0 (counts the cards)"),
        "win_1": N_("Share of matches won by Player 1 (sheds expensive cards first)"),
    },
}
