"""The Discord bot through which people play Carcassonne.

:func:`create_bot` builds the whole bot (commands, components, storage on an
SQLite file) without connecting, for tests and tools; the ``carcassonne-bot``
console script (:mod:`bot.launcher`) adds ``.env``, logging and the
connection.
"""

from __future__ import annotations

from .client import CarcassonneBot


def create_bot(
    *, database: str, dev_guild_id: int | None = None, seed: int | None = None
) -> CarcassonneBot:
    """The bot, its games stored in the SQLite file ``database``.

    ``dev_guild_id`` syncs the commands to one server, where they appear at
    once (global commands can take a while); ``seed`` makes game seeds and
    seating reproducible (tests, benchmarks). Without it, as in production, the
    engine draws each game's seed from :mod:`secrets` when the game starts.
    """
    return CarcassonneBot(database=database, dev_guild_id=dev_guild_id, seed=seed)


__all__ = ["CarcassonneBot", "create_bot"]
