"""What the bot says when it cannot post in a game's channel: the note on a
message that comes late, and the direct message to the player on turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..app.state import GameState
from ..discord import markup
from ..i18n import Messages, Term
from ..names import MAX_NAME
from .common import game_title


def permission_list(t: Messages, names: Sequence[Term]) -> str:
    """"**Send Messages** and **Attach Files**", in ``t``'s language."""
    return t.list([f"**{t.term(name)}**" for name in names])


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
             "server": markup.plain((guild_name or "?")[:MAX_NAME])}
    text = t.gettext("⏰ It is your turn in {game} on {server}, but I could not say so in "
                     "{channel}. Play there with `/carcassonne place`.", **facts)
    if lacking:
        text += "\n" + t.gettext("I am missing {permissions} in that channel: ask someone "
                                 "who manages the server to give me that.",
                                 permissions=permission_list(t, lacking))
    return text
