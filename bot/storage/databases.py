"""Which storage a database names: a PostgreSQL server or an SQLite file.

Apart from :mod:`bot.storage` (the interface, which its backends import) so
that no import runs in a circle: this module imports the backends, they
import the interface.
"""

from __future__ import annotations

from . import POSTGRES_SCHEMES, Storage, StorageError


async def open_storage(database: str) -> Storage:
    """The storage of ``database``: a PostgreSQL server for a ``postgresql://`` URL,
    otherwise an SQLite file (created with its folder if missing).

    The database is checked before anything is written (``StorageError`` says what is
    wrong): reachable, not newer than this bot, and writable (a trial write).
    """
    if database.startswith(POSTGRES_SCHEMES):
        try:
            from .postgres import PostgresStorage
        except ModuleNotFoundError as exc:
            if exc.name != "asyncpg":
                raise
            raise StorageError(
                "CARCASSONNE_DATABASE names a PostgreSQL server, but its driver is not "
                "installed: pip install 'carcassonne-bot[postgres]'."
            ) from None
        return await PostgresStorage.open(database)
    from .sqlite import SQLiteStorage

    return await SQLiteStorage.open(database)

