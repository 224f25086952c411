"""Shared tables' limits: when a table was last played (an idle table ends), whether its game is over
(the class board lists tables without replaying them), and who made it (tables per address).

Existing tables count as played when last moved (or made), and as not over (a reader marks them).

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs, no batch copy: on SQLite a copy drops game_tables, and its foreign keys'
    # ON DELETE CASCADE would take every seat and move with it.
    op.add_column("game_tables", sa.Column("played_at", sa.Float, nullable=True))
    op.add_column("game_tables", sa.Column("over", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("game_tables", sa.Column("made_by", sa.String(64), nullable=True))
    tables = sa.table("game_tables", sa.column("id"), sa.column("created_at"), sa.column("played_at"))
    moves = sa.table("table_moves", sa.column("table_id"), sa.column("at"))
    last_move = sa.select(sa.func.max(moves.c.at)).where(moves.c.table_id == tables.c.id).scalar_subquery()
    op.get_bind().execute(tables.update().values(played_at=sa.func.coalesce(last_move, tables.c.created_at)))
    op.create_index("ix_game_tables_made_by_created_at", "game_tables", ["made_by", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_made_by_created_at", table_name="game_tables")
    for column in ("made_by", "over", "played_at"):
        op.drop_column("game_tables", column)
