"""Reminders of a turn: in the channel, by direct message, and a snoozed one.
"""

from __future__ import annotations

import discord

from ..app.absence import Snoozed
from ..app.clock import Reminder
from ..discord import markup
from ..i18n import Messages
from ..names import MAX_NAME
from .common import Post, called, deadline_date, deadline_line, game_title, jump_url


def reminder_post(t: Messages, reminder: Reminder, view: discord.ui.View | None) -> Post:
    state = reminder.state
    lines = [t.gettext("⏰ {player}, it is still your turn in **{game}**: it began {time}.",
                       player=called(state, reminder.player), game=game_title(t, state),
                       time=markup.timestamp(reminder.since))]
    if reminder.deadline is not None:
        lines.append(deadline_line(t, deadline_date(t, reminder.deadline)))
    if reminder.counted:
        lines.append(t.gettext("(Reminder {number} of {limit}; `/carcassonne snooze` puts "
                               "it off.)", number=reminder.number, limit=reminder.limit))
    return Post(content=t.sentences(*lines), view=view)


def reminder_dm(t: Messages, reminder: Reminder, guild_name: str | None) -> str:
    state = reminder.state
    facts = {"game": game_title(t, state), "time": markup.timestamp(reminder.since),
             "link": jump_url(state.row.guild_id, state.row.channel_id)}
    if guild_name:
        text = t.gettext("⏰ It is your turn in {game} on {server}; it began {time}: {link}",
                         server=markup.plain((guild_name)[:MAX_NAME]), **facts)
    else:
        text = t.gettext("⏰ It is your turn in {game}; it began {time}: {link}", **facts)
    if reminder.deadline is not None:
        text += "\n" + deadline_line(t, deadline_date(t, reminder.deadline))
    return text + "\n" + t.gettext("(`/carcassonne me call:` changes how you are called.)")


def snoozed_text(t: Messages, snoozed: Snoozed) -> str:
    text = t.gettext("😴 Your next reminder for {game} comes {time}.",
                     game=game_title(t, snoozed.state), time=markup.timestamp(snoozed.until))
    if snoozed.deadline is not None:
        text = t.sentences(text, t.gettext("The deadline stays {deadline}.",
                                           deadline=deadline_date(t, snoozed.deadline)))
    return text
