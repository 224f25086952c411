"""The class rooms' store: classes, students and results in one database (see the package docstring)."""
import contextlib
import csv
import functools
import hmac
import io
import json
import logging
import os
import random
import re
import secrets
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event, exc

try:
    import fcntl
except ImportError:     # Windows: SQLite's own busy wait alone
    fcntl = None

from . import migrate
from .schema import attempts, classes, results, students
from .keys import (CODE_ALPHABET, CODE_LENGTH, NICKNAME_MAX, LimitReached, Limits, check_open, checked_code, checked_text,
                   class_id_of, hash_secret, new_name_key, open_class)
from .tables import Tables

CLASS_NAME_MAX = 80
KINDS = ("game", "answer")
GAME_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
KEY_MAX = 64
SEED_MAX = 2**53 - 1
DEFAULT_DATA = "cardkit-data"          # under the working directory when CARDKIT_DATA is not set
SQLITE_FILE = "classes.sqlite"
log = logging.getLogger("cardkit.classroom")
if not log.handlers:    # a page's kernel sends its stderr to the page: the host reads the server's terminal
    log.addHandler(logging.StreamHandler(sys.__stderr__ or sys.stderr))


class StoreUnavailable(RuntimeError):
    """The database stayed away longer than the store retries; the result was not written (post it
    again later with the same key: it will be written once)."""


@dataclass(frozen=True)
class ClassRoom:
    """A new class: its ``code`` for the board, and ``teacher_key`` (shown once: only its hash is kept)."""
    code: str
    name: str
    teacher_key: str
    expires_at: float


@dataclass(frozen=True)
class Student:
    """A joined student: ``token`` is the page's secret (kept in the browser to rejoin)."""
    token: str
    nickname: str
    code: str


@dataclass(frozen=True)
class ClassState:
    """What a board and a joined page read of a class."""
    code: str
    name: str
    closed: bool
    revealed: frozenset        # question ids whose answer is shown; "*" = every answer
    suggested_seed: int | None
    members: int
    last_id: int               # the newest result's id (0: none yet)
    created_at: float
    expires_at: float

    def is_revealed(self, question: str) -> bool:
        return "*" in self.revealed or question in self.revealed


def default_url() -> str:
    """CARDKIT_DB, else the SQLite file under CARDKIT_DATA (default ./cardkit-data)."""
    url = os.environ.get("CARDKIT_DB", "").strip()
    if url:
        return url
    data = Path(os.environ.get("CARDKIT_DATA", "").strip() or DEFAULT_DATA)
    return f"sqlite:///{(data / SQLITE_FILE).resolve()}"


def open_store(url: str | None = None, *, limits: Limits | None = None, retry_seconds: float = 20.0,
               clock=time.time) -> "Store":
    """The store at ``url`` (CARDKIT_DB, else the SQLite default), its schema brought up to date."""
    return Store(url or default_url(), limits=limits, retry_seconds=retry_seconds, clock=clock)


def _on_tables(name: str):
    """The method ``name`` of the store's ``Tables``, answered by the store itself."""
    method = getattr(Tables, name)

    @functools.wraps(method)
    def forward(self, *args, **kwargs):
        return method(self.tables, *args, **kwargs)
    return forward


