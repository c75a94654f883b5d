"""Answers to what went wrong: short, specific, private, and never too long for Discord.

Every refusal the application layer raises (:class:`~bot.errors.GameError`)
reaches the player through :func:`reply_error`; :func:`command_error` turns
the errors of discord.py's command machinery (an option Discord could not
convert, a command that changed since Discord's copy) into sentences too. Only
an error that is really ours is logged and answered in general words.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from .errors import GameError

log = logging.getLogger(__name__)

#: Discord refuses messages longer than this.
MAX_MESSAGE = 2000

SOMETHING_WRONG = (
    "Something went wrong on my side. `/carcassonne status` shows where the game "
    "stands; try again from there."
)
NO_DIRECT_MESSAGES = "Carcassonne is played in a server channel, not in direct messages."
COMMANDS_CHANGED = (
    "This command has changed since Discord last showed it to you; "
    "wait a minute for Discord to catch up (or restart Discord), then try again."
)
#: What a value Discord could not convert was meant to be, by option type.
_UNCONVERTED = {
    discord.AppCommandOptionType.user: "must be a member of this server: choose one from the list",
    discord.AppCommandOptionType.channel: (
        "must be a text channel of this server: choose one from the list"
    ),
    discord.AppCommandOptionType.role: "must be a role of this server",
    None: "could not be read: choose a value from Discord's list",
}


def fit(text: str) -> str:
    """``text`` cut to what one Discord message may hold."""
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


async def reply_error(interaction: discord.Interaction, message: str | GameError) -> None:
    """Answer ephemerally, whether or not the interaction was answered already."""
    text = fit(str(message))
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:  # the interaction expired, or Discord is away
        log.warning("could not answer interaction %s: %s", interaction.id, exc)


def explain(error: BaseException) -> str | None:
    """The player's sentence for a command error, or None if it is a bug of ours."""
    cause = error.__cause__ if isinstance(error, app_commands.TransformerError) else None
    original = getattr(error, "original", error)
    if isinstance(original, GameError):
        return str(original)
    if isinstance(cause, GameError):
        return str(cause)
    if isinstance(error, app_commands.NoPrivateMessage):
        return NO_DIRECT_MESSAGES
    if isinstance(error, app_commands.TransformerError):
        problem = _UNCONVERTED.get(error.type, _UNCONVERTED[None])
        return f"That option {problem}."
    if isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
        return COMMANDS_CHANGED
    if isinstance(error, app_commands.CheckFailure):
        return "You cannot use this command here."
    return None


async def command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    """The command tree's error handler: a refusal is the player's to read, the
    rest is logged; either way the answer is private."""
    message = explain(error)
    if message is None:
        log.error(
            "command %s failed",
            interaction.command and interaction.command.qualified_name,
            exc_info=getattr(error, "original", error),
        )
        message = SOMETHING_WRONG
    await reply_error(interaction, message)


def unreadable_option(interaction: discord.Interaction) -> str | None:
    """What is wrong with an option value Discord should have checked but did not
    (a stale command, a hostile client): its type, range, length or choices.
    None when every option is as the command declares it."""
    command = interaction.command
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    if not isinstance(command, app_commands.Command):
        return None
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # into the subcommand
        options = options[0].get("options") or []
    for option in options:
        name = str(option.get("name", ""))[:32]
        parameter = command.get_parameter(name)
        if parameter is None:
            return COMMANDS_CHANGED
        problem = _problem(parameter, option.get("value"))
        if problem is not None:
            return f"`{parameter.display_name}` {problem}."
    return None


def _problem(parameter: app_commands.Parameter, value: Any) -> str | None:
    kind = parameter.type
    low, high = parameter.min_value, parameter.max_value
    if parameter.choices and value not in [c.value for c in parameter.choices]:
        return "must be one of the choices Discord shows"
    if kind is discord.AppCommandOptionType.integer:
        if isinstance(value, bool) or not isinstance(value, int):
            return _between("must be a whole number", low, high)
    elif kind is discord.AppCommandOptionType.number:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return _between("must be a number", low, high)
    elif kind is discord.AppCommandOptionType.boolean:
        return None if isinstance(value, bool) else "must be True or False"
    elif kind is discord.AppCommandOptionType.string:
        if not isinstance(value, str):
            return "must be text"
        if high is not None and len(value) > high:
            return f"can be at most {high:g} characters long"
        return None
    else:  # a user, channel, role or mentionable: Discord sends its id
        return None if str(value).isdigit() else _UNCONVERTED.get(kind, _UNCONVERTED[None])
    if (low is not None and value < low) or (high is not None and value > high):
        return _between("must be", low, high)
    return None


def _between(what: str, low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"{what} from {low:g} to {high:g}"
    return what


def is_refusal(error: BaseException) -> bool:
    """Whether a command error was answered as a player's mistake (not a bug)."""
    return explain(error) is not None
