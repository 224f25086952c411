""""21 with trumps", the rule explorer: which option values to try, the bots that play, what to measure.

``EXPLORER`` is read by the RuleExplorer widget (options -> simulated games -> a plot per metric).
The game's own figures come from ``Trump21State.summary()`` (``Trump21.summary_columns``).
"""
from cardkit.core import bot_seed
from cardkit.i18n import N_, _

from .cards import PRESETS


def explorer_bots(players, seed):
    """Seat 0: CountingBot; the others ThresholdBot at 17, 15, 19, 16, 18 (seeded by ``bot_seed(seed, seat)``)."""
    from .bots import CountingBot, ThresholdBot

    return ([CountingBot(seed=bot_seed(seed, 0))]
            + [ThresholdBot(threshold(i), seed=bot_seed(seed, i)) for i in range(1, players)])


def threshold(seat: int) -> int:
    """The total at which the threshold bot in ``seat`` (1, 2, …) closes: 17, 15, 19, 16, 18, 17, …"""
    return [17, 15, 19, 16, 18][(seat - 1) % 5]


def seat_names(players: int) -> list[str]:
    """Who plays each seat, in the page's language (read when the explorer is drawn)."""
    return ([_("Player 0 counts the cards it cannot see and plays its trumps with sense")]
            + [_("Player {n} takes cards until its total reaches {total}, then closes (no trumps)").format(
                n=i, total=threshold(i)) for i in range(1, players)])


EXPLORER = {
    "options": {"gamble_chance": [0.0, 0.25, 0.5, 0.75, 1.0], "lives": [3, 5, 10, 15, 20],
                "damage": [1, 2, 3, 4], "trumps": PRESETS, "target": [17, 21, 24, 27],
                "players": [2, 3, 4, 5, 6]},
    "players": [2, 3, 4, 5, 6],
    "bots": explorer_bots,
    "seats": seat_names,
    "metrics": {
        "rounds": N_("Rounds per game"),
        "moves": N_("Decisions per game"),
        "first_win_share": N_("Share of rounds won by the player who started them"),
        "perfect_draw_share": N_("Share of rounds won by a player who played Perfect Draw in them"),
        "instant_win_share": N_("Share of rounds won at once, exactly on target"),
        "win_0": N_("Share of games the counting bot (seat 0) wins"),
        "win_1": N_("Share of games the threshold bot (seat 1) wins"),
    },
}

__all__ = ["EXPLORER", "explorer_bots", "seat_names", "threshold", "PRESETS"]
