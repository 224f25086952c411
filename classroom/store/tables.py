"""Shared tables: classmates at one game, each from their own page, on the class rooms' database.

    table = store.create_table("frantic", players=4, options={}, class_code=None)   # table.code, table.host_key
    ada = store.sit(table.code, "Ada")          # a Seat: ada.index, ada.token; a full table -> ValueError
    ada = store.sit(table.code, "Ada", token=ada.token)   # a reload: the same seat again
    store.seat_code(ada.token)                  # what Ada's page shows her: "K7QF2M9P"
    ada = store.reclaim(table.code, "Ada", "K7QF2M9P")    # her seat from another device (a new token)
    store.start_table(table.code, table.host_key)         # the creator starts: empty seats are bots from now
    state = store.table_state(table.code)       # a State rebuilt from the stored moves (server side only)
    store.play(ada.token, action, seen=len(state.history))   # IllegalAction, or TooLate (a subclass)
    store.heartbeat(ada.token)                  # the page is here (a seat away longer than away_seconds: a bot)
    store.table_info(table.code)                # what every page may read: seats, names, away notes, log notes
    store.table_view(ada.token)                 # what Ada's page shows: her View and her choices
    store.table_replay(table.code)              # the finished game as a replay file's JSON
    store.table_record(ada.token)               # Ada's finished game as her class's result record
    store.tables.in_class(class_code)           # a class's tables, for its board

``store.tables`` holds this API; the store answers its calls too (``store.sit`` is ``store.tables.sit``).

How it works. Moves are rows (table, number, seat, action as the replay file's JSON), the primary key
(table, number) settles races: a writer takes the number after the last it has seen, so of two
answers to one reaction window the first committed wins and the other gets ``TooLate`` carrying the
new state. Every reader rebuilds the state by replaying the rows from the seed (kept per table in
the process, applying only the rows it has not seen). The engine checks a move before it is written.

Decisions where the issue left a choice (what players expect):

- A row that does not replay (written by something else than this store: malformed, a seat that is
  not asked, an illegal move) is refused by every reader the same way: it is skipped, its number is
  used up, a warning is logged and ``table_info(code).notes`` tells the players "move 12 was refused
  (...)". The game goes on from the state before it: a forged row never breaks a table. Rows are read
  in number order and only while the numbers follow on (a row written past a gap waits for it).
- A table plays only once it has started (its last seat taken, or the creator's Start): before, ``play``
  refuses every move (``NotStarted``, rule ``table.not_started``) and no bot moves. Empty seats are bots
  from the start, to the end: a newcomer takes no seat once the table has started (a bot's hand is not
  theirs to take over; a player who sat comes back with their page's token). A seated page's reads
  advance the bots (``table_view``, ``play``; the board's ``tables`` does not): while the seat asked
  first is a bot's, the reader writes the game's default bot's move, the bot seeded from the table's
  seed and the move's number (every reader computes the same move; the primary key keeps one). A seated
  player whose last heartbeat is older than the table's ``away_seconds`` (default 60) is played the same
  way until they come back, and every page reads "Ada is away: a bot plays for them".
- A table nobody played at (no move, no seat taken) for ``Limits.table_idle`` seconds (an hour) has
  ended: no move, no seat, no bot, off the class's list, not counted in the limits. One without a move
  is deleted when the next table is made; the others' rows stay until the table expires.
  ``tables(class_code)`` (the board) reads rows only: it replays nothing and moves no bot. New tables
  are limited per class (open ones), per address (made in the last hour).
- A move exists only once the store has it: a move whose write fails (``StoreUnavailable``) leaves this
  process's state as the store's, not holding the move.
- No Undo at a shared table: a move made is made (the others have seen it; taking it back needs
  everyone's agreement, which a class cannot give in the middle of a hand). The table's log shows who
  played what.
- The seed never leaves the server: no value a page reads (Table, Seat, table_info, table_view)
  holds it; ``table_state`` is for the server's own code, and ``table_replay`` gives the replay file
  (seed included) only once the game is over.
"""
from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy import exc

