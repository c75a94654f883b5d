"""Whether the bot may post a game's news in its channel, and what it lacks.

Players' own commands work in any channel (an interaction's answer needs no
permission), but everything the bot says on its own (an AI's move, a
reminder, a deadline, whose turn it is after them) is a plain message in the
channel. Without the permissions below those are lost, and the next player is
never called, so ``new`` and ``start`` refuse such a channel, naming exactly
what is missing (:class:`CannotPost`). When a post fails during a game anyway
(a permission taken away later), the :class:`~bot.discord.announcements.Announcer`
keeps it for the next command in the channel and tells the player on turn by
direct message (:func:`bot.words.access.unposted_dm`).
"""

from __future__ import annotations

import discord

from ..errors import NotAllowed
from ..i18n import N_, Messages, Term, term
from ..words.access import permission_list

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


#: What a thread per game needs besides: opening it, and posting in it.
FOR_THREADS: tuple[tuple[str, Term], ...] = (
    ("create_public_threads", term("permission", "Create Public Threads")),
    IN_THREADS,
)


def missing_for_threads(permissions: discord.Permissions) -> list[Term]:
    """What the bot lacks to play a game in its own thread (none: it can)."""
    return [name for flag, name in FOR_THREADS if not getattr(permissions, flag)]


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


def missing_in(guild: discord.Guild | None, channel_id: int) -> list[Term]:
    """What the bot lacks in a channel, as far as its cache knows (none if unknown)."""
    channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
    if channel is None or guild is None:
        return []
    return missing(channel.permissions_for(guild.me), thread=isinstance(channel, discord.Thread))


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
