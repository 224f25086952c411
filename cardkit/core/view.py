"""What one seat may see: the only thing bots and the table renderer read."""
from __future__ import annotations

import dataclasses
from collections import Counter


@dataclasses.dataclass(eq=True)
class View:
    seat: int | None            # None: the teacher's view, everything open
    seats: list[dict]           # per seat: zone name -> list of cards (None = hidden card)
    table: dict                 # zone name -> list of cards (None = hidden card)
    scores: list                # game-level scores per seat
    status: str                 # one line: whose turn, what is asked
    facts: dict                 # small public facts: target, dealer, round, ...
    unseen: Counter             # cards this seat cannot see
    current_player: int | None = None
    seat_notes: list = dataclasses.field(default_factory=list)  # one short line per seat
    zone_order: list = dataclasses.field(default_factory=list)  # renderer hint: seat zones in order
