"""The class rooms' tables, as SQLAlchemy Core metadata: what the store's queries use.

The migrations in ``migrations/versions`` build the same tables on a database (a test compares the
two); a change here comes with a new migration, never an edit of an old one.
"""
import sqlalchemy as sa

# Named constraints, so a later migration can find and change them on every back end.
metadata = sa.MetaData(naming_convention={
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
})

# Times are seconds since the epoch (UTC) as floats: the same on every back end, and cheap to compare.
classes = sa.Table(
    "classes", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("code", sa.String(8), nullable=False, unique=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("teacher_key_hash", sa.String(64), nullable=False),    # sha256 of the key, hex
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False, index=True),
    sa.Column("closed", sa.Boolean, nullable=False, default=False),
    sa.Column("revealed", sa.Text, nullable=False, default="[]"),     # JSON list of question ids, "*" = all
    sa.Column("suggested_seed", sa.BigInteger, nullable=True),
    sa.Column("result_count", sa.Integer, nullable=False, default=0),  # the last result's number
)

students = sa.Table(
    "students", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("nickname", sa.String(24), nullable=False),
    sa.Column("nickname_key", sa.String(96), nullable=False),      # store.name_key: "Ada", "ada", "Аda" are one
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.UniqueConstraint("class_id", "nickname_key"),
)

results = sa.Table(
    "results", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),                  # 1, 2, ... within the class, commit order
    sa.Column("kind", sa.String(10), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("record", sa.Text, nullable=False),                  # JSON object
    sa.Column("idem_key", sa.String(64), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("class_id", "seq"),
    sa.UniqueConstraint("student_id", "idem_key"),
    sa.Index("ix_results_student_id_at", "student_id", "at"),
    sa.Index("ix_results_class_id_at", "class_id", "at"),
)

# Shared tables (issue "Play together"): a table, its seats, and its moves as rows unique on (table, number).
game_tables = sa.Table(
    "game_tables", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("code", sa.String(8), nullable=False, unique=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),                 # JSON object: every option, validated
    sa.Column("seed", sa.BigInteger, nullable=False),              # never leaves the server
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=True, index=True),
    sa.Column("host_key_hash", sa.String(64), nullable=False),     # sha256 of the creator's key (Start)
    sa.Column("away_seconds", sa.Float, nullable=False),
    sa.Column("started", sa.Boolean, nullable=False, default=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False, index=True),
    sa.Column("played_at", sa.Float, nullable=True),               # the last move or seat taken: idle tables end
    sa.Column("over", sa.Boolean, nullable=False, server_default=sa.false()),   # a board lists without replaying
    sa.Column("made_by", sa.String(64), nullable=True),            # sha256 of the creating visitor's address
    sa.Index("ix_game_tables_made_by_created_at", "made_by", "created_at"),
)

table_seats = sa.Table(
    "table_seats", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("name", sa.String(24), nullable=False),
    sa.Column("name_key", sa.String(96), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.Column("seen_at", sa.Float, nullable=False),                # the seat's last heartbeat
    sa.UniqueConstraint("table_id", "seat"),
    sa.UniqueConstraint("table_id", "name_key"),
)

table_moves = sa.Table(
    "table_moves", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),               # 1, 2, ... : the database settles races
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),                  # the replay file's JSON of the action
    sa.Column("by", sa.String(8), nullable=False),                 # "player", or "bot" (empty or away seat)
    sa.Column("at", sa.Float, nullable=False),
    sa.PrimaryKeyConstraint("table_id", "number"),
)

# What a page or an address tried and the store refused or counts (a wrong class code, a class made):
# the limits that span a class's pages (every page is its own process) read these rows.
attempts = sa.Table(
    "attempts", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),              # "wrong-code", "create"
    sa.Column("who", sa.String(80), nullable=False),               # "page:<id>", "address:<ip>"
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_attempts_kind_who_at", "kind", "who", "at"),
)
