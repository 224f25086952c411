"""Names that read alike are one name (store.name_key: the TR39 skeleton), and the attempts the
limits across a class's pages count (wrong class codes, classes made).

Existing students and table seats get their new keys. Two names of one class (or table) that now
fold alike both stay (nobody is renamed); the later one's key gets its row id, so each is kept and
any new look-alike of them is refused.

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _refold(table, group, name, key, fold) -> None:
    rows = sa.table(table, sa.column("id"), sa.column(group), sa.column(name), sa.column(key))
    conn = op.get_bind()
    taken = set()
    for row in conn.execute(sa.select(rows).order_by(rows.c.id)).all():
        new = fold(row[2])
        if (row[1], new) in taken:
            new = f"{new[:80]}#{row[0]}"
        taken.add((row[1], new))
        conn.execute(rows.update().where(rows.c.id == row[0]).values({key: new}))


def _fold_all(fold) -> None:
    # Keys first set to their row id: the new keys never meet an old one in the unique constraint.
    for table, key in (("students", "nickname_key"), ("table_seats", "name_key")):
        rows = sa.table(table, sa.column("id"), sa.column(key))
        op.get_bind().execute(rows.update().values({key: sa.cast(rows.c.id, sa.String) + "#old"}))
    _refold("students", "class_id", "nickname", "nickname_key", fold)
    _refold("table_seats", "table_id", "name", "name_key", fold)


def upgrade() -> None:
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("who", sa.String(80), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_attempts"),
    )
    op.create_index("ix_attempts_kind_who_at", "attempts", ["kind", "who", "at"])
    from classroom.store.keys import name_key
    _fold_all(name_key)


def downgrade() -> None:
    op.drop_index("ix_attempts_kind_who_at", table_name="attempts")
    op.drop_table("attempts")
    import unicodedata
    _fold_all(lambda name: unicodedata.normalize("NFKC", name).casefold())
