"""Discord's markup, made in one place: mentions, timestamps, channel links, escaping.

Everything else in the bot deals in values (a user id, a moment, a channel id,
a name as typed); only what builds a message turns them into the markup Discord
reads, through these functions. A timestamp (``<t:…>``) is drawn in each reader's
own time zone and language, so every time shown to a player is one.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

import discord


class TimeStyle(StrEnum):
    """How Discord draws a timestamp (the letter after its second colon)."""

    #: "in 3 hours", "2 days ago".
    RELATIVE = "R"
    #: "26 November 2026 09:00".
    DATE_TIME = "f"
    #: "09:00".
    TIME = "t"
    #: "26 November 2026".
    DATE = "D"


def mention(user_id: int) -> str:
    """A person's mention, ``<@123>``: it calls them when allowed mentions let it."""
    return f"<@{user_id}>"


def timestamp(moment: datetime, style: TimeStyle = TimeStyle.RELATIVE) -> str:
    """``moment`` as ``<t:…>``: every reader sees it in their own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def channel(channel_id: int) -> str:
    """A link to a channel (or thread), ``<#123>``."""
    return f"<#{channel_id}>"


def plain(text: str) -> str:
    """``text`` (a name as its owner typed it) shown as written: markdown and
    mentions escaped, so ``**Sam**`` reads as typed and ``@everyone`` calls nobody."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))