from cardkit.core import IllegalAction, derive_seed
from cardkit.core import replay as _replay
from cardkit.core.events import Phrase
from cardkit.i18n import N_, Verbatim, count

from .keys import CODE_ALPHABET, NICKNAME_MAX, LimitReached, checked_code, checked_seat_code, checked_text, \
    class_id_of, hash_secret, new_name_key, open_class, seat_code_of, typed_code
from .schema import classes, game_tables, table_moves, table_seats

log = logging.getLogger("cardkit.classroom.tables")

TABLE_CODE_LENGTH = 5          # one longer than a class code: the two never look alike
DEFAULT_AWAY_SECONDS = 60.0
TABLE_DAYS = 2.0               # a table (outside a class) is deleted two days after it was made
OPEN_TABLES_MAX = 5_000
MOVES_MAX = 50_000             # a game longer than this is not a game any more
SEED_BITS = 53
HEARTBEAT_EVERY = 5.0          # a polling page writes "here" at most this often
SEATS_FRESH = 0.5              # seconds a process trusts the seats it read (who sits, who is away)


class TooLate(IllegalAction):
    """The table moved on before this move was written (another seat answered first). ``state`` is
    the new state: look again and choose."""

    def __init__(self, message: str, rule: str, state=None):
        super().__init__(message, rule)
        self.state = state


class NotStarted(IllegalAction):
    """A move at a table that has not started (seats still free, no Start) or has ended for want of play."""


@dataclass(frozen=True)
class Table:
    """A new table: ``code`` for classmates to type, ``host_key`` the creator's secret (Start)."""
    code: str
    game: str
    players: int
    options: dict
    class_code: str | None
    host_key: str = field(repr=False)


@dataclass(frozen=True)
class Seat:
    """A seat taken at a table: ``index`` (0-based), ``token`` the page's secret to play it."""
    code: str
    index: int
    name: str
    token: str = field(repr=False)


@dataclass(frozen=True)
class TableInfo:
    """What every page at a table may read: nothing hidden, no seed."""
    code: str
    game: str
    players: int
    options: dict
    class_code: str | None
    started: bool
    over: bool
    moves: int                 # moves in the game so far (refused rows not counted)
    seats: list                # per seat: {"index", "name" (None: a bot), "away", "bot"}
    notes: list                # "Ada is away: a bot plays for them", "move 12 was refused (...)": each a
                               # phrase or a message, read in the page's language
    away_seconds: float
    ended: bool = False        # nobody played for Limits.table_idle seconds: no more moves


@dataclass
class _Cached:
    """One table as this process last rebuilt it: its fixed facts, the state after row ``last``."""
    id: int
    code: str
    game_id: str
    seed: int
    class_code: str | None
    away_seconds: float
    state: object
    last: int = 0
    refused: list = field(default_factory=list)
    seats: tuple = None                     # (table row, seat rows) as last read, and when (monotonic)
    seats_read: float = float("-inf")
    over_marked: bool = False               # the table's row says the game is over
    lock: threading.RLock = field(default_factory=threading.RLock)


