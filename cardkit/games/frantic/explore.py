"""What the rule explorer varies for Frantic, who plays, and what it measures (read by
widgets.RuleExplorer). Kept apart from ``prob.py``: the bots use ``prob``, the explorer the bots."""
from __future__ import annotations

from cardkit.bots import RandomBot
from cardkit.core import bot_seed
from cardkit.i18n import N_
from cardkit.i18n import gettext as _

from .bots import HeuristicBot


def explorer_bots(players, seed):
    """Seat 0: the heuristic bot; the others play at random (seeded by ``bot_seed(seed, seat)``)."""
    return [HeuristicBot(seed=bot_seed(seed, 0))] + [RandomBot(bot_seed(seed, i)) for i in range(1, players)]


def seat_names(players: int) -> list[str]:
    """Who plays each seat, in the page's language (read when the explorer is drawn)."""
    return [_("Player 0 sheds dear cards and aims at the leader")] + [
        _("Player {n} plays at random").format(n=i) for i in range(1, players)]


EXPLORER = {
    "options": {"limit": [50, 100, 137, 154, 179], "players": [2, 3, 4, 5, 6, 7, 8], "troublemaker": [True, False],
                "supercharge": [True, False], "events": [True, False]},
    "players": [2, 3, 4, 5, 6, 7, 8],
    "bots": explorer_bots,
    "seats": seat_names,
    "metrics": {
        "rounds": N_("Rounds per game"),
        "moves": N_("Decisions per game"),
        "event_end_share": N_("Share of rounds an event ends (Doomsday, Finish Line, Time Bomb)"),
        "fuck_you_points": N_("Points Fuck You cost its holders per game"),
        "events_per_round": N_("Events per round (Plague, Repeat, Last Chance and Troublecharger add to them)"),
        "win_0": N_("Share of games won by Player 0 (the heuristic bot)"),
    },
}
