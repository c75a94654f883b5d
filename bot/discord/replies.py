"""Answers to what went wrong: private, and never too long for Discord.

Every refusal the application layer raises (:class:`~bot.errors.GameError`)
reaches the player through :func:`reply_error`; :func:`command_error` answers
the errors of discord.py's command machinery too, in the words of
:mod:`bot.words.refusals`. Only an error that is really ours is logged and
answered in general words.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from ..i18n import Messages
from ..storage import DiskFull
from ..words.refusals import commands_changed, explain, option_problem, something_wrong

log = logging.getLogger(__name__)

#: Discord refuses messages longer than this.
MAX_MESSAGE = 2000


def fit(text: str) -> str:
    """``text`` cut to what one Discord message may hold."""
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


async def reply_error(interaction: discord.Interaction, message: str) -> None:
    """Answer ephemerally, whether or not the interaction was answered already."""
    text = fit(message)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:  # the interaction expired, or Discord is away
        log.warning("could not answer interaction %s: %s", interaction.id, exc)


async def command_error(
    t: Messages, interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    """The command tree's error handler: a refusal is the player's to read, a full
    disk is said to the player and the log, the rest is logged; either way the
    answer is private."""
    original = getattr(error, "original", error)
    if isinstance(original, DiskFull):
        log.error("%s", original)  # one sentence for the operator, no traceback
    message = explain(t, error)
    if message is None:
        log.error(
            "command %s failed",
            interaction.command and interaction.command.qualified_name,
            exc_info=getattr(error, "original", error),
        )
        message = something_wrong(t)
    await reply_error(interaction, message)


async def unreadable_option(t: Messages, interaction: discord.Interaction) -> str | None:
    """What is wrong with an option value Discord should have checked but did not
    (a stale command, a hostile client): its type, range, length or choices.
    None when every option is as the command declares it."""
    command = interaction.command
    data: Mapping[str, Any] = interaction.data or {}
    if not isinstance(command, app_commands.Command):
        return None
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # into the subcommand
        options = options[0].get("options") or []
    for option in options:
        name = str(option.get("name", ""))[:32]
        parameter = command.get_parameter(name)
        if parameter is None:
            return commands_changed(t)
        problem = option_problem(t, parameter, option.get("value"),
                           f"`{await shown_name(interaction, parameter)}`")
        if problem is not None:
            return problem
    return None


async def shown_name(interaction: discord.Interaction, parameter: app_commands.Parameter) -> str:
    """An option's name as the user's Discord shows it: its translation for their
    Discord locale (the command tree's translator), else the English name. Their
    chosen language may differ: Discord localises commands by the client's locale."""
    tree = getattr(interaction.client, "tree", None)
    translator = tree.translator if tree is not None else None
    if translator is not None:
        context: app_commands.TranslationContext[Any, Any] = app_commands.TranslationContext(
            app_commands.TranslationContextLocation.parameter_name, parameter)
        name = await translator.translate(parameter.locale_name, interaction.locale, context)
        if name:
            return name
    return parameter.display_name


def is_refusal(error: BaseException) -> bool:
    """Whether a command error was answered in its own words (a player's mistake, a
    full disk), not as a bug."""
    from ..i18n import SOURCE, messages

    return explain(messages(SOURCE), error) is not None
