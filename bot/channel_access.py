"""Whether the bot may post a game's news in its channel, and what it lacks.

Players' own commands work in any channel (an interaction's answer needs no
permission), but everything the bot says on its own (an AI's move, a
reminder, a deadline, whose turn it is after them) is a plain message in the
channel. Without the permissions below those are lost, and the next player is
never called, so ``new`` and ``start`` refuse such a channel, naming exactly
what is missing (:class:`CannotPost`). When a post fails during a game anyway
(a permission taken away later), the :class:`~bot.announcements.Announcer`
keeps it for the next command in the channel and tells the player on turn by
direct message (:func:`unposted_dm`).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from . import markup
from .app.state import GameState
from .errors import NotAllowed
from .i18n import N_, Messages, Term, term
from .names import shown
from .presenters import game_title

#: What the bot needs to post a turn message (text, embed, picture), as
#: (the flag of :class:`discord.Permissions`, its name as Discord shows it).
NEEDED: tuple[tuple[str, Term], ...] = (
    ("view_channel", term("permission", "View Channel")),
    ("send_messages", term("permission", "Send Messages")),
    ("embed_links", term("permission", "Embed Links")),
    ("attach_files", term("permission", "Attach Files")),
)
#: In a thread, Send Messages in Threads stands for Send Messages.
IN_THREADS = ("send_messages_in_threads", term("permission", "Send Messages in Threads"))


def missing(permissions: discord.Permissions, *, thread: bool = False) -> list[Term]:
    """The permissions the bot lacks to post a game's news (none: it can)."""
    needed = [IN_THREADS if flag == "send_messages" and thread else (flag, name)
              for flag, name in NEEDED]
    return [name for flag, name in needed if not getattr(permissions, flag)]


def missing_here(interaction: discord.Interaction) -> list[Term]:
    """What the bot lacks in the channel of ``interaction`` (Discord sends the bot's
    own permissions there with every interaction)."""
    thread = isinstance(interaction.channel, discord.Thread)
    return missing(interaction.app_permissions, thread=thread)


def require_posting(interaction: discord.Interaction) -> None:
    """Refuse a game in a channel where the bot cannot post its news."""
    lacking = missing_here(interaction)
    if lacking:
        raise CannotPost(lacking)


def permission_list(t: Messages, names: Sequence[Term]) -> str:
    """"**Send Messages** and **Attach Files**", in ``t``'s language."""
    return t.list([f"**{t.term(name)}**" for name in names])


def missing_in(guild: discord.Guild | None, channel_id: int) -> list[Term]:
    """What the bot lacks in a channel, as far as its cache knows (none if unknown)."""
    channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
    if channel is None or guild is None:
        return []
    return missing(channel.permissions_for(guild.me), thread=isinstance(channel, discord.Thread))


def cannot_post(t: Messages, lacking: Sequence[Term]) -> str:
    """Why a message of the game comes late: "I could not post in this channel ..."."""
    if not lacking:
        return t.gettext("⚠️ I could not post this in this channel when it happened.")
    return t.gettext("⚠️ I could not post this in this channel when it happened: I am "
                     "missing {permissions} here.", permissions=permission_list(t, lacking))


def unposted_dm(t: Messages, state: GameState, guild_name: str | None,
                lacking: list[Term]) -> str:
    """The direct message to the player on turn when their call could not be posted."""
    facts = {"game": game_title(t, state), "channel": markup.channel(state.row.channel_id),
             "server": shown(guild_name or "?")}
    text = t.gettext("⏰ It is your turn in {game} on {server}, but I could not say so in "
                     "{channel}. Play there with `/carcassonne place`.", **facts)
    if lacking:
        text += "\n" + t.gettext("I am missing {permissions} in that channel: ask someone "
                                 "who manages the server to give me that.",
                                 permissions=permission_list(t, lacking))
    return text


class CannotPost(NotAllowed):
    """``new`` or ``start`` in a channel where the bot cannot post."""

    message = N_(
        "I cannot post in this channel: I am missing {permissions}. Without that, nobody "
        "would be told when it is their turn. Ask someone who manages the server to give "
        "me that here, or play in another channel.")

    def __init__(self, lacking: list[Term]) -> None:
        super().__init__()
        self.lacking = lacking

    def filled(self, t: Messages) -> dict[str, object]:
        return {"permissions": permission_list(t, self.lacking)}
