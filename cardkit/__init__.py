"""cardkit: small rules engines for learning card games, with bots, simulation and exact probability.

    game = cardkit.make("flip7", players=3, seed=7)
    state = game.new_state()
    state.apply(state.legal_actions()[0])
"""
from .bots import run
from .core import Event, IllegalAction, Move, ReplayError, Rule, View, derive_seed
from .core import replay as _replay
from .games import AVAILABLE, declaration, game_class


def list_games() -> list[str]:
    """Ids of the games this version plays, in the registry's order (``cardkit.games``; each game's
    declaration: ``cardkit.games.declaration(id)``)."""
    return list(AVAILABLE)


def make(game_id: str, players: int | None = None, seed: int | None = None, **options):
    """A game with validated options; bad values raise ValueError saying what is allowed."""
    return game_class(game_id)(players=players, seed=seed, **options)


def env(game_id: str, players: int | None = None, **options):
    """A PettingZoo AEC environment playing ``game_id`` (agents ``player_0``...; observations and
    move ids as in docs/learners.md). Needs pettingzoo (the ``test`` extra), imported only here."""
    from .pettingzoo_env import CardkitEnv
    return CardkitEnv(game_id, players=players, **options)


def replay(game, history, deck=None, **piles):
    """Rebuild a state from its seed (and stacked piles) and the moves made (``state.history``)."""
    return _replay.replay(game, history, deck, **piles)


def save(state, path) -> None:
    """Write a JSON replay file: game id, options, seed, stacked piles, moves with their seats."""
    _replay.save(state, path)


def load(path):
    """Read a replay file; a broken one raises ReplayError (a ValueError) saying what is wrong."""
    return _replay.load(path, make, _former_defaults)


def from_json(data, where: str = "replay"):
    """A state from a replay file's data already read (an upload); ReplayError says what is wrong, and ``where``."""
    return _replay.from_json(data, make, where, _former_defaults)


def _former_defaults(game_id: str, version: int) -> dict:
    """The options a replay file of an older ``version`` meant when it left them out."""
    return dict(declaration(game_id).replay_defaults.get(version, {}))


__all__ = ["list_games", "make", "env", "run", "replay", "save", "load", "from_json", "derive_seed", "IllegalAction", "ReplayError",
           "Event", "Move", "Rule", "View"]
