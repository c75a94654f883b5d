"""The Discord bot through which people play Carcassonne.

:func:`create_bot` builds the whole bot (commands, components, storage on an
SQLite file) without connecting, for tests and tools; the ``carcassonne-bot``
console script (:mod:`bot.launcher`) adds ``.env``, logging and the
connection.
"""

from __future__ import annotations

from collections.abc import Callable

from .discord.client import CarcassonneBot, ShardedCarcassonneBot
from .i18n import Language, Messages, messages
from .storage import Shards
from .thinking import AISettings, Thinker


def create_bot(
    *, database: str, dev_guild_id: int | None = None, seed: int | None = None,
    catalogues: Callable[[Language], Messages] = messages,
    thinker: Thinker | None = None, shards: Shards | None = None,
) -> CarcassonneBot:
    """The bot, its games stored in ``database``: an SQLite file, or a PostgreSQL
    server's ``postgresql://`` URL.

    ``dev_guild_id`` syncs the commands to one server, where they appear at
    once (global commands can take a while); ``seed`` makes game seeds and
    seating reproducible (tests, benchmarks). Without it, as in production, the
    engine draws each game's seed from :mod:`secrets` when the game starts.
    ``catalogues`` gives the messages of each language (default: the bot's own
    catalogues). ``thinker`` is how AI players think (its :class:`AISettings`:
    worker processes, the hard level's time per move); the bot stops it when it
    closes. ``shards`` makes it discord.py's sharded client on those shards (one of
    several processes on one PostgreSQL database); without, it is one process.
    """
    if shards is not None:
        return ShardedCarcassonneBot(database=database, dev_guild_id=dev_guild_id, seed=seed,
                                     catalogues=catalogues, thinker=thinker, shards=shards)
    return CarcassonneBot(database=database, dev_guild_id=dev_guild_id, seed=seed,
                          catalogues=catalogues, thinker=thinker)


__all__ = ["AISettings", "CarcassonneBot", "Shards", "Thinker", "create_bot"]
