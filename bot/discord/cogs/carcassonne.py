"""The one ``/carcassonne`` command group: a cog of commands only.

Its subcommands are written in a few modules by topic (the lobby, playing
and looking, the turn clock), each a plain class of commands; this cog puts
them together, and discord.py makes them the children of one group.
Handlers are thin: read the options, call the application layer, have the
result presented. Errors are answered by the command tree
(:func:`bot.discord.replies.command_error`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from .advice import AdviceCommands
from .clock import ClockCommands
from .lobby import LobbyCommands
from .me import MeCommands
from .play import PlayCommands

if TYPE_CHECKING:
    from ...app import App
    from ..announcements import Announcer
    from ..languages import Readers


@app_commands.guild_only()
class Carcassonne(
    LobbyCommands,
    PlayCommands,
    ClockCommands,
    MeCommands,
    AdviceCommands,
    commands.GroupCog,
    group_name="carcassonne",
    group_description="Play Carcassonne in this channel",
):
    def __init__(self, app: App, announcer: Announcer, readers: Readers) -> None:
        self.app = app
        self.announcer = announcer
        self.readers = readers
        super().__init__()
