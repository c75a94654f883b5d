"""What the bot shows for asynchronous play: reminders, absent players, votes,
history, a player's games, and the settings.

Pure functions of application results, as :mod:`bot.presenters` (whose
helpers they share); images come in as PNG bytes. Times are Discord
timestamps (``<t:…:R>``), which every reader sees in their own time zone.
"""

from __future__ import annotations

from datetime import datetime

import discord

from engine import Discard, Event, FigureKind, Remove, Skip, TurnSkipped

from .games import GameState
from .names import shown
from .naming import position_label
from .presenters import (
    COLOUR,
    Post,
    event_lines,
    final_scoring,
    game_over_text,
    game_title,
    image_embed,
    mark,
    next_turn_text,
    scores_field,
    tile_name,
)
from .settings import NOTHING, REMOVE, SKIP, ServerSettings, TurnRules
from .turns import (
    ABANDONED,
    BONUS,
    Absence,
    GameRules,
    LobbyExpired,
    MyGame,
    Reminder,
    Snoozed,
    Vote,
    timestamp,
)

HISTORY_PAGE = 25
_POLICY_TEXT = {
    NOTHING: "nothing happens (the host can remove the player, the others can vote to end)",
    SKIP: "the turn is skipped and the tile goes back into the bag",
    REMOVE: "the turn is skipped; after {n} missed turns in a row the player is removed",
}


def jump_url(guild_id: int, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}"


def deadline_text(deadline: datetime | None) -> str:
    return f"{timestamp(deadline, 'f')} ({timestamp(deadline)})" if deadline else "none"


# ---------------------------------------------------------------- reminders


def reminder_post(reminder: Reminder, view: discord.ui.View | None) -> Post:
    state = reminder.state
    text = (
        f"⏰ {reminder.player.mention()}, it is still your turn in **{game_title(state)}**: "
        f"it has waited since {timestamp(reminder.since)}."
    )
    if reminder.deadline is not None:
        text += f" Deadline {deadline_text(reminder.deadline)}."
    text += (
        f" (Reminder {reminder.number} of {reminder.limit}; `/carcassonne snooze` to put it off.)"
    )
    return Post(content=text, view=view)


def reminder_dm(reminder: Reminder, guild_name: str | None) -> str:
    state = reminder.state
    where = f" on {guild_name}" if guild_name else ""
    text = (
        f"⏰ It is your turn in {game_title(state)}{where}, "
        f"waiting since {timestamp(reminder.since)}: "
        f"{jump_url(state.row.guild_id, state.row.channel_id)}"
    )
    if reminder.deadline is not None:
        text += f"\nDeadline {deadline_text(reminder.deadline)}."
    return text + "\n(`/carcassonne notify dm:False` stops these messages.)"


def snoozed_text(snoozed: Snoozed) -> str:
    text = (
        f"😴 Your next reminder for {game_title(snoozed.state)} comes {timestamp(snoozed.until)}."
    )
    if snoozed.deadline is not None:
        text += f" The deadline stays {deadline_text(snoozed.deadline)}."
    return text


# ----------------------------------------------------------- absent players


