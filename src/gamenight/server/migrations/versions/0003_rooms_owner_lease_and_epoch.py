"""Rooms over several processes: each room's owner, its lease and its epoch.

A room is played by one ``gamenight serve`` process at a time, its owner, which holds a
lease on it in the database (``server.leases``): ``owner`` (the process's id, NULL while
no process holds it), ``lease_until`` (Unix seconds by the database's clock, NULL with no
owner), ``epoch`` (one more with each claim: every write of the owner names it, so a
process that lost its lease can never write) and ``asked_by`` (a process the proxy sends
the room's requests to, asking the owner to hand it over).

Revision ID: 0003
Revises: 0002
Create Date: 2027-01-10
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every room made before is held by nobody, at epoch 0: the first claim makes it 1.
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("owner", sa.String(), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.Double(), nullable=True))
        batch.add_column(sa.Column("epoch", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("asked_by", sa.String(), nullable=True))
        batch.create_index(batch.f("ix_rooms_owner"), ["owner"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_index(batch.f("ix_rooms_owner"))
        batch.drop_column("asked_by")
        batch.drop_column("epoch")
        batch.drop_column("lease_until")
        batch.drop_column("owner")