class Tables:
    """The shared tables, on the store's database (``store.tables``; see the module's docstring).
    ``read(work)`` and ``write(work)`` run ``work(connection)`` in one transaction of the store,
    retried while the database is away; ``clock`` and ``limits`` are the store's."""

    def __init__(self, read, write, clock, limits):
        self._read, self._write = read, write
        self.clock, self.limits = clock, limits
        self._cache: dict = {}              # table code -> _Cached
        self._beats: dict = {}              # token hash -> when this process last wrote its heartbeat
        self._tokens: dict = {}             # token hash -> (seat, table code)

    # -- a table ---------------------------------------------------------------------------------

    def create_table(self, game: str, players: int | None = None, options: dict | None = None,
                     class_code: str | None = None, away_seconds: float = DEFAULT_AWAY_SECONDS,
                     seed: int | None = None, address: str | None = None) -> Table:
        """A new table of ``game`` with ``players`` seats and ``options`` (checked by the game: bad
        values are a ValueError saying what is allowed); inside class ``class_code`` when given.
        ``seed``: the deal (a class's "everybody play seed 42"); default a secret random one.
        ``address``: the visitor's, for the limit of tables made from one address (LimitReached)."""
        import cardkit
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError("options must be a dict of option name -> value")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise ValueError("players must be a whole number")
        if isinstance(away_seconds, bool) or not isinstance(away_seconds, (int, float)) \
                or not 5 <= away_seconds <= 3600:
            raise ValueError("away_seconds must be a number of seconds from 5 to 3600")
        if seed is None:
            seed = secrets.randbelow(2**SEED_BITS)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
            raise ValueError(f"seed must be a whole number from 0 to {2**SEED_BITS - 1}, or None")
        made = cardkit.make(game, players=players, seed=seed, **options)   # ValueError names what is allowed
        chosen = dict(made.options)
        options_json = json.dumps(chosen, sort_keys=True)
        class_code = None if class_code is None else checked_code(class_code)
        if address is not None and (not isinstance(address, str) or len(address) > 200):
            raise ValueError("address must be the visitor's address as text")
        made_by = hash_secret(address) if address else None
        key = secrets.token_urlsafe(24)
        now = self.clock()
        limits = self.limits
        open_ = sa.and_(game_tables.c.over.is_(False), game_tables.c.played_at > now - limits.table_idle)

        def insert(conn, code):
            def count(*where):
                return conn.scalar(sa.select(sa.func.count()).select_from(game_tables).where(*where))
            class_id = None
            expires = now + TABLE_DAYS * 86400
            if class_code is not None:
                room = open_class(conn, class_code, now)
                class_id = room.id
                expires = room.expires_at
            conn.execute(game_tables.delete().where(game_tables.c.expires_at <= now, game_tables.c.class_id.is_(None)))
            never_played = ~sa.exists().where(table_moves.c.table_id == game_tables.c.id)   # nothing to keep
            conn.execute(game_tables.delete().where(game_tables.c.played_at <= now - limits.table_idle, never_played))
            open_now = count(open_)
            if open_now >= OPEN_TABLES_MAX:
                raise LimitReached(f"this server holds {open_now} open tables already (the most it keeps)")
            if class_id is not None and count(open_, game_tables.c.class_id == class_id) >= limits.tables_per_class:
                raise LimitReached(
                    f"class {class_code} has {limits.tables_per_class} open tables, the most it keeps: join one of "
                    "them (a table nobody plays for an hour ends)")
            if made_by and count(game_tables.c.made_by == made_by,
                                 game_tables.c.created_at > now - 3600) >= limits.tables_per_address:
                raise LimitReached(f"{limits.tables_per_address} tables were made from this address in the "
                                          "last hour, the most it may make: join one of them")
            conn.execute(game_tables.insert().values(
                code=code, game=made.id, players=made.players, options=options_json, seed=seed,
                class_id=class_id, host_key_hash=hash_secret(key), away_seconds=float(away_seconds),
                started=False, created_at=now, expires_at=expires, played_at=now, over=False, made_by=made_by))

        for _ in range(50):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))
            try:
                self._write(lambda conn: insert(conn, code))
            except exc.IntegrityError:      # the code is taken: draw another
                continue
            return Table(code=code, game=made.id, players=made.players, options=chosen, class_code=class_code,
                         host_key=key)
        raise LimitReached("no free table code found")

    def sit(self, code: str, name: str, token: str | None = None) -> Seat:
        """Take the first free seat at table ``code`` as ``name`` (1–24 printable characters, unique at
        the table, case ignored). With the ``token`` of a seat at this table (a reload, a restarted
        page) it is that seat again. A full table is a ValueError; so are a game that is over, one that
        has ended for want of play, and one that has started: its free seats are bots to the end."""
        code = _table_code(code)
        name = checked_text(name, "name", NICKNAME_MAX)
        name_key = new_name_key(name)
        if token is not None:
            mine = self.seat(token)
            if mine is not None and mine.code == code:
                self.heartbeat(token)
                return mine
        fresh = secrets.token_urlsafe(24)
        cached = self._sync(code)
        if cached.state.is_over:
            raise ValueError(f"the game at table {code} is over: download its replay, or start a new table")
        players = cached.state.players

        def sit(conn):
            row = conn.execute(sa.select(game_tables.c.id, game_tables.c.started, game_tables.c.played_at)
                               .where(game_tables.c.code == code)).first()
            if self._idle(row):
                raise ValueError(f"table {code} has ended: nobody played at it for an hour. Start a new table")
            taken = conn.execute(sa.select(table_seats.c.seat, table_seats.c.name_key, table_seats.c.token_hash)
                                 .where(table_seats.c.table_id == row.id)).all()
            for seat in taken:              # a retried transaction finds its own row
                if seat.token_hash == hash_secret(fresh):
                    return seat.seat
            if any(seat.name_key == name_key for seat in taken):
                raise ValueError(f"the name {name!r} is taken at table {code}: choose another")
            free = sorted(set(range(players)) - {seat.seat for seat in taken})
            if not free:
                raise ValueError(f"table {code} is full ({players} seats)")
            if row.started:
                raise ValueError(f"the game at table {code} has started: its free seats are bots to the end, and "
                                 "only a player who sat there comes back (from their own page). Start a new table")
            now = self.clock()
            conn.execute(table_seats.insert().values(table_id=row.id, seat=free[0], name=name, name_key=name_key,
                                                     token_hash=hash_secret(fresh), joined_at=now, seen_at=now))
            conn.execute(game_tables.update().where(game_tables.c.id == row.id)      # the last seat: it starts
                         .values(played_at=now, started=len(free) == 1))
            return free[0]

        for _ in range(5):
            try:
                index = self._write(sit)
            except exc.IntegrityError:      # a classmate took the seat or the name in the same instant
                continue
            self._seats_changed()
            return Seat(code=code, index=index, name=name, token=fresh)
        raise ValueError(f"could not take a seat at table {code}: try again")

    def seat_code(self, token: str) -> str:
        """The seat code the page holding ``token`` shows its player (and nobody else): with it, the
        table's code and the seat's name, ``reclaim`` gives the seat to another device."""
        if self.seat(token) is None:
            raise ValueError("this page has no seat at a table")
        return seat_code_of(hash_secret(token))

    def reclaim(self, code: str, name: str, seat_code: str) -> Seat:
        """Sit again in one's own seat from another device (a new laptop, a phone): the table's code,
        the seat's name and its seat code. The seat gets a new token, so the old page's seat is gone:
        one seat, one page. A wrong name or code is a ValueError that says which table, not which part."""
        code = _table_code(code)
        name_key = new_name_key(checked_text(name, "name", NICKNAME_MAX))
        given = checked_seat_code(seat_code)
        fresh = secrets.token_urlsafe(24)

        def take(conn):
            row = conn.execute(sa.select(table_seats.c.id, table_seats.c.seat, table_seats.c.name,
                                         table_seats.c.token_hash)
                               .join(game_tables, game_tables.c.id == table_seats.c.table_id)
                               .where(game_tables.c.code == code, table_seats.c.name_key == name_key)).first()
            if row is not None and row.token_hash == hash_secret(fresh):     # a retried transaction: done
                return row
            if row is None or not secrets.compare_digest(seat_code_of(row.token_hash), given):
                raise ValueError(f"no seat at table {code} has that name and seat code: check both on your other page")
            conn.execute(table_seats.update().where(table_seats.c.id == row.id)
                         .values(token_hash=hash_secret(fresh), seen_at=self.clock()))
            return row

        row = self._write(take)
        self._seats_changed()
        log.info("shared tables: seat %d at table %s taken again with its seat code", row.seat, code)
        return Seat(code=code, index=row.seat, name=row.name, token=fresh)

    def seat(self, token: str) -> Seat | None:
        """The seat whose page holds ``token`` (None: unknown, or the table was deleted)."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        row = self._read(lambda conn: conn.execute(
            sa.select(table_seats.c.seat, table_seats.c.name, game_tables.c.code)
            .join(game_tables, game_tables.c.id == table_seats.c.table_id)
            .where(table_seats.c.token_hash == hash_secret(token))).first())
        return None if row is None else Seat(code=row.code, index=row.seat, name=row.name, token=token)

    def start_table(self, code: str, host_key: str) -> None:
        """The creator starts the game: empty seats are bots from now on."""
        code = _table_code(code)
        if not isinstance(host_key, str) or len(host_key) > 200:
            raise ValueError("host_key must be the key create_table gave")

        def start(conn):
            done = conn.execute(game_tables.update().where(game_tables.c.code == code,
                                                           game_tables.c.host_key_hash == hash_secret(host_key))
                                .values(started=True, played_at=self.clock()))
            if done.rowcount != 1:
                raise ValueError(f"only the table's creator starts table {code} (wrong key, or no such table)")
        self._write(start)
        self._seats_changed()
        self._advance(code)

    def heartbeat(self, token: str, unless_within: float = 0.0) -> None:
        """The page holding ``token`` is here: its seat is not away. ``unless_within``: skip the write
        when this process wrote one for the token less than that many seconds ago (a polling page)."""
        token_hash = self._token_hash(token)
        beats = self._beats
        now = time.monotonic()
        if unless_within and now - beats.get(token_hash, float("-inf")) < unless_within:
            return
        beats[token_hash] = now
        self._write(lambda conn: conn.execute(table_seats.update().where(table_seats.c.token_hash == token_hash)
                                              .values(seen_at=self.clock())))
        self._seats_changed()

    # -- the game --------------------------------------------------------------------------------

    def table_state(self, code: str):
        """The table's State rebuilt from its moves, bots' and away seats' moves made first (a copy:
        changing it changes nothing stored). Server side only: it holds the seed and every hand."""
        cached = self._advance(_table_code(code))
        with cached.lock:
            return cached.state.clone()

    def play(self, token: str, action, seen: int | None = None) -> list:
        """Play ``action`` (an Action of the game, or its replay dict) for the seat holding ``token``;
        the events it caused. The engine checks it first (IllegalAction naming the rule). ``seen``: the
        number of moves in the state the player chose from; if the table has moved on since, or
        another seat's move is written first, ``TooLate`` (with ``.state``, the new one)."""
        token_hash = self._token_hash(token)
        known = self._tokens
        me = known.get(token_hash)
        if me is None:
            me = self._read(lambda conn: conn.execute(
                sa.select(table_seats.c.seat, game_tables.c.code)
                .join(game_tables, game_tables.c.id == table_seats.c.table_id)
                .where(table_seats.c.token_hash == token_hash)).first())
            if me is not None:
                known[token_hash] = me
        if me is None:
            raise ValueError("this page has no seat at a table any more: the seat was taken again on another "
                             "device with its seat code, or the table was deleted")
        if seen is not None and (isinstance(seen, bool) or not isinstance(seen, int) or seen < 0):
            raise ValueError("seen must be the number of moves of the state the move was chosen from")
        cached = self._advance(me.code, here=token_hash)
        row, _ = self._seats(cached)
        if not row.started:                 # the start may be newer than what this process read
            row, _ = self._seats(cached, fresh=True)
        if not row.started:
            raise NotStarted(N_("the game has not started: it starts when every seat is taken, or when the "
                                "table's creator presses Start"), "table.not_started")
        if self._idle(row) and not cached.state.is_over:
            raise NotStarted(N_("this table has ended: nobody played at it for an hour"), "table.ended")
        with cached.lock:
            state = cached.state
            game = state.game
            if state.is_over:               # a classmate's move ended the game first
                raise TooLate(N_("too late: the game is over"), game.turn_rule, state.clone())
            if isinstance(action, dict):
                try:
                    action = game.action_from_dict(action)
                except (ValueError, TypeError, KeyError) as error:
                    raise IllegalAction(Phrase("not a {game} move: {why}", (game.title, Verbatim(str(error)))),
                                        game.turn_rule) from None
            if seen is not None and seen != len(state.history):
                raise TooLate(Phrase("too late: the table moved on ({k} since)",
                                     (count(len(state.history) - seen, "{n} move", "{n} moves"),)),
                              game.turn_rule, state.clone())
            events = state.apply(action, me.seat)          # IllegalAction: nothing changed, nothing written
            number = cached.last + 1
            try:
                wrote = self._write_move(cached, number, me.seat, state.history[-1][1], "player", token_hash,
                                         ends=state.is_over)
            except BaseException:           # not written (the database away): the move does not exist
                self._forget(cached)
                raise
            if wrote:
                cached.last = number
                cached.over_marked = state.is_over
            else:                           # the state holds a move that lost the race: rebuild it
                self._forget(cached)
        if not wrote:
            cached = self._sync(me.code)
            raise TooLate(N_("too late: another move was made first"), game.turn_rule, cached.state.clone())
        self._advance(me.code, here=token_hash, cached=cached)     # our row is the newest: no read needed
        return events

    def table_info(self, code: str) -> TableInfo:
        """What every page at the table reads: seats (names, bots, away), notes, moves so far."""
        code = _table_code(code)
        cached = self._advance(code)
        row, seats = self._seats(cached, fresh=True)
        now = self.clock()
        by_index = {s.seat: s for s in seats}
        shown, notes = [], []
        ended = self._idle(row) and not cached.state.is_over
        for index in range(cached.state.players):
            s = by_index.get(index)
            away = bool(row.started) and s is not None and now - s.seen_at > row.away_seconds
            shown.append({"index": index, "name": None if s is None else s.name, "away": away,
                          "bot": bool(row.started) and (s is None or away)})
            if away and not cached.state.is_over and not ended:
                notes.append(Phrase("{name} is away: a bot plays for them", (Verbatim(s.name),)))
        if ended:
            notes.append(N_("This table has ended: nobody played at it for an hour."))
        notes += [Phrase("move {number} was refused ({why})", (number, Verbatim(why))) for number, why in cached.refused]
        state = cached.state
        return TableInfo(code=code, game=cached.game_id, players=state.players, options=dict(state.game.options),
                         class_code=cached.class_code, started=bool(row.started), over=state.is_over,
                         moves=len(state.history), seats=shown, notes=notes, away_seconds=row.away_seconds,
                         ended=ended)

    def table_view(self, token: str) -> dict:
        """What the page holding ``token`` shows: its seat, its View, its choices now, the table's info.
        Reading it is the page's heartbeat."""
        mine = self.seat(token)
        if mine is None:
            raise ValueError("this page has no seat at a table any more: the seat was taken again on another "
                             "device with its seat code, or the table was deleted")
        self.heartbeat(token, unless_within=HEARTBEAT_EVERY)
        cached = self._advance(mine.code)
        info = self.table_info(mine.code)
        with cached.lock:
            state = cached.state
            view = state.view(mine.index)
            playing = info.started and not info.ended        # no moves before the start
            actions = list(state.legal_actions(mine.index)) if playing else []
            moves = len(state.history)
        return {"seat": mine.index, "name": mine.name, "view": view, "actions": actions, "moves": moves,
                "info": info}

    def table_replay(self, code: str) -> dict:
        """The finished game as a replay file's JSON (``cardkit.load`` reads it back). Before the end it
        is a ValueError: the replay holds the seed, which would show every hidden card."""
        cached = self._sync(_table_code(code))
        with cached.lock:
            if not cached.state.is_over:
                raise ValueError(f"the game at table {cached.code} is not over yet: its replay comes at the end")
            return _replay.to_json(cached.state)

    def table_record(self, token: str) -> dict:
        """The finished game as the seat holding ``token`` posts it to its class (``add_result(...,
        kind="game", record=...)``, key ``"table-<code>"``): read from the table's state, never from a page.
        Before the end it is a ValueError."""
        mine = self.seat(token)
        if mine is None:
            raise ValueError("this page has no seat at a table any more: the seat was taken again on another "
                             "device with its seat code, or the table was deleted")
        cached = self._sync(mine.code)
        with cached.lock:
            state = cached.state
            if not state.is_over:
                raise ValueError(f"the game at table {mine.code} is not over yet")
            winners = [int(w) for w in state.winners or ()]
            return {"options": dict(state.game.options), "seed": cached.seed, "players": state.players,
                    "seat": mine.index, "scores": list(state.scores), "winners": winners,
                    "won": mine.index in winners, "rounds": len(state.round_ends or ()),
                    "moves": len(state.history), "practice": False, "table": mine.code}

    def in_class(self, class_code: str) -> list[dict]:
        """The class's tables, oldest first: code, game, players, seated names, started, over. Read
        from the rows alone (a board replays no game and moves no bot); an ended table is not listed."""
        class_code = checked_code(class_code)
        recent = self.clock() - self.limits.table_idle

        def read(conn):
            class_id = class_id_of(conn, class_code)
            mine = sa.and_(game_tables.c.class_id == class_id, game_tables.c.played_at > recent)
            rows = conn.execute(sa.select(game_tables.c.id, game_tables.c.code, game_tables.c.game,
                                          game_tables.c.players, game_tables.c.started, game_tables.c.over)
                                .where(mine).order_by(game_tables.c.id)).all()
            names = conn.execute(sa.select(table_seats.c.table_id, table_seats.c.name)
                                 .join(game_tables, game_tables.c.id == table_seats.c.table_id)
                                 .where(mine).order_by(table_seats.c.seat)).all()
            return rows, names
        rows, names = self._read(read)
        return [{"code": r.code, "game": r.game, "players": r.players, "started": bool(r.started),
                 "over": bool(r.over), "names": [n.name for n in names if n.table_id == r.id]} for r in rows]

    # -- inside ----------------------------------------------------------------------------------

    def _token_hash(self, token) -> str:
        if not isinstance(token, str) or not token or len(token) > 200:
            raise ValueError("token must be the text sit() gave")
        return hash_secret(token)

    @staticmethod
    def _table_rows(conn, table_id):
        row = conn.execute(sa.select(game_tables.c.started, game_tables.c.away_seconds, game_tables.c.played_at,
                                     game_tables.c.over)
                           .where(game_tables.c.id == table_id)).first()
        if row is None:
            raise ValueError("this table was deleted")
        seats = conn.execute(sa.select(table_seats.c.seat, table_seats.c.name, table_seats.c.seen_at,
                                       table_seats.c.token_hash)
                             .where(table_seats.c.table_id == table_id)).all()
        return row, seats

    def _seats(self, cached, fresh=False):
        """The table's row and seats, read again when older than SEATS_FRESH (polling stays cheap)."""
        if fresh or time.monotonic() - cached.seats_read > SEATS_FRESH:
            cached.seats = self._read(lambda conn: self._table_rows(conn, cached.id))
            cached.seats_read = time.monotonic()
        return cached.seats

    def _idle(self, row) -> bool:
        """Nobody played at the table (``row``: its played_at) for ``limits.table_idle`` seconds."""
        return self.clock() - row.played_at > self.limits.table_idle

    def _seats_changed(self) -> None:
        for cached in self._cache.values():
            cached.seats_read = float("-inf")

    def _forget(self, cached) -> None:
        """Drop ``cached``, whose state holds a move the store has not: the next reader rebuilds the table.
        A thread still holding it finds the seed's state at row 0, a true start of the stored game."""
        import cardkit
        with cached.lock:
            self._cache.pop(cached.code, None)
            state = cached.state
            cached.state = cardkit.make(cached.game_id, players=state.players, seed=cached.seed,
                                        **state.game.options).new_state()
            cached.last, cached.refused, cached.over_marked = 0, [], False

    def _sync(self, code: str) -> _Cached:
        """The table as this process knows it, brought up to the newest rows."""
        import cardkit
        cache = self._cache
        cached = cache.get(code)
        if cached is None:
            row = self._read(lambda conn: conn.execute(
                sa.select(game_tables, classes.c.code.label("class_code"))
                .select_from(game_tables.outerjoin(classes, classes.c.id == game_tables.c.class_id))
                .where(game_tables.c.code == code)).first())
            if row is None:
                raise ValueError(f"no table with code {code}: check the code")
            game = cardkit.make(row.game, players=row.players, seed=row.seed, **json.loads(row.options))
            cached = cache.setdefault(code, _Cached(id=row.id, code=code, game_id=row.game, seed=row.seed,
                                                    class_code=row.class_code, away_seconds=row.away_seconds,
                                                    state=game.new_state()))
        with cached.lock:
            rows = self._read(lambda conn: conn.execute(
                sa.select(table_moves.c.number, table_moves.c.seat, table_moves.c.action)
                .where(table_moves.c.table_id == cached.id, table_moves.c.number > cached.last)
                .order_by(table_moves.c.number)).all())
            for number, seat, action in rows:
                if number != cached.last + 1:
                    break                   # a row past a gap waits until the numbers follow on
                cached.last = number
                self._apply_row(cached, number, seat, action)
        return cached

    @staticmethod
    def _apply_row(cached, number, seat, text) -> None:
        """Apply stored row ``number``, or refuse it (logged, noted) leaving the state as it was."""
        state = cached.state
        try:
            data = json.loads(text)
            if type(seat) is not int or not 0 <= seat < state.players:
                raise ValueError(f"seat {seat!r} is not a seat of this table")
            state.apply(state.game.action_from_dict(data), seat)
        except (IllegalAction, ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as error:
            why = str(error)[:200]
            cached.refused.append((number, why))
            log.warning("table %s: move %d (seat %s, %.80s) does not replay and is refused: %s",
                        cached.code, number, seat, text, why)

    def _write_move(self, cached, number, seat, action, by, token_hash=None, ends=False) -> bool:
        """Write move ``number``; False when that number was taken first (the race's loser). With
        ``token_hash`` the seat's heartbeat goes with it; ``ends``: the move ends the game."""
        if number > MOVES_MAX:
            raise LimitReached(f"table {cached.code} holds {MOVES_MAX} moves, the most it keeps")
        text = json.dumps(action.to_dict(), separators=(",", ":"))

        def write(conn):
            now = self.clock()
            conn.execute(table_moves.insert().values(table_id=cached.id, number=number, seat=seat, action=text,
                                                     by=by, at=now))
            conn.execute(game_tables.update().where(game_tables.c.id == cached.id)
                         .values(played_at=now, **({"over": True} if ends else {})))
            if token_hash is not None:
                conn.execute(table_seats.update().where(table_seats.c.token_hash == token_hash).values(seen_at=now))
        try:
            self._write(write)
        except exc.IntegrityError:
            return False
        return True

    def _advance(self, code: str, here: str | None = None, cached: _Cached | None = None) -> _Cached:
        """Sync the table (unless ``cached``, just synced, is given), then make the moves of bot seats
        (empty once started, or away) while the seat asked first is one; ``here``: the token hash of a
        page that is here now (not away)."""
        import cardkit.games
        if cached is None:
            cached = self._sync(code)
        while not cached.state.is_over:
            row, seats = self._seats(cached)
            if not row.started or self._idle(row):      # no bot moves before the start, nor after the end
                break
            state = cached.state
            seat = state.current_player
            now = self.clock()
            sitter = next((s for s in seats if s.seat == seat), None)
            if sitter is not None and (sitter.token_hash == here or now - sitter.seen_at <= row.away_seconds):
                break
            with cached.lock:
                if cached.state is not state or state.current_player != seat:
                    continue
                number = cached.last + 1
                actions = state.legal_actions()
                if len(actions) == 1:     # a window's lone Pass, a forced move: no bot asked
                    action = actions[0]
                else:
                    bot = cardkit.games.bot_class(cached.game_id)(seed=derive_seed(cached.seed, "table", number))
                    view = state.view(seat) if getattr(bot, "needs_view", True) else None
                    action = bot.act(view, actions)
            if self._write_move(cached, number, seat, action, "bot"):
                with cached.lock:
                    if cached.last == number - 1 and cached.state is state:   # ours is the newest row
                        state.apply(action, seat)
                        cached.last = number
                        continue
            cached = self._sync(code)       # another reader wrote it first: read what they wrote
        if cached.state.is_over and not cached.over_marked:      # the list of tables reads it there
            if not self._seats(cached)[0].over:
                self._write(lambda conn: conn.execute(game_tables.update().where(game_tables.c.id == cached.id)
                                                      .values(over=True)))
            cached.over_marked = True
        return cached


def _table_code(code) -> str:
    return typed_code(code, TABLE_CODE_LENGTH, "table code", "K7QF2")
