"""Class rooms: classes, their students and the students' results.

Revision ID: 0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(8), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("teacher_key_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False),
        sa.Column("revealed", sa.Text, nullable=False),
        sa.Column("suggested_seed", sa.BigInteger, nullable=True),
        sa.Column("result_count", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_classes"),
        sa.UniqueConstraint("code", name="uq_classes_code"),
    )
    op.create_index("ix_classes_expires_at", "classes", ["expires_at"])
    op.create_table(
        "students",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, nullable=False),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("nickname_key", sa.String(96), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_students"),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], name="fk_students_class_id_classes",
                                ondelete="CASCADE"),
        sa.UniqueConstraint("token_hash", name="uq_students_token_hash"),
        sa.UniqueConstraint("class_id", "nickname_key", name="uq_students_class_id_nickname_key"),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, nullable=False),
        sa.Column("student_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("idem_key", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_results"),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], name="fk_results_class_id_classes",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["student_id"], ["students.id"], name="fk_results_student_id_students",
                                ondelete="CASCADE"),
        sa.UniqueConstraint("class_id", "seq", name="uq_results_class_id_seq"),
        sa.UniqueConstraint("student_id", "idem_key", name="uq_results_student_id_idem_key"),
    )
    op.create_index("ix_results_student_id_at", "results", ["student_id", "at"])
    op.create_index("ix_results_class_id_at", "results", ["class_id", "at"])


def downgrade() -> None:
    op.drop_table("results")
    op.drop_table("students")
    op.drop_table("classes")