class Store:
    """One database of class rooms. Every write is one transaction, retried with backoff while the
    database is briefly away (``retry_seconds``), then ``StoreUnavailable``."""

    def __init__(self, url: str, *, limits: Limits | None = None, retry_seconds: float = 20.0, clock=time.time):
        self.limits = limits or Limits()
        self.retry_seconds = retry_seconds
        self.clock = clock
        self.engine = _engine(url)
        self._writer = _WriterQueue(self.engine)
        self.url = self.engine.url
        self.tables = Tables(self._read, self._write, clock, self.limits)   # the shared tables (tables.py)
        try:
            self._retrying(lambda: migrate.upgrade(self.engine))
            self.purge_expired()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        self.engine.dispose()
        self._writer.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    def __repr__(self):
        return f"<classroom.store.Store {self.url.render_as_string(hide_password=True)}>"

    # -- shared tables: ``store.sit(...)`` is ``store.tables.sit(...)`` -------------------------------
    create_table = _on_tables("create_table")
    sit = _on_tables("sit")
    seat = _on_tables("seat")
    seat_code = _on_tables("seat_code")
    reclaim = _on_tables("reclaim")
    start_table = _on_tables("start_table")
    heartbeat = _on_tables("heartbeat")
    table_state = _on_tables("table_state")
    play = _on_tables("play")
    table_info = _on_tables("table_info")
    table_view = _on_tables("table_view")
    table_replay = _on_tables("table_replay")
    table_record = _on_tables("table_record")

    # -- teacher ---------------------------------------------------------------------------------

    def create_class(self, name: str, address: str | None = None) -> ClassRoom:
        """A new class named ``name`` (1–80 printable characters), open for ``limits.class_days`` days.
        ``address``: the visitor's, for the limit of classes made from one address (LimitReached)."""
        name = checked_text(name, "class name", CLASS_NAME_MAX)
        if address:
            self._count_attempt("create", _who("address", address), self.limits.classes_per_address,
                                self.limits.create_window, "classes made from this address today")
        key = secrets.token_urlsafe(24)
        now = self.clock()
        expires = now + self.limits.class_days * 86400

        def insert(conn, code):
            open_now = conn.scalar(sa.select(sa.func.count()).select_from(classes)
                                   .where(classes.c.expires_at > now))
            if open_now >= self.limits.open_classes:
                raise LimitReached(f"this server holds {open_now} classes already (the most it keeps); "
                                   "delete old ones or ask the host")
            conn.execute(classes.insert().values(
                code=code, name=name, teacher_key_hash=hash_secret(key), created_at=now, expires_at=expires,
                closed=False, revealed="[]", suggested_seed=None, result_count=0))

        for _ in range(50):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                self._write(lambda conn: insert(conn, code))
            except exc.IntegrityError:      # the code is taken: draw another
                continue
            return ClassRoom(code=code, name=name, teacher_key=key, expires_at=expires)
        raise LimitReached("no free class code found; delete old classes")

    def is_teacher(self, code: str, teacher_key: str) -> bool:
        """True when ``teacher_key`` is the key of class ``code`` (False for anything else)."""
        if not isinstance(code, str) or not isinstance(teacher_key, str) or len(teacher_key) > 200:
            return False
        try:
            code = checked_code(code)
        except ValueError:
            return False
        stored = self._read(lambda conn: conn.scalar(
            sa.select(classes.c.teacher_key_hash).where(classes.c.code == code)))
        return stored is not None and hmac.compare_digest(stored, hash_secret(teacher_key))

    def set_class_state(self, code: str, teacher_key: str, *, revealed=None, suggested_seed=...) -> ClassState:
        """Teacher controls: ``revealed`` True (every answer shown), False (none) or the question ids
        shown; ``suggested_seed`` the seed every joined page is asked to play (None: no suggestion).
        An argument left out keeps its value."""
        values = {}
        if revealed is not None:
            values["revealed"] = json.dumps(_revealed(revealed))
        if suggested_seed is not ...:
            if suggested_seed is not None and (isinstance(suggested_seed, bool) or not isinstance(suggested_seed, int)
                                               or not 0 <= suggested_seed <= SEED_MAX):
                raise ValueError(f"suggested_seed must be a whole number from 0 to {SEED_MAX}, or None")
            values["suggested_seed"] = suggested_seed
        code = self._teacher(code, teacher_key)
        if values:
            self._write(lambda conn: conn.execute(classes.update().where(classes.c.code == code).values(**values)))
        return self.class_state(code)

    def close_class(self, code: str, teacher_key: str) -> None:
        """No more joins or results; the board and the data stay until deleted or expired."""
        code = self._teacher(code, teacher_key)
        self._write(lambda conn: conn.execute(classes.update().where(classes.c.code == code).values(closed=True)))

    def delete_class(self, code: str, teacher_key: str) -> None:
        """Delete the class, its students and their results, for good."""
        code = self._teacher(code, teacher_key)

        def delete(conn):
            class_id = conn.scalar(sa.select(classes.c.id).where(classes.c.code == code))
            if class_id is not None:
                _delete_classes(conn, [class_id])
        self._write(delete)

    def remove_student(self, code: str, teacher_key: str, nickname: str) -> int:
        """Remove the student ``nickname`` (as the board shows it) from the class, with their results
        (a made-up or unwanted name); their page is no longer in the class. How many results went."""
        code = self._teacher(code, teacher_key)
        if not isinstance(nickname, str):
            raise ValueError("the nickname must be text")

        def remove(conn):
            class_id = class_id_of(conn, code)
            student = conn.scalar(sa.select(students.c.id).where(students.c.class_id == class_id,
                                                                 students.c.nickname == nickname))
            if student is None:
                raise ValueError(f"no student {nickname[:30]!r} in class {code}")
            gone = conn.execute(results.delete().where(results.c.student_id == student)).rowcount
            conn.execute(students.delete().where(students.c.id == student))
            return gone
        return self._write(remove)

    def results_csv(self, code: str, teacher_key: str) -> str:
        """The class's results as CSV text (id, time UTC, nickname, kind, game, record as JSON).
        A cell a spreadsheet would read as a formula (=, +, -, @) starts with an apostrophe."""
        code = self._teacher(code, teacher_key)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["id", "time_utc", "nickname", "kind", "game", "record"])
        for row in self.results(code):
            stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(row["at"]))
            writer.writerow([row["id"], stamp, _cell(row["nickname"]), row["kind"], row["game"],
                             _cell(json.dumps(row["record"], ensure_ascii=False, sort_keys=True))])
        return out.getvalue()

    def purge_expired(self) -> int:
        """Delete every class past its expiry (with its students and results); how many went."""
        now = self.clock()

        def purge(conn):
            ids = list(conn.scalars(sa.select(classes.c.id).where(classes.c.expires_at <= now)))
            if ids:
                _delete_classes(conn, ids)
            oldest = now - max(self.limits.code_window, self.limits.create_window)
            conn.execute(attempts.delete().where(attempts.c.at < oldest))
            return len(ids)
        return self._write(purge)

    # -- students --------------------------------------------------------------------------------

    def join(self, code: str, nickname: str, token: str | None = None, *, page: str | None = None,
             address: str | None = None) -> Student:
        """Join class ``code`` as ``nickname`` (1–24 printable characters in one script, unique in the
        class: case and look-alike letters ignored, ``name_key``). With the ``token`` of a student of
        this class (a rejoin, a reload) it is that same student again, renamed if the nickname changed.

        ``page`` and ``address`` (the joining page's id and its visitor's address) count wrong codes:
        past a few, each try waits longer, then the page or address pauses (``Limits``; LimitReached
        saying how long), and the host's log names the address."""
        guessers = [_who(kind, value) for kind, value in (("page", page), ("address", address)) if value]
        self._guessing_allowed(guessers)
        code = checked_code(code)
        nickname = checked_text(nickname, "nickname", NICKNAME_MAX)
        nickname_key = new_name_key(nickname)
        if guessers and self._read(lambda conn: conn.scalar(
                sa.select(classes.c.id).where(classes.c.code == code))) is None:
            self._wrongclass_code(guessers, code, address)
        if token is not None and not isinstance(token, str):
            raise ValueError("token must be the text join() gave, or None")
        fresh = secrets.token_urlsafe(24)   # drawn once, so a retried transaction finds its own row

        def join(conn):
            room = open_class(conn, code, self.clock())
            for candidate in ([token] if token else []) + [fresh]:
                mine = conn.execute(sa.select(students.c.id, students.c.nickname_key)
                                    .where(students.c.token_hash == hash_secret(candidate),
                                           students.c.class_id == room.id)).first()
                if mine is None:
                    continue
                if mine.nickname_key != nickname_key:
                    self._nickname_free(conn, room.id, nickname, nickname_key)
                conn.execute(students.update().where(students.c.id == mine.id)
                             .values(nickname=nickname, nickname_key=nickname_key))
                return Student(token=candidate, nickname=nickname, code=code)
            members = conn.scalar(sa.select(sa.func.count()).select_from(students)
                                  .where(students.c.class_id == room.id))
            if members >= self.limits.students_per_class:
                raise LimitReached(f"class {code} is full ({members} students)")
            self._nickname_free(conn, room.id, nickname, nickname_key)
            conn.execute(students.insert().values(class_id=room.id, nickname=nickname, nickname_key=nickname_key,
                                                  token_hash=hash_secret(fresh), joined_at=self.clock()))
            return Student(token=fresh, nickname=nickname, code=code)

        try:
            return self._write(join)
        except exc.IntegrityError:          # a classmate took the nickname in the same instant
            taken = self._read(lambda conn: conn.scalar(
                sa.select(students.c.id).join(classes)
                .where(classes.c.code == code, students.c.nickname_key == nickname_key)))
            if taken is None:
                raise
            raise ValueError(f"the nickname {nickname!r} is taken in class {code}: choose another") from None

    def student(self, token: str) -> Student | None:
        """The student whose page holds ``token`` (None: unknown, or the class was deleted)."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        row = self._read(lambda conn: conn.execute(
            sa.select(students.c.nickname, classes.c.code).join(classes)
            .where(students.c.token_hash == hash_secret(token))).first())
        return None if row is None else Student(token=token, nickname=row.nickname, code=row.code)

    def add_result(self, token: str, *, game: str, kind: str, record: dict, key: str | None = None) -> int:
        """Write one result of the student holding ``token``; its id (the class's 1, 2, ...).

        ``kind`` "game" (a finished game) or "answer" (a lesson answer); ``record`` a JSON object of at
        most ``limits.record_bytes``. ``key`` makes the write idempotent: the same key again (a page
        retrying) writes nothing and returns the first write's id; without one, a fresh key is drawn
        (the store's own retries still never double a result)."""
        if not isinstance(token, str) or not token or len(token) > 200:
            raise ValueError("token must be the text join() gave")
        if not isinstance(game, str) or not GAME_ID.fullmatch(game):
            raise ValueError("game must be an id such as 'flip7' (lowercase letters, digits, _ and -; 1-40)")
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        text = _record_json(record, self.limits.record_bytes)
        if key is None:
            key = uuid.uuid4().hex
        elif not isinstance(key, str) or not 1 <= len(key) <= KEY_MAX or not key.isprintable():
            raise ValueError(f"key must be 1-{KEY_MAX} printable characters")
        token_hash = hash_secret(token)

        def add(conn):
            # Four statements in all (the database may be across a network): who and where, the rates,
            # the class's next number, the row.
            done = (sa.select(results.c.seq).where(results.c.student_id == students.c.id, results.c.idem_key == key)
                    .scalar_subquery())
            me = conn.execute(sa.select(students.c.id, students.c.class_id, classes.c.code, classes.c.closed,
                                        classes.c.expires_at, done.label("done"))
                              .join(classes).where(students.c.token_hash == token_hash)).first()
            if me is None:
                raise ValueError("this page is not in a class (unknown token: was the class deleted?)")
            if me.done is not None:
                return me.done
            now = self.clock()
            check_open(me, now)
            since = now - self.limits.window
            rates = conn.execute(sa.select(
                sa.select(sa.func.count()).select_from(results)
                .where(results.c.student_id == me.id, results.c.at > since).scalar_subquery(),
                sa.select(sa.func.count()).select_from(results)
                .where(results.c.class_id == me.class_id, results.c.at > since).scalar_subquery())).one()
            if rates[0] >= self.limits.student_per_second * self.limits.window:
                raise LimitReached(f"too many results from this page: at most {self.limits.student_per_second:g} "
                                   "a second; try again in a few seconds")
            if rates[1] >= self.limits.class_per_second * self.limits.window:
                raise LimitReached(f"too many results in class {me.code} just now: at most "
                                   f"{self.limits.class_per_second:g} a second; try again in a few seconds")
            # Taking the next number locks the class's row until commit: numbers appear in commit order,
            # so a board asking "anything after N" never misses one that committed late.
            bump = (classes.update()
                    .where(classes.c.id == me.class_id, classes.c.result_count < self.limits.results_per_class)
                    .values(result_count=classes.c.result_count + 1)
                    .returning(classes.c.result_count.label("seq")))
            row = dict(class_id=me.class_id, student_id=me.id, kind=kind, game=game, record=text, idem_key=key,
                       at=now)
            if conn.dialect.name == "postgresql":    # number and row in one statement: the lock is held shorter
                bump = bump.cte("bump")
                seq = conn.scalar(results.insert()
                                  .from_select([*row, "seq"], sa.select(*map(sa.literal, row.values()), bump.c.seq))
                                  .returning(results.c.seq).add_cte(bump))
            else:
                seq = conn.scalar(bump)
                if seq is not None:
                    conn.execute(results.insert().values(seq=seq, **row))
            if seq is None:
                raise LimitReached(f"class {me.code} holds {self.limits.results_per_class} results, "
                                   "the most it keeps")
            return seq

        try:
            return self._write(add)
        except exc.IntegrityError:          # the same key committed by a concurrent retry: already there
            seq = self._read(lambda conn: conn.scalar(
                sa.select(results.c.seq).join(students, students.c.id == results.c.student_id)
                .where(students.c.token_hash == token_hash, results.c.idem_key == key)))
            if seq is None:
                raise
            return seq

    # -- board -----------------------------------------------------------------------------------

    def class_state(self, code: str) -> ClassState:
        """Name, closed, revealed answers, suggested seed, member count and newest result id of ``code``."""
        code = checked_code(code)

        def read(conn):
            row = conn.execute(sa.select(classes).where(classes.c.code == code)).first()
            if row is None:
                raise ValueError(f"no class with code {code}")
            members = conn.scalar(sa.select(sa.func.count()).select_from(students)
                                  .where(students.c.class_id == row.id))
            return ClassState(code=code, name=row.name, closed=row.closed or row.expires_at <= self.clock(),
                              revealed=frozenset(json.loads(row.revealed)), suggested_seed=row.suggested_seed,
                              members=members, last_id=row.result_count, created_at=row.created_at,
                              expires_at=row.expires_at)
        return self._read(read)

    def members(self, code: str) -> list[dict]:
        """The class's students in the order they joined: nickname, joined (time), results (count)."""
        code = checked_code(code)
        count = (sa.select(sa.func.count()).select_from(results)
                 .where(results.c.student_id == students.c.id).scalar_subquery())

        def read(conn):
            class_id = class_id_of(conn, code)
            return conn.execute(sa.select(students.c.nickname, students.c.joined_at, count.label("results"))
                                .where(students.c.class_id == class_id).order_by(students.c.id)).all()
        rows = self._read(read)
        return [{"nickname": r.nickname, "joined": r.joined_at, "results": r.results} for r in rows]

    def results(self, code: str, since_id: int = 0, limit: int | None = None) -> list[dict]:
        """The class's results after id ``since_id``, oldest first: dicts with id, nickname, kind, game,
        record and at (time). Polling with the last id seen is cheap (an index range)."""
        code = checked_code(code)
        if isinstance(since_id, bool) or not isinstance(since_id, int) or since_id < 0:
            raise ValueError("since_id must be a whole number >= 0")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
            raise ValueError("limit must be a whole number >= 1, or None")

        def read(conn):
            query = (sa.select(results.c.seq, students.c.nickname, results.c.kind, results.c.game,
                               results.c.record, results.c.at)
                     .select_from(results.join(students, students.c.id == results.c.student_id))
                     .where(results.c.class_id == class_id_of(conn, code), results.c.seq > since_id)
                     .order_by(results.c.seq))
            return conn.execute(query if limit is None else query.limit(limit)).all()
        rows = self._read(read)
        return [{"id": r.seq, "nickname": r.nickname, "kind": r.kind, "game": r.game,
                 "record": json.loads(r.record), "at": r.at} for r in rows]

    def results_since(self, code: str, since_id: int) -> list[dict]:
        """``results(code, since_id=since_id)``: what a board polls."""
        return self.results(code, since_id=since_id)

    # -- inside ----------------------------------------------------------------------------------

    def _teacher(self, code, teacher_key) -> str:
        code = checked_code(code)
        if not self.is_teacher(code, teacher_key):
            raise ValueError(f"wrong teacher key for class {code} (or no such class)")
        return code

    def _count_attempt(self, kind, who, most, window, what) -> None:
        """Count one attempt of ``who``; LimitReached (nothing counted) when ``most`` are in ``window``."""
        now = self.clock()

        def count(conn):
            recent = conn.scalar(sa.select(sa.func.count()).select_from(attempts).where(
                attempts.c.kind == kind, attempts.c.who == who, attempts.c.at > now - window))
            if recent >= most:
                raise LimitReached(f"too many {what} (at most {most}); try again later")
            conn.execute(attempts.insert().values(kind=kind, who=who, at=now))
        self._write(count)

    def _guessing_allowed(self, guessers) -> None:
        """LimitReached when a guesser (page, address) must wait before trying a class code again."""
        if not guessers:
            return
        now, window = self.clock(), self.limits.code_window
        most = {"page": self.limits.wrong_codes_per_page, "address": self.limits.wrong_codes_per_address}
        rows = self._read(lambda conn: conn.execute(
            sa.select(attempts.c.who, sa.func.count(), sa.func.min(attempts.c.at), sa.func.max(attempts.c.at))
            .where(attempts.c.kind == "wrong-code", attempts.c.who.in_(guessers), attempts.c.at > now - window)
            .group_by(attempts.c.who)).all())
        wait = 0.0
        for who, wrong, first, last in rows:
            limit = most[who.split(":", 1)[0]]
            if wrong >= limit:                      # the pause: until the window has passed
                wait = max(wait, first + window - now)
            elif wrong >= limit // 3:               # the growing delay
                wait = max(wait, last + min(2.0 ** (wrong - limit // 3), window) - now)
        if wait > 0:
            raise LimitReached(f"too many wrong class codes from here: wait {_duration(wait)} and check "
                               "the code on the board")

    def _wrongclass_code(self, guessers, code, address) -> None:
        now = self.clock()
        self._write(lambda conn: conn.execute(attempts.insert(), [dict(kind="wrong-code", who=who, at=now)
                                                                  for who in guessers]))
        log.warning("class rooms: a wrong class code %r from %s", code, address or "a page")
        raise ValueError(f"no class with code {code}: check the code on the board")

    @staticmethod
    def _nickname_free(conn, class_id, nickname, nickname_key):
        taken = conn.scalar(sa.select(students.c.id).where(students.c.class_id == class_id,
                                                           students.c.nickname_key == nickname_key))
        if taken is not None:
            raise ValueError(f"the nickname {nickname!r} is taken in this class: choose another")

    def _write(self, work):
        return self._retrying(lambda: self._transaction(work, write=True))

    def _read(self, work):
        return self._retrying(lambda: self._transaction(work, write=False))

    def _transaction(self, work, write):
        with self._writer if write else contextlib.nullcontext(), self.engine.connect() as conn:
            if write:
                conn.execution_options(cardkit_write=True)
            with conn.begin():
                return work(conn)

    def _retrying(self, attempt):
        """Run ``attempt`` again with backoff while the database is away (locked, restarting, cut)."""
        deadline = time.monotonic() + self.retry_seconds
        delay = 0.02
        while True:
            try:
                return attempt()
            except exc.DBAPIError as error:
                away = isinstance(error, (exc.OperationalError, exc.InterfaceError)) or error.connection_invalidated
                if not away:
                    raise
                if time.monotonic() + delay > deadline:
                    reason = str(error.orig).strip().splitlines()[0] if error.orig else type(error).__name__
                    raise StoreUnavailable(f"the class database is unavailable ({reason}); "
                                           "nothing was written, try again") from None
                time.sleep(delay * random.uniform(0.5, 1.5))
                delay = min(delay * 2, 1.0)


def _engine(url) -> sa.Engine:
    try:
        url = sa.make_url(url)
    except (exc.ArgumentError, TypeError, ValueError):
        raise ValueError("the class database URL must look like sqlite:///path/classes.sqlite or "
                         "postgresql+psycopg://user:password@host/dbname") from None
    if url.get_backend_name() == "sqlite":
        return _sqlite_engine(url)
    if url.get_backend_name() == "postgresql":
        try:
            # One connection kept per page's kernel (more only while its threads write at once):
            # a class of 30 pages holds about 30 of the server's connections (PostgreSQL's default: 100).
            return sa.create_engine(url, pool_pre_ping=True, pool_size=1, max_overflow=4,
                                    connect_args={"connect_timeout": 5})
        except ModuleNotFoundError as missing:
            raise ValueError(f"PostgreSQL needs its driver: pip install 'psycopg[binary]' ({missing})") from None
    raise ValueError(f"the class database must be SQLite or PostgreSQL, not {url.get_backend_name()!r}")


SQLITE_BUSY_MS = 10_000


def _sqlite_engine(url) -> sa.Engine:
    if not url.database or url.database == ":memory:" or url.database.startswith("file:"):
        raise ValueError("the class database must be a SQLite file (sqlite:///path/classes.sqlite): a database "
                         "in memory is one per connection, and the board would see none of the results")
    Path(url.database).parent.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(url, connect_args={"timeout": SQLITE_BUSY_MS / 1000})

    @event.listens_for(engine, "connect")
    def _settings(dbapi_connection, _record):
        # The driver's own transaction handling off, so BEGIN below is the only one; WAL lets the
        # board read while pages write; NORMAL sync is safe with WAL (a power cut may lose the last
        # writes, never corrupt the file).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        # A write takes the write lock when it begins (waiting up to the busy timeout), instead of
        # failing at once when a read turns into a write while another page writes.
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("cardkit_write") else "BEGIN")

    return engine


class _WriterQueue:
    """SQLite takes one writer at a time; a writer that finds the file locked sleeps and tries again
    (up to 100 ms a time, in no order), so with 30 pages posting some waited seconds. The writers of
    this file queue on a lock file next to it instead (``flock``), and the next one starts the moment
    the last one ends. PostgreSQL (and a system without ``flock``) needs none."""

    def __init__(self, engine):
        self._threads = threading.Lock()     # flock does not keep a process's own threads apart
        self._file = None
        path = engine.url.database if engine.url.get_backend_name() == "sqlite" else None
        if path and fcntl is not None:
            self._file = open(f"{path}.writer-lock", "a+b")   # noqa: SIM115 - held while the store is open

    def __enter__(self):
        self._threads.acquire()
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_EX)

    def __exit__(self, *exc_info):
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
        self._threads.release()

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None


def _delete_classes(conn, ids) -> None:
    conn.execute(results.delete().where(results.c.class_id.in_(ids)))
    conn.execute(students.delete().where(students.c.class_id.in_(ids)))
    conn.execute(classes.delete().where(classes.c.id.in_(ids)))


def _who(kind: str, value: str) -> str:
    """A page or address as the attempts table keeps it: hashed (the host's log has the address)."""
    return f"{kind}:{hash_secret(str(value))[:40]}"


def _duration(seconds: float) -> str:
    seconds = max(1, round(seconds))
    return f"{seconds} s" if seconds < 90 else f"{round(seconds / 60)} minutes"


def _revealed(value) -> list:
    if value is True:
        return ["*"]
    if value is False:
        return []
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise ValueError("revealed must be True, False or a list of question ids")
    ids = sorted(set(value))
    if len(ids) > 500 or any(not isinstance(q, str) or not 1 <= len(q) <= 100 or not q.isprintable() for q in ids):
        raise ValueError("revealed question ids must be printable text of 1-100 characters (at most 500)")
    return ids


def _record_json(record, most: int) -> str:
    if not isinstance(record, dict):
        raise ValueError("record must be a dict (a JSON object)")
    try:
        text = json.dumps(record, ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise ValueError(f"record must hold only JSON values (text, numbers, lists, dicts): {error}") from None
    try:
        size = len(text.encode())
    except UnicodeEncodeError:
        raise ValueError("record holds text that is not valid Unicode (a lone surrogate)") from None
    if size > most:
        raise ValueError(f"record is too large: at most {most} bytes as JSON")
    return text


def _cell(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
