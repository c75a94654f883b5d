"""What went wrong, to the player: short, specific, and in their words.

Every refusal the application layer raises (:class:`~bot.errors.GameError`)
says itself (``text``); :func:`explain` turns the errors of discord.py's command
machinery (an option Discord could not convert, a command that changed since
Discord's copy, a full disk) into sentences too, and :func:`option_problem`
says what is wrong with an option value Discord should have checked. The
answering itself is :mod:`bot.discord.replies`'.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ..discord import markup
from ..errors import AlreadyVoted, GameError, NotStalled, OtherChannels
from ..i18n import Messages
from ..names import Name
from ..storage import DiskFull


def something_wrong(t: Messages) -> str:
    return t.gettext("Something went wrong on my side. `/carcassonne status` shows where the "
                     "game stands; try again from there.")


def commands_changed(t: Messages) -> str:
    return t.gettext("This command has changed since Discord last showed it to you; wait a "
                     "minute for Discord to catch up (or restart Discord), then try again.")


def unconverted(t: Messages, kind: discord.AppCommandOptionType | None,
                 option: str | None = None) -> str:
    """What a value Discord could not convert was meant to be, by option type
    (``option``: the option's name, when known)."""
    # Translators: {option} is an option's name in backticks, or "That option".
    option = option or t.gettext("That option")
    if kind is discord.AppCommandOptionType.user:
        return t.gettext("{option} must be a member of this server: choose one from the list.",
                         option=option)
    if kind is discord.AppCommandOptionType.channel:
        return t.gettext("{option} must be a text channel of this server: choose one from the "
                         "list.", option=option)
    if kind is discord.AppCommandOptionType.role:
        return t.gettext("{option} must be a role of this server.", option=option)
    return t.gettext("{option} could not be read: choose a value from Discord's list.",
                     option=option)


def refusal(error: BaseException) -> GameError | None:
    """The player's mistake behind a command error, if it is one of ours."""
    cause = error.__cause__ if isinstance(error, app_commands.TransformerError) else None
    original = getattr(error, "original", error)
    if isinstance(original, GameError):
        return original
    if isinstance(cause, GameError):
        return cause
    return None


def refusal_text(t: Messages, error: GameError) -> str:
    """A refusal in ``t``'s language, with the markup its values call for (channel
    links, timestamps, players' names escaped), made here rather than by the
    application that raised it."""
    if isinstance(error, OtherChannels):
        return t.gettext(error.sentence, channels=" ".join(markup.channel(c)
                                                            for c in error.channels))
    if isinstance(error, NotStalled):
        return t.gettext(error.sentence, current=markup.plain(error.current),
                         began=markup.timestamp(error.began), time=markup.timestamp(error.until))
    if isinstance(error, AlreadyVoted):
        return t.gettext(error.sentence, missing=t.list([f"**{markup.plain(name)}**"
                                                         for name in error.missing]))
    names = {key: markup.plain(value) for key, value in error.facts.items()
             if isinstance(value, Name)}
    if names:
        return t.gettext(error.sentence, **(error.filled(t) | names))
    return error.text(t)


def explain(t: Messages, error: BaseException) -> str | None:
    """The player's sentence for a command error, or None if it is a bug of ours."""
    found = refusal(error)
    if found is not None:
        return refusal_text(t, found)
    if isinstance(getattr(error, "original", error), DiskFull):
        return disk_full(t)
    if isinstance(error, app_commands.NoPrivateMessage):
        return t.gettext("Carcassonne is played in a server channel, not in direct messages.")
    if isinstance(error, app_commands.TransformerError):
        return unconverted(t, error.type)
    if isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
        return commands_changed(t)
    if isinstance(error, app_commands.CheckFailure):
        return t.gettext("You cannot use this command here.")
    return None


def disk_full(t: Messages) -> str:
    """A full disk, to the player: nothing they did was saved (the operator reads it in
    the log, :func:`command_error`)."""
    return t.gettext("The bot's disk is full, so nothing was saved: that did not happen. "
                     "Tell the server's admins; once there is space again, try again.")


def option_problem(t: Messages, parameter: app_commands.Parameter, value: Any,
             option: str) -> str | None:
    """What is wrong with ``value`` for ``parameter``, as a sentence naming the
    option (``option``, quoted as the user sees it)."""
    kind = parameter.type
    low, high = parameter.min_value, parameter.max_value
    if parameter.choices and value not in [c.value for c in parameter.choices]:
        return t.gettext("{option} must be one of the choices Discord shows.", option=option)
    if kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        number = not isinstance(value, bool) and isinstance(
            value, int if kind is discord.AppCommandOptionType.integer else int | float)
        if number and not ((low is not None and value < low)
                           or (high is not None and value > high)):
            return None
        whole = kind is discord.AppCommandOptionType.integer
        if low is not None and high is not None:
            if whole:
                return t.gettext("{option} must be a whole number from {low} to {high}.",
                                 option=option, low=f"{low:g}", high=f"{high:g}")
            return t.gettext("{option} must be a number from {low} to {high}.", option=option,
                             low=f"{low:g}", high=f"{high:g}")
        if whole:
            return t.gettext("{option} must be a whole number.", option=option)
        return t.gettext("{option} must be a number.", option=option)
    if kind is discord.AppCommandOptionType.boolean:
        return None if isinstance(value, bool) else t.gettext(
            "{option} must be True or False.", option=option)
    if kind is discord.AppCommandOptionType.string:
        if not isinstance(value, str):
            return t.gettext("{option} must be text.", option=option)
        if high is not None and len(value) > high:
            return t.gettext("{option} can be at most {high} characters long.", option=option,
                             high=f"{high:g}")
        return None
    # A user, channel, role or mentionable: Discord sends its id.
    return None if str(value).isdigit() else unconverted(t, kind, option)
