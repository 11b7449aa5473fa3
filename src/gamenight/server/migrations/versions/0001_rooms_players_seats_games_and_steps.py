"""The first tables: rooms, players, seats, games and their steps.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("host_token_hash", sa.String(), nullable=False),
        sa.Column("grace_s", sa.Double(), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_rooms")),
    )
    op.create_table(
        "games",
        sa.Column("room_code", sa.String(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("position", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("record", sa.JSON(none_as_null=True), nullable=True),
        sa.ForeignKeyConstraint(["room_code"], ["rooms.code"],
                                name=op.f("fk_games_room_code_rooms")),
        sa.PrimaryKeyConstraint("room_code", "number", name=op.f("pk_games")),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("room_code", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=True),
        sa.Column("token_hash", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["room_code"], ["rooms.code"],
                                name=op.f("fk_players_room_code_rooms")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("room_code", "token_hash",
                            name=op.f("uq_players_room_code_token_hash")),
    )
    op.create_table(
        "seats",
        sa.Column("room_code", sa.String(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(), nullable=True),
        sa.Column("label", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name=op.f("fk_seats_player_id_players")),
        sa.ForeignKeyConstraint(["room_code"], ["rooms.code"],
                                name=op.f("fk_seats_room_code_rooms")),
        sa.PrimaryKeyConstraint("room_code", "seat", name=op.f("pk_seats")),
    )
    op.create_table(
        "steps",
        sa.Column("room_code", sa.String(), nullable=False),
        sa.Column("game_number", sa.Integer(), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("at_ms", sa.Double(), nullable=True),
        sa.ForeignKeyConstraint(["room_code", "game_number"], ["games.room_code", "games.number"],
                                name=op.f("fk_steps_room_code_game_number_games")),
        sa.PrimaryKeyConstraint("room_code", "game_number", "index", name=op.f("pk_steps")),
    )


def downgrade() -> None:
    for table in ("steps", "seats", "players", "games", "rooms"):
        op.drop_table(table)
