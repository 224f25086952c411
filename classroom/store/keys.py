"""What both halves of the store use (the classes in ``store.py``, the shared tables in ``tables.py``):
secrets kept as hashes, class codes, names' keys (case and look-alike letters folded), text checks,
the limits, and a class found by its code."""
import hashlib
import os
import unicodedata
from dataclasses import dataclass, field

import disarm
import sqlalchemy as sa

from .schema import classes

# Class codes: easy to read off a board and type; no 0/O, 1/I/L look-alikes.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 4
NICKNAME_MAX = 24
NAME_KEY_MAX = 96
DEFAULT_CLASS_DAYS = 30.0


class LimitReached(ValueError):
    """A limit that keeps a looping page from filling the disk (results per second, rows per class)."""


@dataclass(frozen=True)
class Limits:
    """What one student, one class and the whole store may write. Each rate is counted over the last
    ``window`` seconds: a student posts at most ``student_per_second * window`` results in any window."""
    student_per_second: float = 2.0
    class_per_second: float = 40.0
    window: float = 10.0
    results_per_class: int = 20_000
    students_per_class: int = 200
    open_classes: int = 2_000
    record_bytes: int = 4_096
    class_days: float = field(default_factory=lambda: class_days_from_env())
    # Wrong class codes, counted per page and per address over ``code_window`` seconds: past a third
    # of the most, each further try waits twice as long (1, 2, 4 ... s after the last wrong one); at
    # the most, the page or address pauses until the window has passed. An address is a whole school
    # behind one router, hence its larger numbers.
    wrong_codes_per_page: int = 10
    wrong_codes_per_address: int = 60
    code_window: float = 900.0
    # Classes made from one address in ``create_window`` seconds (the host's key is asked besides).
    classes_per_address: int = 10
    create_window: float = 86_400.0
    # Shared tables: open ones per class; made from one address in an hour (a school is one address);
    # a table nobody played at for ``table_idle`` seconds has ended.
    tables_per_class: int = 60
    tables_per_address: int = 200
    table_idle: float = 3600.0


def class_days_from_env() -> float:
    raw = os.environ.get("CARDKIT_CLASS_DAYS", "").strip()
    if not raw:
        return DEFAULT_CLASS_DAYS
    try:
        days = float(raw)
    except ValueError:
        days = -1.0
    if not 0 < days <= 3650:
        raise ValueError(f"CARDKIT_CLASS_DAYS must be a number of days between 0 and 3650, not {raw!r}")
    return days


def hash_secret(secret: str) -> str:
    """A key or token as the database keeps it: its sha256, hex."""
    return hashlib.sha256(secret.encode()).hexdigest()


SEAT_CODE_LENGTH = 8


def seat_code_of(token_hash: str) -> str:
    """The short code a seated page shows, to sit in that seat again from another device. Made from
    the seat's stored token hash, so the store checks it without keeping another secret, and a seat
    taken again (a new token) gets a new code. 8 of 31 characters: about 8.5e11 codes."""
    digest = hashlib.sha256(("seat-code:" + token_hash).encode()).digest()
    return "".join(CODE_ALPHABET[byte % len(CODE_ALPHABET)] for byte in digest[:SEAT_CODE_LENGTH])


def checked_seat_code(text) -> str:
    """A seat code as typed ("k7qf-2m9p") made one ("K7QF2M9P"); ValueError when it is none."""
    return typed_code(text, SEAT_CODE_LENGTH, "seat code", "K7QF2M9P", ", as your other page shows it")


def checked_code(code) -> str:
    """``code`` as typed ("k7-qf") made a class code ("K7QF"); ValueError when it is none."""
    return typed_code(code, CODE_LENGTH, "class code", "K7QF", " as on the board")


def typed_code(text, length: int, what: str, example: str, where: str = "") -> str:
    """A code as a person types it ("k7-qf", spaces, small letters) in the form the store keeps
    ("K7QF"); a ValueError naming ``what`` and its form when it is none."""
    if not isinstance(text, str):
        raise ValueError(f"a {what} is text such as {example!r}")
    cleaned = text.strip().upper().replace(" ", "").replace("-", "")
    if len(cleaned) != length or any(ch not in CODE_ALPHABET for ch in cleaned):
        raise ValueError(f"{text[:20]!r} is not a {what}: {length} letters and digits{where}")
    return cleaned


def checked_text(value, what, longest) -> str:
    """``value`` stripped and NFC-normalised: 1 to ``longest`` printable characters, else ValueError naming ``what``."""
    if not isinstance(value, str):
        raise ValueError(f"the {what} must be text")
    value = unicodedata.normalize("NFC", value.strip())
    if not 1 <= len(value) <= longest:
        raise ValueError(f"the {what} must be 1 to {longest} characters long")
    if not value.isprintable():
        raise ValueError(f"the {what} may hold only printable characters (no tabs, line breaks or controls)")
    return value


def name_key(name: str) -> str:
    """What makes two names one: case ignored, then look-alike letters folded to one (the Unicode
    TR39 skeleton, by ``disarm``): "Ada", "ada", "Аda" (Cyrillic А), "Αda" (Greek Α) are one."""
    key = disarm.skeleton_key(unicodedata.normalize("NFKC", name).casefold())
    if len(key) > NAME_KEY_MAX:         # a long expansion (NFKC of a ligature): its digest
        key = "#" + hashlib.sha256(key.encode()).hexdigest()
    return key


def new_name_key(name: str) -> str:
    """``name_key`` of a new student's or player's name; a name that mixes scripts ("Аda", Cyrillic
    and Latin letters) is refused: written in one script, it reads as it is."""
    if disarm.is_mixed_script(name):
        scripts = " and ".join(sorted(s.name.title() for s in disarm.detect_scripts(name)))
        raise ValueError(f"the name {name!r} mixes alphabets ({scripts}): write it in one")
    return name_key(name)


def check_open(row, now) -> None:
    """ValueError when the class of ``row`` (its code, closed, expires_at) takes nothing more."""
    if row.closed:
        raise ValueError(f"class {row.code} is closed")
    if row.expires_at <= now:
        raise ValueError(f"class {row.code} has expired")


def open_class(conn, code, now):
    """Class ``code``'s row (id, code, closed, expires_at) when it is open at ``now``, else ValueError."""
    row = conn.execute(sa.select(classes.c.id, classes.c.code, classes.c.closed, classes.c.expires_at)
                       .where(classes.c.code == code)).first()
    if row is None:
        raise ValueError(f"no class with code {code}: check the code on the board")
    check_open(row, now)
    return row


def class_id_of(conn, code) -> int:
    """Class ``code``'s id, else ValueError."""
    found = conn.scalar(sa.select(classes.c.id).where(classes.c.code == code))
    if found is None:
        raise ValueError(f"no class with code {code}: check the code on the board")
    return found
