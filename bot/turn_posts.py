"""What the bot shows for asynchronous play: reminders, absent players, votes,
history, a player's games, and the settings.

Pure functions of application results, as :mod:`bot.presenters` (whose
helpers they share), in the language of ``t``; images come in as PNG bytes.
Times are Discord timestamps (``<t:…:R>``), which every reader sees in their
own time zone and language.
"""

from __future__ import annotations

from datetime import datetime

import discord

from engine import Discard, Event, PlayerRemoved, Remove, Skip, TurnSkipped

from .app.absence import Absence, Snoozed, Vote
from .app.clock import Reminder
from .app.lifecycle import LobbyExpired
from .app.queries import MyGame
from .app.settings import AI_PLAYS, NOTHING, SKIP, GameRules, ServerSettings, TurnRules
from .app.state import GameState
from .app.vocabulary import AbsenceAction
from .i18n import Messages
from .i18n.terms import LANGUAGE_NAMES
from .markup import TimeStyle, channel, timestamp
from .move_words import move_text
from .names import shown
from .presenters import (
    COLOUR,
    Post,
    attach,
    call_player,
    called,
    event_lines,
    final_scoring,
    game_over_text,
    game_title,
    image_embed,
    mark,
    mention,
    next_turn_text,
    scores_field,
    stood_in,
    turn_title,
    who,
)
from .tile_names import tile_label

ABANDONED, BONUS = AbsenceAction.ABANDONED, AbsenceAction.BONUS

HISTORY_PAGE = 25
MY_GAMES = 20


def jump_url(guild_id: int, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}"


def deadline_text(t: Messages, deadline: datetime | None) -> str:
    if deadline is None:
        return t.gettext("none")
    # Translators: a deadline: its date, then how far it is ("in 3 hours"), both filled
    # in by Discord in the reader's language.
    return t.gettext("{date} ({time})", date=timestamp(deadline, TimeStyle.DATE_TIME),
                     time=timestamp(deadline))


# ---------------------------------------------------------------- reminders


def reminder_post(t: Messages, reminder: Reminder, view: discord.ui.View | None) -> Post:
    state = reminder.state
    lines = [t.gettext("⏰ {player}, it is still your turn in **{game}**: it began {time}.",
                       player=called(state, reminder.player), game=game_title(t, state),
                       time=timestamp(reminder.since))]
    if reminder.deadline is not None:
        lines.append(t.gettext("⏳ Deadline {deadline}.",
                               deadline=deadline_text(t, reminder.deadline)))
    lines.append(t.gettext("(Reminder {number} of {limit}; `/carcassonne snooze` puts it "
                           "off.)", number=reminder.number, limit=reminder.limit))
    return Post(content=t.sentences(*lines), view=view)


def reminder_dm(t: Messages, reminder: Reminder, guild_name: str | None) -> str:
    state = reminder.state
    facts = {"game": game_title(t, state), "time": timestamp(reminder.since),
             "link": jump_url(state.row.guild_id, state.row.channel_id)}
    if guild_name:
        text = t.gettext("⏰ It is your turn in {game} on {server}; it began {time}: {link}",
                         server=shown(guild_name), **facts)
    else:
        text = t.gettext("⏰ It is your turn in {game}; it began {time}: {link}", **facts)
    if reminder.deadline is not None:
        text += "\n" + t.gettext("⏳ Deadline {deadline}.",
                                 deadline=deadline_text(t, reminder.deadline))
    return text + "\n" + t.gettext("(`/carcassonne notify dm:False` stops these messages.)")


def snoozed_text(t: Messages, snoozed: Snoozed) -> str:
    text = t.gettext("😴 Your next reminder for {game} comes {time}.",
                     game=game_title(t, snoozed.state), time=timestamp(snoozed.until))
    if snoozed.deadline is not None:
        text = t.sentences(text, t.gettext("The deadline stays {deadline}.",
                                           deadline=deadline_text(t, snoozed.deadline)))
    return text


# ----------------------------------------------------------- absent players


