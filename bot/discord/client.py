"""The bot: a :class:`commands.Bot` that owns the storage, the services and the timers.

``setup_hook`` opens the storage, has the composition root
(:mod:`bot.discord.composition`) build the services on it (the application
with the AI's worker processes, a :class:`~bot.thinking.Thinker`; the
announcer; the timer scheduler and its listeners; the one cog of commands),
registers them and the components. ``close`` stops the timers, the workers
and the storage.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import render

from .. import images
from ..app import App
from ..i18n import CatalogueTranslator, Language, Messages, messages
from ..i18n.command_limits import translated_payloads
from ..scheduler import Scheduler
from ..storage import Shards, Storage
from ..storage.databases import open_storage
from ..thinking import Thinker
from . import components, replies
from .composition import compose
from .services import ServedBot, services_of

log = logging.getLogger(__name__)

class CommandTree(app_commands.CommandTree):
    """Every command error is answered here, once (see :mod:`bot.discord.replies`), and an
    option value that is not what the command declares never reaches a command."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.type is not discord.InteractionType.application_command:
            return True
        t = await services_of(interaction).readers.private(interaction)
        problem = await replies.unreadable_option(t, interaction)
        if problem is None:
            return True
        await replies.reply_error(interaction, problem)
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        t = await services_of(interaction).readers.private(interaction)
        await replies.command_error(t, interaction, error)


class CarcassonneBot(ServedBot):
    """Slash commands and components only: no prefix commands, no privileged intents."""

    def __init__(
        self, *, database: str, dev_guild_id: int | None = None, seed: int | None = None,
        catalogues: Callable[[Language], Messages] = messages,
        thinker: Thinker | None = None, shards: Shards | None = None,
    ) -> None:
        # Only the sharded client (below) takes shard ids.
        sharding: dict[str, Any] = ({} if shards is None else
                    {"shard_ids": list(shards.ids), "shard_count": shards.count})
        # The bot uses no voice: discord.py's warnings that its voice libraries (PyNaCl,
        # davey) are missing read as errors to a newcomer, so they are not given.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=discord.Intents(guilds=True),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            tree_cls=CommandTree,
            **sharding,
        )
        self.database = database
        #: The shards this process runs (None: one process, all of them).
        self.own_shards = shards
        self.dev_guild_id = dev_guild_id
        self.seed = seed
        #: Where the messages of each language come from (a test may give its own).
        self.catalogues = catalogues
        #: The AI's worker processes (started at the first AI move, stopped by ``close``).
        self.thinker = thinker or Thinker()

    async def setup_hook(self) -> None:
        images.check_fonts()
        composed = compose(self, await open_storage(self.database),
                           catalogues=self.catalogues, thinker=self.thinker,
                           clock=discord.utils.utcnow, seed=self.seed,
                           shards=self.own_shards)
        self.services = composed.services
        self.add_listener(composed.listeners.on_carcassonne_timer)
        self.add_dynamic_items(*components.DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogueTranslator(self.catalogues))
        await self.add_cog(composed.cog)
        await self.add_cog(composed.archive)
        await self.add_cog(composed.ratings)
        await self.add_cog(composed.league)
        summarised = await self.app.lifecycle.summarise_old_games()
        if summarised:
            log.info("filled in the turn of %d games stored by an older version", summarised)
        await self.sync_commands()
        # The pictures' palettes take 1-2 s to work out: now, before the first move.
        await asyncio.to_thread(render.warm_up)
        self.scheduler.start()

    # For the client's own upkeep, and for tests and tools: never for a service's reach.
    @property
    def storage(self) -> Storage:
        return self.services.storage

    @property
    def app(self) -> App:
        return self.services.app

    @property
    def scheduler(self) -> Scheduler:
        return self.services.scheduler

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Upload the command tree when it differs from the last upload; True if it did.

        Discord rate-limits syncs, so we remember a hash of what we uploaded
        (per application and guild) rather than syncing on every start: the
        commands as sent, with their localisations, so a changed translation
        syncs too. With a development guild the commands go there and show up
        at once.
        """
        guild = discord.Object(self.dev_guild_id) if self.dev_guild_id else None
        prefix = f"commands:{self.application_id}:"
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        else:
            await self._remove_development_commands(prefix)
        translator = self.tree.translator
        assert translator is not None
        payload = await translated_payloads(self.tree, translator, guild=guild)
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = prefix + (str(guild.id) if guild else "global")
        if not force and await self.storage.meta(key) == digest:
            log.info("application commands unchanged; not syncing")
            return False
        await self.tree.sync(guild=guild)
        async with self.storage.transaction() as tx:
            await tx.set_meta(key, digest)
        log.info(
            "synced %d application commands to %s",
            len(payload),
            f"guild {guild.id}" if guild else "all servers",
        )
        return True

    async def _remove_development_commands(self, prefix: str) -> None:
        """Going global: take back commands once synced to a development guild,
        which would otherwise show twice there."""
        for key in await self.storage.meta_keys(prefix):
            scope = key.removeprefix(prefix)
            if not scope.isdigit():
                continue
            guild = discord.Object(int(scope))
            self.tree.clear_commands(guild=guild)
            try:
                await self.tree.sync(guild=guild)
            except discord.HTTPException as exc:
                log.warning("could not remove the commands of guild %s: %s", scope, exc)
            async with self.storage.transaction() as tx:
                await tx.set_meta(key, None)
            log.info("removed the development commands of guild %s", scope)

    async def on_app_command_completion(self, interaction: discord.Interaction,
                                        command: object) -> None:
        """After any command: a game message this channel missed comes now."""
        await self.services.announcer.deliver_pending(interaction)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        services = getattr(self, "services", None)
        try:
            if services is not None:
                await services.scheduler.stop()
            await super().close()
        finally:
            await self.thinker.close()
            if services is not None:
                await services.storage.close()
                del self.services


class ShardedCarcassonneBot(CarcassonneBot, commands.AutoShardedBot):
    """The bot as one of several processes: discord.py's sharded client on the shards
    it is given (``CARCASSONNE_SHARDS``), over a database they share. Each process
    answers the interactions of its shards' servers and fires their timers."""

    def __init__(self, *, database: str, shards: Shards, **options: Any) -> None:
        super().__init__(database=database, shards=shards, **options)


async def command_tree() -> app_commands.CommandTree:
    """The bot's command tree, built offline (no token, no database file): what
    ``python -m bot.i18n extract`` reads the commands' strings from."""
    bot = CarcassonneBot(database=":memory:")
    storage = await open_storage(":memory:")
    try:
        composed = compose(bot, storage, catalogues=bot.catalogues, thinker=bot.thinker,
                           clock=discord.utils.utcnow)
        await bot.add_cog(composed.cog)
        await bot.add_cog(composed.archive)
        await bot.add_cog(composed.ratings)
        await bot.add_cog(composed.league)
    finally:
        await storage.close()
    return bot.tree
