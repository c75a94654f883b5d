"""``carcassonne-bot``: read ``.env``, set up logging, and run the bot.

Kept apart from the bot class (as RoboDanny's ``launcher.py``) so that tests
and tools build the same bot with :func:`bot.create_bot` and never touch the
environment, the token or the network.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass

DEFAULT_DATABASE = "carcassonne.sqlite3"


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one sentence for the operator."""


@dataclass(frozen=True)
class Settings:
    token: str
    database: str
    dev_guild_id: int | None
    log_level: str

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
        return cls(
            token=token,
            database=env.get("CARCASSONNE_DATABASE", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
        )


def main() -> None:
    """Entry point of the ``carcassonne-bot`` console script."""
    from dotenv import load_dotenv

    load_dotenv()
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        raise SystemExit(1) from None

    import discord

    from . import create_bot

    discord.utils.setup_logging(level=getattr(logging, settings.log_level), root=True)
    bot = create_bot(database=settings.database, dev_guild_id=settings.dev_guild_id)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused DISCORD_TOKEN: copy the token again from the bot's page "
            "in the Developer Portal.",
            file=sys.stderr,
        )
        raise SystemExit(1) from None
    except discord.PrivilegedIntentsRequired:
        print(
            "Discord refused the connection for missing intents; this bot needs none "
            "of the privileged ones, so check that you run an unmodified bot.",
            file=sys.stderr,
        )
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