def absence_post(
    t: Messages,
    absence: Absence,
    board_png: bytes | None,
    chart_png: bytes | None,
    view: discord.ui.View | None,
) -> Post:
    """A missed deadline, a skipped turn, or a removed player, and what comes next."""
    state = absence.state
    seat = state.seat(absence.player.id)
    name = f"**{state.name(absence.player)}**"
    facts = {"player": name if seat is None else f"{mark(seat)} {name}",
             "game": game_title(t, state)}
    if absence.action == AbsenceAction.NOTHING:
        return Post(content=t.gettext(
            "⌛ {player}'s deadline in **{game}** has passed. The host can `/carcassonne kick` "
            "an absent player; players can `/carcassonne vote-end`.", **facts))
    if absence.action == BONUS:
        return Post(content=t.gettext(
            "⌛ {player}'s deadline in **{game}** has passed, but a bonus tile cannot be "
            "skipped. The host can `/carcassonne kick` an absent player.", **facts))
    player = facts["player"]
    if absence.action == AbsenceAction.SKIP:
        skipped = _skipped_tile(absence.events)
        if skipped:
            lines = [t.gettext("⏭️ {player} missed the deadline: the turn is skipped and {tile} "
                               "goes back into the bag.", player=player,
                               tile=tile_label(t, skipped))]
        else:
            lines = [t.gettext("⏭️ {player} missed the deadline: the turn is skipped.",
                               player=player)]
        if absence.remove_after and absence.missed:
            lines.append(t.gettext("Missed turns in a row: {count}.", count=absence.missed))
    elif absence.action == ABANDONED and any(p.is_ai for p in state.players):
        # AI players never miss a turn: the game ends when the people have all gone.
        lines = [t.ngettext(
            "⏹️ {player} missed the deadline too. Every person playing has missed {count} "
            "turn in a row, so the game ends here and is scored.",
            "⏹️ {player} missed the deadline too. Every person playing has missed {count} "
            "turns in a row, so the game ends here and is scored.", absence.idle_rounds,
            player=player)]
    elif absence.action == ABANDONED:
        lines = [t.ngettext(
            "⏹️ {player} missed the deadline too. Every player has missed {count} turn in a "
            "row, so the game ends here and is scored.",
            "⏹️ {player} missed the deadline too. Every player has missed {count} turns in a "
            "row, so the game ends here and is scored.", absence.idle_rounds, player=player)]
    elif absence.by is not None:
        lines = [t.gettext("🚪 {player} was removed from the game by **{by}**: their followers "
                           "left the map; their score stands.", player=player,
                           by=shown(absence.by.name))]
    else:
        lines = [t.ngettext(
            "🚪 {player} missed {count} turn in a row and is removed from the game: their "
            "followers left the map; their score stands.",
            "🚪 {player} missed {count} turns in a row and is removed from the game: their "
            "followers left the map; their score stands.", absence.missed, player=player)]
    embed = discord.Embed(title=turn_title(t, state), colour=COLOUR)
    post = Post(view=view)
    game = state.game
    if game is not None and game.is_over:
        embed.description = "\n".join([*lines, *event_lines(t, state, absence.events)])[:4000]
        final_scoring(t, state, embed)
        post.content = game_over_text(t, state)
        image_embed(embed, f"scores-{state.id}.png", chart_png, post)
    else:
        # The lead says the skip or the removal; the events since the last turn, the rest.
        call_player(t, state, embed, lines, [e for e in absence.events
                                             if isinstance(e, TurnSkipped | PlayerRemoved)],
                    absence.events)
        if absence.action == AbsenceAction.REMOVE:
            attach(post, f"board-{state.id}-{state.turn}.png", board_png)
        post.content = next_turn_text(t, state)
    post.embed = embed
    return post


def _skipped_tile(events: list[Event]) -> str | None:
    return next((e.tile for e in events if isinstance(e, TurnSkipped)), None)


def lobby_expired_post(t: Messages, expired: LobbyExpired) -> Post:
    return Post(content=t.ngettext(
        "⌛ **{game}** was not started within {count} hour, so it is closed. Open a new one "
        "with `/carcassonne new`.",
        "⌛ **{game}** was not started within {count} hours, so it is closed. Open a new one "
        "with `/carcassonne new`.", expired.hours, game=game_title(t, expired.state)))


def vote_post(t: Messages, vote: Vote, chart_png: bytes | None) -> Post:
    state = vote.state
    voters = t.list([who(state, seat) for p in vote.voters
                     if (seat := state.seat(p.id)) is not None]) or t.gettext("nobody")
    if not vote.ended:
        return Post(content=t.gettext(
            "🗳️ Votes to end **{game}** now: {voters}. It ends (and is scored) when {missing} "
            "also `/carcassonne vote-end`. A move cancels the votes.", game=game_title(t, state),
            voters=voters, missing=t.list([mention(state, p) for p in vote.missing])))
    embed = discord.Embed(title=t.gettext("{game} ends by vote", game=game_title(t, state)),
                          colour=COLOUR)
    embed.description = t.gettext("🗳️ {voters} voted to end the stalled game. Final scoring:",
                                  voters=voters)
    final_scoring(t, state, embed)
    post = Post(content=game_over_text(t, state), embed=embed)
    image_embed(embed, f"scores-{state.id}.png", chart_png, post)
    return post


# ------------------------------------------------------------------ history


