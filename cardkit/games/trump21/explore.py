""""21 with trumps", the rule explorer: which option values to try, the bots that play, what to measure.

``EXPLORER`` is read by the RuleExplorer widget (options -> simulated games -> a plot per metric).
The game's own figures come from ``Trump21State.summary()`` (``Trump21.summary_columns``).
"""
from .cards import PRESETS


def explorer_bots(players, seed):
    """Seat 0: CountingBot; seat 1: ThresholdBot(17); the others threshold bots at 15, 19, 16, …"""
    from .bots import CountingBot, ThresholdBot

    def sub(i):
        return None if seed is None else seed * 31 + i
    others = [15, 19, 16, 18]
    return [CountingBot(seed=sub(0)), ThresholdBot(17, seed=sub(1))] + [
        ThresholdBot(others[(i - 2) % len(others)], seed=sub(i)) for i in range(2, players)]


EXPLORER = {
    "options": {"gamble_chance": [0.0, 0.25, 0.5, 0.75, 1.0], "lives": [3, 5, 10, 15, 20],
                "damage": [1, 2, 3, 4], "trumps": PRESETS, "target": [17, 21, 24, 27],
                "players": [2, 3, 4, 5, 6]},
    "players": [2, 3, 4, 5, 6],
    "bots": explorer_bots,
    "metrics": {
        "rounds": "rounds per game",
        "moves": "decisions per game",
        "first_win_share": "share of rounds won by the player who started them",
        "perfect_draw_share": "share of rounds won by a player who played Perfect Draw in them",
        "instant_win_share": "share of rounds won at once, exactly on target",
        "win_0": "share of games the counting bot (seat 0) wins",
        "win_1": "share of games the threshold bot (seat 1) wins",
    },
}

__all__ = ["EXPLORER", "explorer_bots", "PRESETS"]
