"""Shared tables: a game's table, its seats and its moves (one row per move, unique on table and number).

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(8), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("class_id", sa.Integer, nullable=True),
        sa.Column("host_key_hash", sa.String(64), nullable=False),
        sa.Column("away_seconds", sa.Float, nullable=False),
        sa.Column("started", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_game_tables"),
        sa.UniqueConstraint("code", name="uq_game_tables_code"),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], name="fk_game_tables_class_id_classes",
                                ondelete="CASCADE"),
    )
    op.create_index("ix_game_tables_class_id", "game_tables", ["class_id"])
    op.create_index("ix_game_tables_expires_at", "game_tables", ["expires_at"])
    op.create_table(
        "table_seats",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_table_seats"),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"], name="fk_table_seats_table_id_game_tables",
                                ondelete="CASCADE"),
        sa.UniqueConstraint("token_hash", name="uq_table_seats_token_hash"),
        sa.UniqueConstraint("table_id", "seat", name="uq_table_seats_table_id_seat"),
        sa.UniqueConstraint("table_id", "name_key", name="uq_table_seats_table_id_name_key"),
    )
    op.create_table(
        "table_moves",
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "number", name="pk_table_moves"),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"], name="fk_table_moves_table_id_game_tables",
                                ondelete="CASCADE"),
    )


def downgrade() -> None:
    op.drop_table("table_moves")
    op.drop_table("table_seats")
    op.drop_table("game_tables")