def history_lines(t: Messages, state: GameState) -> list[str]:
    """One line per record entry: who did what, and who scored by it."""
    game = state.game
    assert game is not None
    names = state.names
    lines = []
    previous = (0,) * len(names)
    for index, entry in enumerate(game.history):
        seat = entry.player
        action = entry.action
        player = f"{mark(seat)} {names[seat]}"
        if isinstance(action, Remove):
            text = t.gettext("🚪 {player} was removed from the game",
                             player=f"{mark(action.player)} {names[action.player]}")
        elif isinstance(action, Skip):
            text = t.gettext("⏭️ {player} missed the turn ({tile} back into the bag)",
                             player=player, tile=tile_label(t, action.tile))
        elif isinstance(action, Discard):
            text = t.gettext("🗑️ {player} drew {tile}, which fit nowhere", player=player,
                             tile=tile_label(t, action.tile))
        else:
            # Translators: a move of the history: a mark and a name ("🔵1 **Ana**"), then
            # the move ("city edge (D) at `3,-1`, 90°, follower on the north field").
            text = t.gettext("{player}: {move}", player=player,
                             move=move_text(t, action, str(game.options.game)))
            if entry.bonus:
                text = t.sentences(text, t.gettext("(bonus tile)"))
            if index in state.row.stand_ins:
                text = t.sentences(text, stood_in(t))
            if index in state.row.hints:
                # Translators: after a move in the history: the player had asked the AI
                # for a hint (/carcassonne hint) on that turn.
                text = t.sentences(text, t.gettext("(💡 hint taken)"))
        after = game.after_turn[index] if index < len(game.after_turn) else previous
        gains = [f"{names[i]} +{after[i] - previous[i]}" for i in range(len(names))
                 if after[i] > previous[i]]
        if gains:
            text += " · " + t.list(gains)
        previous = after
        lines.append(f"`{index + 1:>3}` {text}")
    return lines


def history_post(t: Messages, state: GameState, page: int | None,
                 chart_png: bytes | None) -> Post:
    lines = history_lines(t, state)
    pages = max(1, -(-len(lines) // HISTORY_PAGE))
    page = pages if page is None else min(max(page, 1), pages)
    shown_lines = lines[(page - 1) * HISTORY_PAGE: page * HISTORY_PAGE]
    embed = discord.Embed(title=t.gettext("{game}: moves", game=game_title(t, state)),
                          colour=COLOUR)
    embed.description = "\n".join(shown_lines)[:4000] or t.gettext("No moves yet.")
    if state.game is not None:
        embed.add_field(name=t.gettext("Scores"), value=scores_field(t, state), inline=False)
    embed.set_footer(text=t.ngettext("Page {page} of {pages} · {count} entry",
                                     "Page {page} of {pages} · {count} entries", len(lines),
                                     page=page, pages=pages))
    post = Post(embed=embed)
    image_embed(embed, f"scores-{state.id}.png", chart_png, post)
    return post


# ----------------------------------------------------------------- my games


def my_games_embed(t: Messages, games: list[MyGame], user_id: int) -> discord.Embed:
    embed = discord.Embed(title=t.gettext("Your games on this server"), colour=COLOUR)
    if not games:
        embed.description = t.gettext("You are not playing in any running game here.")
        return embed
    lines = []
    for mine in games[:MY_GAMES]:
        row = mine.row
        state = GameState(row)
        current = mine.current
        facts = {"game": f"[{game_title(t, state)}]({jump_url(row.guild_id, row.channel_id)})",
                 "channel": channel(row.channel_id), "time": timestamp(mine.since)}
        if row.damaged is not None:
            text = t.gettext("{game} in {channel}: its record is damaged", **facts)
        elif current is None:
            text = t.gettext("{game} in {channel}: nobody's turn", **facts)
        elif current.id == user_id:
            text = t.gettext("{game} in {channel}: **your turn** since {time}", **facts)
        else:
            text = t.gettext("{game} in {channel}: {player}'s turn since {time}",
                             player=state.name(current), **facts)
        if mine.deadline is not None:
            text += " · " + t.gettext("⏳ deadline {time}", time=timestamp(mine.deadline))
        lines.append(text)
    embed.description = "\n".join(lines)[:4000]
    if len(games) > MY_GAMES:
        embed.set_footer(text=t.ngettext("and {count} more game", "and {count} more games",
                                         len(games) - MY_GAMES))
    return embed


# ----------------------------------------------------------------- settings


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
    channels = " ".join(channel(c) for c in settings.channels) or t.gettext("any channel")
    lines.append(t.gettext("**Games may be opened in**: {channels}", channels=channels))
    lines.append(t.gettext("**Remove the buttons of finished games' messages**: {answer}",
                           answer=t.gettext("yes") if settings.tidy else t.gettext("no")))
    limits = settings.limits
    lines += [
        t.gettext("**Open games one member may host**: {count}", count=limits.lobby_limit),
        t.ngettext("**A game nobody starts closes after**: {count} hour",
                   "**A game nobody starts closes after**: {count} hours", limits.lobby_hours),
        t.ngettext("**A game ends when every player missed**: {count} turn in a row",
                   "**A game ends when every player missed**: {count} turns in a row",
                   limits.idle_rounds),
    ]
    language = settings.language
    lines.append(t.gettext("**Language of the games' messages**: {language}",
                           language=t.term(LANGUAGE_NAMES[language]) if language
                           else t.gettext("the server's language in Discord")))
    lines.append(t.gettext("**Hints from the AI in casual games**: {answer}",
                           answer=t.gettext("yes") if settings.hints else t.gettext("no")))
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
                                   player=state.name(on_turn), time=timestamp(found.reminder)))
        if found.deadline is not None:
            lines.append(t.gettext("{player}'s deadline: {deadline}", player=state.name(on_turn),
                                   deadline=deadline_text(t, found.deadline)))
    embed.description = "\n".join(lines)
    return embed
