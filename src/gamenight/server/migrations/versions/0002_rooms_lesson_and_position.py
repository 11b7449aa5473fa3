"""A tutorial's rooms: the lesson a room plays and the position its games start from.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Both NULL in every room made before: a room of a dealt game, not a lesson.
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("lesson", sa.String(), nullable=True))
        batch.add_column(sa.Column("position", sa.JSON(none_as_null=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("position")
        batch.drop_column("lesson")
