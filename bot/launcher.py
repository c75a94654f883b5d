"""``carcassonne-bot``: read ``.env``, check the database, set up logging, and run the bot.

Kept apart from the bot class (as RoboDanny's ``launcher.py``) so that tests
and tools build the same bot with :func:`bot.create_bot` and never touch the
environment, the token or the network.

Whatever stops the start (a missing setting, a damaged or unwritable
database, a full disk, no network, a refused token) is said in one sentence
on stderr, and the process exits with status 1 at once: every database
connection (each one a thread) is closed on the way out.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from .storage import POSTGRES_SCHEMES, Shards
from .thinking import AISettings

DEFAULT_DATABASE = "carcassonne.sqlite3"
#: Bounds of the AI settings (worker processes; the hard level's seconds per move).
MAX_AI_WORKERS = 16
AI_SECONDS = (0.1, 10.0)
#: CARCASSONNE_SHARDS: shards FIRST-LAST of COUNT, or one shard, SHARD/COUNT.
_SHARDS = re.compile(r"(?P<first>[0-9]+)(?:-(?P<last>[0-9]+))?/(?P<count>[0-9]+)")


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one sentence for the operator."""


class StartupError(Exception):
    """The bot cannot start; the message is one sentence for the operator."""


@dataclass(frozen=True)
class Settings:
    token: str
    database: str
    dev_guild_id: int | None
    log_level: str
    #: AI worker processes and the hard level's time per move.
    ai: AISettings = AISettings()
    #: The shards this process runs (CARCASSONNE_SHARDS); None: one process, unsharded.
    shards: Shards | None = None

    @classmethod
    def from_env(cls, env: dict[str, str] | os._Environ[str] = os.environ) -> Settings:
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: copy .env.example to .env"
                " and put your bot's token in it."
            )
        guild = env.get("CARCASSONNE_DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(
                f"CARCASSONNE_DEV_GUILD_ID must be a server id (digits only), not {guild!r}."
            )
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if not isinstance(logging.getLevelName(level), int):
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
        database = env.get("CARCASSONNE_DATABASE", "").strip() or DEFAULT_DATABASE
        shards = parse_shards(env.get("CARCASSONNE_SHARDS", ""))
        if (shards is not None and len(shards.ids) < shards.count
                and not database.startswith(POSTGRES_SCHEMES)):
            raise ConfigError(
                "CARCASSONNE_SHARDS leaves other shards to other processes, which must "
                "share one PostgreSQL database: set CARCASSONNE_DATABASE to a "
                "postgresql:// URL.")
        return cls(
            token=token,
            database=database,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            ai=_ai_settings(env),
            shards=shards,
        )


def parse_shards(text: str) -> Shards | None:
    """``0-3/8`` (shards 0 to 3 of 8), ``2/8`` (shard 2 of 8), or nothing (unsharded)."""
    text = text.strip()
    if not text:
        return None
    match = _SHARDS.fullmatch(text)
    if match is not None:
        first, count = int(match["first"]), int(match["count"])
        last = int(match["last"]) if match["last"] is not None else first
        if first <= last < count:
            return Shards(tuple(range(first, last + 1)), count)
    raise ConfigError(
        f"CARCASSONNE_SHARDS must be the shards this process runs out of how many there "
        f"are, as 0-3/8 (shards 0 to 3 of 8) or 2/8 (shard 2 of 8), not {text!r}.")


def _ai_settings(env: dict[str, str] | os._Environ[str]) -> AISettings:
    default = AISettings()
    workers = env.get("CARCASSONNE_AI_WORKERS", "").strip() or str(default.workers)
    if not (workers.isdigit() and workers.isascii() and 1 <= int(workers) <= MAX_AI_WORKERS):
        raise ConfigError(
            f"CARCASSONNE_AI_WORKERS must be a number of processes from 1 to "
            f"{MAX_AI_WORKERS}, not {workers!r}.")
    seconds = env.get("CARCASSONNE_AI_SECONDS", "").strip() or str(default.hard_seconds)
    try:
        hard_seconds = float(seconds)
    except ValueError:
        hard_seconds = -1.0
    if not AI_SECONDS[0] <= hard_seconds <= AI_SECONDS[1]:  # nan and inf too
        raise ConfigError(
            f"CARCASSONNE_AI_SECONDS must be {AI_SECONDS[0]} to {AI_SECONDS[1]:g} seconds, "
            f"not {seconds!r}.")
    return AISettings(workers=int(workers), hard_seconds=hard_seconds)


def load_env_file(folder: Path | None = None) -> None:
    """Read ``.env`` from the folder the bot is started in (not beside the package);
    settings already in the environment win."""
    from dotenv import load_dotenv

    load_dotenv(dotenv_path=(folder or Path.cwd()) / ".env", override=False)


async def check_database(path: str) -> None:
    """Open the database once before connecting: a damaged, unwritable or full one
    (for PostgreSQL, also a server out of reach or one that refuses the login) is
    reported (and never written) before the bot goes online."""
    from .storage import StorageError
    from .storage.databases import open_storage

    try:
        storage = await open_storage(path)
    except StorageError as exc:
        raise StartupError(str(exc)) from None
    await storage.close()


async def run(settings: Settings) -> None:
    import discord

    from . import Thinker, create_bot

    await check_database(settings.database)
    bot = create_bot(database=settings.database, dev_guild_id=settings.dev_guild_id,
                     thinker=Thinker(settings.ai), shards=settings.shards)
    try:
        async with bot:
            await bot.start(settings.token)
    except discord.LoginFailure:
        raise StartupError(
            "Discord refused DISCORD_TOKEN: copy the token again from the bot's page "
            "in the Developer Portal."
        ) from None
    except discord.PrivilegedIntentsRequired:
        raise StartupError(
            "Discord refused the connection for missing intents; this bot needs none "
            "of the privileged ones, so check that you run an unmodified bot."
        ) from None
    except (OSError, TimeoutError, discord.GatewayNotFound, discord.ConnectionClosed) as exc:
        # aiohttp's connection errors are OSErrors.
        raise StartupError(
            f"Cannot reach Discord ({_reason(exc)}): check this machine's internet "
            "connection, then start the bot again."
        ) from None
    except discord.DiscordServerError as exc:
        raise StartupError(
            f"Discord is having trouble ({exc.status}): try again in a few minutes."
        ) from None


def _reason(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:120]


def main() -> None:
    """Entry point of the ``carcassonne-bot`` console script."""
    load_env_file()
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        _fail(str(exc))

    import discord

    discord.utils.setup_logging(level=getattr(logging, settings.log_level), root=True)
    try:
        asyncio.run(run(settings))
    except StartupError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        pass


def _fail(sentence: str) -> NoReturn:
    print(sentence, file=sys.stderr)
    raise SystemExit(1)


if __name__ == "__main__":
    main()
