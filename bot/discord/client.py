"""The bot: a :class:`commands.Bot` that owns the storage, the services and the timers.

``setup_hook`` opens the storage, builds the application (:class:`bot.app.App`,
with the AI's worker processes, a :class:`~bot.thinking.Thinker`), the
:class:`~bot.discord.announcements.Announcer`,
the timer :class:`~bot.scheduler.Scheduler` and its listeners
(:mod:`bot.discord.listeners`), registers the components and loads the one cog of
commands. ``close`` stops the timers, the workers and the storage.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

import render

from .. import images
from ..app import App
from ..databases import open_storage
from ..i18n import CatalogueTranslator, Language, Messages, messages
from ..i18n.command_limits import translated_payloads
from ..scheduler import Scheduler
from ..storage import Storage
from ..thinking import Thinker
from . import components, replies
from .announcements import Announcer
from .languages import private_language, public_language
from .listeners import TimerListeners

log = logging.getLogger(__name__)

EXTENSIONS = ("bot.discord.cogs.carcassonne",)


class CommandTree(app_commands.CommandTree):
    """Every command error is answered here, once (see :mod:`bot.discord.replies`), and an
    option value that is not what the command declares never reaches a command."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.type is not discord.InteractionType.application_command:
            return True
        t = await reader(interaction)
        problem = await replies.unreadable_option(t, interaction)
        if problem is None:
            return True
        await replies.reply_error(interaction, problem)
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await replies.command_error(await reader(interaction), interaction, error)


class CarcassonneBot(commands.Bot):
    """Slash commands and components only: no prefix commands, no privileged intents."""

    storage: Storage
    #: The application: lobby, moves, lifecycle, clock, absences, settings, AI, queries.
    app: App
    announcer: Announcer
    scheduler: Scheduler

    def __init__(
        self, *, database: str, dev_guild_id: int | None = None, seed: int | None = None,
        catalogues: Callable[[Language], Messages] = messages,
        thinker: Thinker | None = None,
    ) -> None:
        # The bot uses no voice: discord.py's warnings that its voice libraries (PyNaCl,
        # davey) are missing read as errors to a newcomer, so they are not given.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=discord.Intents(guilds=True),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            tree_cls=CommandTree,
        )
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.seed = seed
        #: Where the messages of each language come from (a test may give its own).
        self.catalogues = catalogues
        #: The AI's worker processes (started at the first AI move, stopped by ``close``).
        self.thinker = thinker or Thinker()

    async def setup_hook(self) -> None:
        images.check_fonts()
        self.storage = await open_storage(self.database)
        clock = discord.utils.utcnow
        self.scheduler = Scheduler(self.storage, self.dispatch, clock=clock)
        self.app = App(self.storage, self.thinker, clock=clock, seed=self.seed,
                       wake=self.scheduler.wake)
        self.announcer = Announcer(self)
        self.add_listener(TimerListeners(self).on_carcassonne_timer)
        self.add_dynamic_items(*components.DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogueTranslator(self.catalogues))
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        summarised = await self.app.lifecycle.summarise_old_games()
        if summarised:
            log.info("filled in the turn of %d games stored by an older version", summarised)
        await self.sync_commands()
        # The pictures' palettes take 1-2 s to work out: now, before the first move.
        await asyncio.to_thread(render.warm_up)
        self.scheduler.start()

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

    # ---------------------------------------------------------- languages

    async def reader(self, interaction: discord.Interaction) -> Messages:
        """The messages of whoever sent ``interaction``, for a reply only they see."""
        language = await private_language(self.storage, interaction.user.id,
                                          interaction.locale, interaction.guild_id,
                                          interaction.guild_locale)
        return self.catalogues(language)

    async def public(self, guild_id: int) -> Messages:
        """The messages of a server's public posts (turns, reminders, results)."""
        guild = self.get_guild(guild_id)
        locale = guild.preferred_locale if guild is not None else None
        return self.catalogues(await public_language(self.storage, guild_id, locale))

    async def on_app_command_completion(self, interaction: discord.Interaction,
                                        command: object) -> None:
        """After any command: a game message this channel missed comes now."""
        await self.announcer.deliver_pending(interaction)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        try:
            scheduler = getattr(self, "scheduler", None)
            if scheduler is not None:
                await scheduler.stop()
            await super().close()
        finally:
            await self.thinker.close()
            storage = getattr(self, "storage", None)
            if storage is not None:
                await storage.close()
                del self.storage


async def reader(interaction: discord.Interaction) -> Messages:
    """The messages of the one who sent ``interaction`` (see :meth:`CarcassonneBot.reader`)."""
    bot: CarcassonneBot = interaction.client  # type: ignore[assignment]
    return await bot.reader(interaction)


async def command_tree() -> app_commands.CommandTree:
    """The bot's command tree, built offline (no token, no database): what
    ``python -m bot.i18n extract`` reads the commands' strings from."""
    from .cogs.carcassonne import Carcassonne

    bot = CarcassonneBot(database=":memory:")
    await bot.add_cog(Carcassonne(bot))
    return bot.tree
