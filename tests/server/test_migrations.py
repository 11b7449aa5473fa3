"""The packaged Alembic migrations build exactly the tables the store's models describe,
on SQLite and PostgreSQL, so a database migrated in the field is the one the code expects."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect

from gamenight.server.store import Base, Store, migration_config, sqlalchemy_url

TABLES = {"alembic_version", "games", "players", "rooms", "seats", "steps"}


def differences(url: str) -> list[object]:
    """What autogenerate would write into a new revision: empty when the migrated
    database and the models agree (tables, columns, types, nullability, keys)."""
    engine = create_engine(sqlalchemy_url(url))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            return list(compare_metadata(context, Base.metadata))
    finally:
        engine.dispose()


def test_the_migrations_build_the_tables_the_models_describe(database_url: str) -> None:
    Store(database_url).close()
    assert differences(database_url) == []


def test_the_migrations_go_down_and_up_again(database_url: str) -> None:
    Store(database_url).close()
    config = migration_config(database_url)
    command.downgrade(config, "base")
    engine = create_engine(sqlalchemy_url(database_url))
    try:
        assert set(inspect(engine).get_table_names()) == {"alembic_version"}
    finally:
        engine.dispose()
    Store(database_url).close()
    assert differences(database_url) == []
    engine = create_engine(sqlalchemy_url(database_url))
    try:
        assert set(inspect(engine).get_table_names()) == TABLES
    finally:
        engine.dispose()


def test_the_revisions_form_one_line_from_the_first() -> None:
    script = ScriptDirectory.from_config(migration_config())
    revisions = list(script.walk_revisions())
    assert len(script.get_heads()) == 1
    assert revisions[-1].revision == "0001"
    assert revisions[-1].down_revision is None
