"""Settings: the turn clock (reminders, deadline, what happens at it) of a
server and of a game.
"""

from __future__ import annotations

import discord

from ..app.settings import AI_PLAYS, NOTHING, SKIP, GameRules, ServerSettings, TurnRules
from ..discord import markup
from ..i18n import Messages
from ..i18n.terms import LANGUAGE_NAMES
from .common import COLOUR, Post, deadline_date, game_title, player_name


def rules_lines(t: Messages, rules: TurnRules) -> list[str]:
    if rules.reminder_hours:
        reminders = t.ngettext(
            "every {count} hour, at most {limit} per turn",
            "every {count} hours, at most {limit} per turn", rules.reminder_hours,
            limit=rules.reminder_limit)
    else:
        reminders = t.gettext("off")
    deadline = (t.ngettext("{count} hour", "{count} hours", rules.deadline_hours)
                if rules.deadline_hours else t.gettext("none"))
    lines = [t.gettext("**Reminders**: {reminders}", reminders=reminders),
             t.gettext("**Turn deadline**: {deadline}", deadline=deadline)]
    if rules.deadline_hours:
        lines.append(t.gettext("**At the deadline**: {policy}",
                               policy=policy_text(t, rules.policy, rules.remove_after)))
    return lines


def policy_text(t: Messages, policy: str, remove_after: int) -> str:
    if policy == NOTHING:
        return t.gettext("nothing happens (the host can remove the player, the others can vote "
                         "to end)")
    if policy == SKIP:
        return t.gettext("the turn is skipped and the tile goes back into the bag")
    if policy == AI_PLAYS:
        return t.gettext("an AI plays the turn for the player, who is back in control as soon "
                         "as they act")
    return t.ngettext(
        "the turn is skipped; after {count} missed turn in a row the player is removed",
        "the turn is skipped; after {count} missed turns in a row the player is removed",
        remove_after)


def server_settings_embed(t: Messages, settings: ServerSettings) -> discord.Embed:
    embed = discord.Embed(title=t.gettext("Carcassonne settings of this server"),
                          colour=COLOUR)
    lines = [t.gettext("Defaults for every game (the host can change a game's own with "
                       "`/carcassonne deadline`):"), *rules_lines(t, settings.rules)]
    channels = " ".join(markup.channel(c) for c in settings.channels) or t.gettext("any channel")
    lines.append(t.gettext("**Games may be opened in**: {channels}", channels=channels))
    lines.append(t.gettext("**Remove the buttons of finished games' messages**: {answer}",
                           answer=t.gettext("yes") if settings.tidy else t.gettext("no")))
    lines.append(t.gettext("**Delete finished games' turn posts**: {answer}",
                           answer=t.gettext("yes") if settings.tidy_posts else t.gettext("no")))
    lines.append(t.gettext("**A thread per game**: {answer}",
                           answer=t.gettext("yes") if settings.threads else t.gettext("no")))
    limits = settings.limits
    lines += [
        t.gettext("**Open games one member may host**: {count}", count=limits.lobby_limit),
        t.ngettext("**A game nobody starts closes after**: {count} hour",
                   "**A game nobody starts closes after**: {count} hours", limits.lobby_hours),
        t.ngettext("**A game ends when every player missed**: {count} turn in a row",
                   "**A game ends when every player missed**: {count} turns in a row",
                   limits.idle_rounds),
    ]
    lines.append(t.gettext("**Vacations in a game, per player**: {times}, {days} in all",
                           times=limits.vacations,
                           days=t.ngettext("{count} day", "{count} days", limits.vacation_days)))
    lines.append(t.gettext("**Deadlines move out of the player's quiet hours**: {answer}",
                           answer=t.gettext("yes") if settings.quiet_deadlines
                           else t.gettext("no")))
    language = settings.language
    lines.append(t.gettext("**Language of the games' messages**: {language}",
                           language=t.term(LANGUAGE_NAMES[language]) if language
                           else t.gettext("the server's language in Discord")))
    lines.append(t.gettext("**Hints from the AI in casual games**: {answer}",
                           answer=t.gettext("yes") if settings.hints else t.gettext("no")))
    lines.append(t.gettext("**New games are rated**: {answer}",
                           answer=t.gettext("yes") if settings.rated else t.gettext("no")))
    embed.description = "\n".join(lines)
    return embed


def game_rules_post(t: Messages, found: GameRules, by: str) -> Post:
    """A game's turn clock; when ``by`` (a mention) just changed it, saying so."""
    text = t.gettext("{player} changed this game's turn clock.", player=by) \
        if found.changed else None
    return Post(content=text, embed=game_rules_embed(t, found))


def game_rules_embed(t: Messages, found: GameRules) -> discord.Embed:
    state = found.state
    embed = discord.Embed(title=t.gettext("{game}: turn clock", game=game_title(t, state)),
                          colour=COLOUR)
    lines = rules_lines(t, found.rules)
    on_turn = state.row.player(state.row.on_turn) if state.row.on_turn is not None else None
    if state.row.status == "running" and on_turn is not None:
        if found.reminder is not None:
            lines.append(t.gettext("Next reminder to {player}: {time}",
                                   player=player_name(state, on_turn),
                                   time=markup.timestamp(found.reminder)))
        if found.deadline is not None:
            lines.append(t.gettext("{player}'s deadline: {deadline}",
                                   player=player_name(state, on_turn),
                                   deadline=deadline_date(t, found.deadline)))
    embed.description = "\n".join(lines)
    return embed