def absence_post(
    absence: Absence,
    board_png: bytes | None,
    chart_png: bytes | None,
    view: discord.ui.View | None,
) -> Post:
    """A missed deadline, a skipped turn, or a removed player, and what comes next."""
    state = absence.state
    name = f"**{state.name(absence.player)}**"
    if absence.action == NOTHING:
        return Post(
            content=(
                f"⌛ {name}'s deadline in **{game_title(state)}** has passed. The host can "
                "`/carcassonne kick` an absent player; players can `/carcassonne vote-end`."
            )
        )
    if absence.action == BONUS:
        return Post(
            content=(
                f"⌛ {name}'s deadline in **{game_title(state)}** has passed, but a bonus tile "
                "cannot be skipped. The host can `/carcassonne kick` an absent player."
            )
        )
    embed = discord.Embed(title=f"{game_title(state)}, turn {state.turn}", colour=COLOUR)
    if absence.action == SKIP:
        lines = [f"⏭️ {name} missed the deadline: the turn is skipped"]
        skipped = _skipped_tile(absence.events)
        if skipped:
            lines[0] += f" and {tile_name(skipped, state)} goes back into the bag"
        lines[0] += "."
        if absence.remove_after and absence.missed:
            lines.append(f"Missed turns in a row: {absence.missed}.")
    elif absence.action == ABANDONED:
        lines = [
            f"⏹️ {name} missed the deadline too. Every player has missed "
            f"{absence.idle_rounds} turns in a row, so the game ends here and is scored."
        ]
    elif absence.by is not None:
        lines = [
            f"🚪 {name} was removed from the game by **{shown(absence.by.name)}**: "
            "their followers left the map; their score stands."
        ]
    else:
        lines = [
            f"🚪 {name} missed {absence.missed} turns in a row and is removed from the game: "
            "their followers left the map; their score stands."
        ]
    lines += event_lines(state, absence.events)
    embed.description = "\n".join(lines)[:4000]
    post = Post(view=view)
    game = state.game
    if game is not None and game.is_over:
        final_scoring(state, absence.events, embed)
        post.content = game_over_text(state)
        image_embed(embed, f"scores-{state.id}.png", chart_png, post)
    else:
        embed.add_field(name="Scores", value=scores_field(state), inline=False)
        if absence.action == REMOVE:
            image_embed(embed, f"board-{state.id}-{state.turn}.png", board_png, post)
        post.content = next_turn_text(state)
    post.embed = embed
    return post


def _skipped_tile(events: list[Event]) -> str | None:
    return next((e.tile for e in events if isinstance(e, TurnSkipped)), None)


def lobby_expired_post(expired: LobbyExpired) -> Post:
    return Post(
        content=(
            f"⌛ **{game_title(expired.state)}** was not started within {expired.hours} hours, "
            "so it is closed. Open a new one with `/carcassonne new`."
        )
    )


def vote_post(vote: Vote, chart_png: bytes | None) -> Post:
    state = vote.state
    voters = ", ".join(state.name(p) for p in vote.voters) or "nobody"
    if not vote.ended:
        missing = ", ".join(p.mention() for p in vote.missing)
        return Post(
            content=(
                f"🗳️ Votes to end **{game_title(state)}** now: {voters}. "
                f"It ends (and is scored) when {missing} also `/carcassonne vote-end`. "
                "A move cancels the votes."
            )
        )
    embed = discord.Embed(title=f"{game_title(state)} ends by vote", colour=COLOUR)
    embed.description = f"🗳️ {voters} voted to end the stalled game. Final scoring:"
    final_scoring(state, vote.events, embed)
    post = Post(content=game_over_text(state), embed=embed)
    image_embed(embed, f"scores-{state.id}.png", chart_png, post)
    return post


# ------------------------------------------------------------------ history


def history_lines(state: GameState) -> list[str]:
    """One line per record entry: who did what, and who scored by it."""
    game = state.game
    assert game is not None
    names = state.names
    lines = []
    previous = (0,) * len(names)
    for index, entry in enumerate(game.history):
        seat = entry.player
        who = f"{mark(seat)} {names[seat]}"
        action = entry.action
        if isinstance(action, Remove):
            text = f"🚪 {names[action.player]} left the game"
        elif isinstance(action, Skip):
            text = f"⏭️ {who} missed the turn ({action.tile} back into the bag)"
        elif isinstance(action, Discard):
            text = f"🗑️ {who} drew {action.tile}, which fit nowhere"
        else:
            text = (
                f"{who}: {action.tile} at `{position_label(action.x, action.y)}` "
                f"{action.rotation}°"
            )
            if action.figure == FigureKind.MEEPLE:
                text += f", follower on {action.port}"
            if action.figure == FigureKind.HUT:
                text += f", hut on {action.port}"
            if entry.bonus:
                text += " (bonus tile)"
        after = game.after_turn[index] if index < len(game.after_turn) else previous
        gains = [
            f"{names[i]} +{after[i] - previous[i]}"
            for i in range(len(names))
            if after[i] > previous[i]
        ]
        if gains:
            text += f" · {', '.join(gains)}"
        previous = after
        lines.append(f"`{index + 1:>3}` {text}")
    return lines


