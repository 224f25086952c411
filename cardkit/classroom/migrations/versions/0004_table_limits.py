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
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("played_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("over", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("made_by", sa.String(64), nullable=True))
    tables = sa.table("game_tables", sa.column("id"), sa.column("created_at"), sa.column("played_at"))
    moves = sa.table("table_moves", sa.column("table_id"), sa.column("at"))
    last_move = sa.select(sa.func.max(moves.c.at)).where(moves.c.table_id == tables.c.id).scalar_subquery()
    op.get_bind().execute(tables.update().values(played_at=sa.func.coalesce(last_move, tables.c.created_at)))
    with op.batch_alter_table("game_tables") as batch:
        batch.alter_column("played_at", existing_type=sa.Float, nullable=False)
        batch.alter_column("over", existing_type=sa.Boolean, server_default=None)
    op.create_index("ix_game_tables_made_by_created_at", "game_tables", ["made_by", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_made_by_created_at", table_name="game_tables")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("made_by")
        batch.drop_column("over")
        batch.drop_column("played_at")
