"""Skitgubbe rule explorer: options -> simulated games -> one figure each (read by the app's RuleExplorer)."""
from cardkit.core import bot_seed
from cardkit.i18n import N_, _



def explorer_bots(players, seed):
    """Seat 0: the heuristic bot; the others play at random (seeded by ``bot_seed(seed, seat)``). With
    ``lost_0`` this shows what careful play is worth; ``drawer_lost`` and ``lost_0`` with all
    seats alike would show a seat's advantage."""
    from cardkit.bots import RandomBot

    from .bots import HeuristicBot

    return [HeuristicBot(seed=bot_seed(seed, 0))] + [RandomBot(bot_seed(seed, i)) for i in range(1, players)]


def heuristic_table(players, seed):
    """Every seat the heuristic bot: differences between seats are the seats' own advantage."""
    from .bots import HeuristicBot
    return [HeuristicBot(seed=bot_seed(seed, i)) for i in range(players)]


def seat_names(players: int) -> list[str]:
    """Who plays each seat, in the page's language (read when the explorer is drawn)."""
    return [_("all {n} players play the same careful way (keep high cards, lay long runs, pick up small)").format(
        n=players)]


EXPLORER = {
    # Games per value at first: a game of 12 takes about 0.1 s of one core, so 20 games for each
    # of the 7 table sizes is a Run of a few seconds (the slider asks for more).
    "games": 20,
    "options": {"players": [3, 4, 5, 6, 8, 10, 12], "decks": [1, 2], "stock": [0, 10, 20, 40],
                "trump_climbs": [False, True]},
    "players": [3, 4, 5, 6, 8, 10, 12],
    "bots": heuristic_table,
    "seats": seat_names,
    "metrics": {
        "moves": N_("Decisions per game (game length)"),
        "tricks": N_("Tricks in the first round"),
        "playoffs": N_("Play-offs in the first round"),
        "shared": N_("Share of games with a share-out of 2s–5s"),
        "turnaways": N_("Times the table is turned away"),
        "lost_0": N_("Share of games Player 0 (who leads the first trick) is the skitgubbe"),
        "drawer_lost": N_("Share of games the trump card's drawer (who starts the second round) is the skitgubbe"),
    },
}

__all__ = ["EXPLORER", "explorer_bots", "heuristic_table", "seat_names"]
