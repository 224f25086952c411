"""One way to derive seeds: a game's, a bot's, a simulated game's, all from one master seed."""
import hashlib


def derive_seed(seed, *path) -> int:
    """A 63-bit seed from ``seed`` and a path such as (game index, "game") or ("bot", seat);
    stable across runs, machines and Python versions."""
    digest = hashlib.blake2b(repr((seed,) + path).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_seed(game_seed, seat) -> int | None:
    """The seed of the bot in ``seat`` of the game with ``game_seed``: the one formula the app, the
    simulations, the explorers' bots and the lessons use. None (an unseeded bot) for no seed."""
    return None if game_seed is None else derive_seed(game_seed, "bot", seat)
