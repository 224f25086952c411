"""Seat order: seats are numbered 0..n-1 in playing order."""
from .. import i18n


def next_seat(seat: int, players: int, step: int = 1) -> int:
    return (seat + step) % players


def seats_from(start: int, players: int, step: int = 1) -> list[int]:
    """Every seat once, starting at ``start`` and going in ``step`` direction."""
    return [(start + i * step) % players for i in range(players)]


def player_name(seat: int) -> str:
    return f"Player {seat}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 card', '5 cards', '11 more 12s': a count with its noun in the right number (``words`` when
    the plural is not ``word`` + s)."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {words or word + 's'}"


def cards_count(k: int) -> i18n.Count:
    """ "1 card", "5 cards": counts read right in narration and seat notes, and in the reader's
    language where a person reads them (a ``Count``)."""
    return i18n.count(k, "{n} card", "{n} cards")
