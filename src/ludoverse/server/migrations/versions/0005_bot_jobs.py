"""Bot moves are queued in the database and taken by bot workers, in this process or any
other (``server/botworker.py``).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_jobs",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("rev", sa.BigInteger, primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("bot", sa.String(1000), nullable=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("paced", sa.Boolean, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_bot_jobs_created", "bot_jobs", ["created"])


def downgrade() -> None:
    op.drop_index("ix_bot_jobs_created", "bot_jobs")
    op.drop_table("bot_jobs")