def history_post(state: GameState, page: int | None, chart_png: bytes | None) -> Post:
    lines = history_lines(state)
    pages = max(1, -(-len(lines) // HISTORY_PAGE))
    page = pages if page is None else min(max(page, 1), pages)
    shown = lines[(page - 1) * HISTORY_PAGE : page * HISTORY_PAGE]
    embed = discord.Embed(title=f"{game_title(state)}: moves", colour=COLOUR)
    embed.description = "\n".join(shown)[:4000] or "No moves yet."
    if state.game is not None:
        embed.add_field(name="Scores", value=scores_field(state), inline=False)
    embed.set_footer(text=f"Page {page} of {pages} · {len(lines)} entries")
    post = Post(embed=embed)
    image_embed(embed, f"scores-{state.id}.png", chart_png, post)
    return post


# ----------------------------------------------------------------- my games


def my_games_embed(games: list[MyGame], user_id: int) -> discord.Embed:
    embed = discord.Embed(title="Your games on this server", colour=COLOUR)
    if not games:
        embed.description = "You are not playing in any running game here."
        return embed
    lines = []
    for mine in games[:20]:
        row = mine.row
        state = GameState(row)
        current = mine.current
        url = jump_url(row.guild_id, row.channel_id)
        link = f"[{game_title(state)}]({url}) in <#{row.channel_id}>"
        if row.damaged is not None:
            whose = "its record is damaged"
        elif current is None:
            whose = "nobody's turn"
        elif current.id == user_id:
            whose = "**your turn**"
        else:
            whose = f"{state.name(current)}'s turn"
        text = f"{link}: {whose} since {timestamp(mine.since)}"
        if mine.deadline is not None:
            text += f", deadline {timestamp(mine.deadline)}"
        lines.append(text)
    embed.description = "\n".join(lines)[:4000]
    if len(games) > 20:
        embed.set_footer(text=f"and {len(games) - 20} more")
    return embed


# ----------------------------------------------------------------- settings


def rules_lines(rules: TurnRules) -> list[str]:
    reminders = (
        f"every {rules.reminder_hours} h, at most {rules.reminder_limit} per turn"
        if rules.reminder_hours
        else "off"
    )
    deadline = f"{rules.deadline_hours} h" if rules.deadline_hours else "none"
    lines = [f"**Reminders**: {reminders}", f"**Turn deadline**: {deadline}"]
    if rules.deadline_hours:
        policy = _POLICY_TEXT[rules.policy].format(n=rules.remove_after)
        lines.append(f"**At the deadline**: {policy}")
    return lines


def server_settings_embed(settings: ServerSettings) -> discord.Embed:
    embed = discord.Embed(title="Carcassonne settings of this server", colour=COLOUR)
    lines = [
        "Defaults for every game (the host can change a game's own with `/carcassonne deadline`):",
        *rules_lines(settings.rules),
    ]
    channels = ", ".join(f"<#{c}>" for c in settings.channels) or "any channel"
    lines.append(f"**Games may be opened in**: {channels}")
    tidy = "yes" if settings.tidy else "no"
    lines.append(f"**Remove the buttons of finished games' messages**: {tidy}")
    limits = settings.limits
    lines += [
        f"**Open games one member may host**: {limits.lobby_limit}",
        f"**A game nobody starts closes after**: {limits.lobby_hours} h",
        f"**A game ends when every player missed**: {limits.idle_rounds} turns in a row",
    ]
    embed.description = "\n".join(lines)
    return embed


def game_rules_post(found: GameRules, by: str) -> Post:
    """A game's turn clock; when ``by`` (a mention) just changed it, saying so."""
    text = f"{by} changed this game's turn clock." if found.changed else None
    return Post(content=text, embed=game_rules_embed(found))


def game_rules_embed(found: GameRules) -> discord.Embed:
    state = found.state
    embed = discord.Embed(title=f"{game_title(state)}: turn clock", colour=COLOUR)
    lines = rules_lines(found.rules)
    on_turn = state.row.player(state.row.on_turn) if state.row.on_turn is not None else None
    if state.row.status == "running" and on_turn is not None:
        if found.reminder is not None:
            lines.append(f"Next reminder to {state.name(on_turn)}: {timestamp(found.reminder)}")
        if found.deadline is not None:
            lines.append(f"{state.name(on_turn)}'s deadline: {deadline_text(found.deadline)}")
    embed.description = "\n".join(lines)
    return embed
