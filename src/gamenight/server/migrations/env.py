"""Alembic's environment for the server's database.

:class:`gamenight.server.store.Store` runs the migrations itself, on the connection it
opened (``config.attributes["connection"]``), inside its transaction.  Run by hand (the
``alembic`` commands on :func:`gamenight.server.store.migration_config` with a URL, for
example to write the next revision with ``autogenerate``), it connects to that URL.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from gamenight.server.store import Base


def _run(connection: Connection) -> None:
    # Batch mode: SQLite cannot alter a table in place, so a later revision that changes
    # a column copies the table instead (on PostgreSQL it alters it as usual).
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    config = context.config
    if context.is_offline_mode():  # ``alembic upgrade --sql``: the SQL, for a person to run
        context.configure(url=config.get_main_option("sqlalchemy.url"),
                          target_metadata=Base.metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise ValueError("no database to migrate: give migration_config() a URL")
    engine = create_engine(url)
    try:
        with engine.begin() as opened:
            _run(opened)
    finally:
        engine.dispose()


main()
