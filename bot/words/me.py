"""A player's own settings (``/carcassonne me``), and a vacation told to the table."""

from __future__ import annotations

from datetime import datetime

import discord

from ..app.hours import Call, PlayerHours, clock_time
from ..app.me import MyHours
from ..app.state import GameState
from ..discord import markup
from ..i18n import Messages, parse_language
from ..i18n.terms import LANGUAGE_NAMES
from .common import COLOUR, Post, called, game_title


def call_text(t: Messages, hours: PlayerHours) -> str:
    if hours.call == Call.DM:
        return t.gettext("a mention, and reminders by direct message too")
    if hours.call == Call.LATER and hours.call_after:
        return t.ngettext("a mention, once the turn has waited {count} hour",
                          "a mention, once the turn has waited {count} hours",
                          hours.call_after)
    return t.gettext("a mention in the game's channel")


def me_embed(t: Messages, mine: MyHours) -> discord.Embed:
    hours = mine.hours
    embed = discord.Embed(title=t.gettext("Your settings"), colour=COLOUR)
    language = parse_language(mine.language)
    lines = [
        t.gettext("**Language**: {language}", language=t.term(LANGUAGE_NAMES[language])
                  if language else t.gettext("your Discord language")),
        t.gettext("**Time zone**: {zone}", zone=hours.zone or "UTC"),
        t.gettext("**Quiet hours**: {hours}",
                  hours=t.gettext("{start} to {end}, your time", start=clock_time(hours.quiet[0]),
                                  end=clock_time(hours.quiet[1]))
                  if hours.quiet else t.gettext("none")),
        t.gettext("**Your turn calls you by**: {call}", call=call_text(t, hours)),
        t.gettext("**Leaderboards**: {shown}", shown=t.gettext("left off") if mine.hidden
                  else t.gettext("shown")),
    ]
    for state, vacation in mine.away:
        assert vacation.until is not None
        lines.append(t.gettext("🏖️ On vacation in {game} until {time}.",
                               game=game_title(t, state),
                               time=markup.timestamp(vacation.until, markup.TimeStyle.DATE_TIME)))
    embed.description = "\n".join(lines)
    return embed


def away_line(t: Messages, state: GameState, user_id: int) -> str:
    """"🏖️ Ana is on vacation until …" for a player on one; nothing for the others."""
    until = state.clock.away_until(user_id)
    player = state.row.player(user_id)
    if until is None or player is None:
        return ""
    return on_vacation(t, state, player.id, until)


def on_vacation(t: Messages, state: GameState, user_id: int, until: datetime) -> str:
    player = state.row.player(user_id)
    assert player is not None
    return t.gettext("🏖️ {player} is on vacation until {time}: their clock is paused.",
                     player=called(state, player),
                     time=markup.timestamp(until, markup.TimeStyle.DATE_TIME))


def vacation_post(t: Messages, state: GameState, user_id: int) -> Post:
    """A vacation begun, or ended, told in the game's channel."""
    line = away_line(t, state, user_id)
    if not line:
        player = state.row.player(user_id)
        assert player is not None
        line = t.gettext("{player} is back from vacation in {game}.",
                         player=called(state, player), game=game_title(t, state))
    return Post(content=line)
