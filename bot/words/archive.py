"""``/archive`` (issue 22): a server's finished games page by page, one game with
its final map, scores and each player's statistics, and its replay turn by turn.
"""

from __future__ import annotations

import discord

from engine.statistics import GOODS, PlayerStatistics

from ..app.archive import Archived, ArchivePage, ReplayStep
from ..app.state import GameState
from ..discord import markup
from ..i18n import Messages
from ..i18n.terms import FEATURE_HEADINGS, GOODS_HEADING, ROLES, TILE_COUNT
from .common import COLOUR, NOTHING, Post, attach, game_title, mark, player_name, points
from .events import event_lines
from .history import history_lines
from .lobby import named_for_reader
from .results import game_over_text, ranked
from .turn import add_scores

#: The longest a menu option's label or description may be (Discord's limit).
MENU_TEXT = 100


def scores_line(state: GameState) -> str:
    """The final scores by rank, "🔵1 Ana 87 · 🟡2 Bob 75"; the names only if the record
    could not be read."""
    if state.game is None:
        return " · ".join(f"{mark(seat)} {player_name(state, seat)}"
                          for seat in range(len(state.players)))
    return " · ".join(f"{mark(seat)} {player_name(state, seat)} {state.game.scores[seat]}"
                      for seat in ranked(state))


def ended_on(state: GameState) -> str:
    moment = state.row.finished_at or state.row.updated_at
    return markup.timestamp(moment, markup.TimeStyle.DATE)


def archive_embed(t: Messages, page: ArchivePage, member: str | None) -> discord.Embed:
    """One page of finished games: each one's number, kind, date, players and scores."""
    title = (t.gettext("Finished games of {player}", player=markup.plain(member))
             if member is not None else t.gettext("Finished games of this server"))
    embed = discord.Embed(title=title, colour=COLOUR)
    lines = [f"**{game_title(t, state)}** · {ended_on(state)}\n{scores_line(state)}"
             for state in (named_for_reader(t, game) for game in page.games)]
    embed.description = "\n".join(lines)[:4000] or t.gettext(
        "No finished games yet. Games played to the end or voted to an end come here.")
    embed.set_footer(text=t.ngettext("Page {page} of {pages} · {count} game",
                                     "Page {page} of {pages} · {count} games", page.total,
                                     page=page.page, pages=page.pages))
    return embed


def archive_option(t: Messages, state: GameState) -> discord.SelectOption:
    """A finished game in the menu of a page: its title, and its players with scores
    (as written: a menu shows no markdown)."""
    state = named_for_reader(t, state)
    if state.game is None:
        names = ", ".join(state.names)
    else:
        names = ", ".join(f"{state.names[seat]} {state.game.scores[seat]}"
                          for seat in ranked(state))
    return discord.SelectOption(label=game_title(t, state)[:MENU_TEXT],
                                description=names[:MENU_TEXT], value=str(state.id))


def choose_game(t: Messages) -> str:
    """The placeholder of the menu of a page's games."""
    return t.gettext("Look at a game…")


def tiles(t: Messages, count: int) -> str:
    """"3 tiles"; no city or road at all is a dash, not "0 tiles"."""
    return t.term(TILE_COUNT, count) if count else NOTHING


def statistics_text(t: Messages, mine: PlayerStatistics) -> str:
    """A player's statistics: points by kind, biggest city and longest road, followers
    placed, turns."""
    kinds = [f"{t.term(GOODS_HEADING if kind == GOODS else FEATURE_HEADINGS[kind])} {n}"
             if kind == GOODS or kind in FEATURE_HEADINGS else f"{kind} {n}"
             for kind, n in mine.points_by_kind.items() if n]
    lines = [t.gettext("**Points**: {kinds}", kinds=" · ".join(kinds) if kinds else NOTHING)]
    if mine.biggest_city or mine.longest_road:
        lines.append(t.gettext("**Biggest city**: {city} · **Longest road**: {road}",
                               city=tiles(t, mine.biggest_city), road=tiles(t, mine.longest_road)))
    placed = [f"{t.term(ROLES[role]) if role in ROLES else role} ×{n}"
              for role, n in sorted(mine.followers_placed.items(), key=lambda i: (-i[1], i[0]))]
    lines.append(t.gettext("**Figures placed**: {figures}",
                           figures=" · ".join(placed) if placed else NOTHING))
    lines.append(t.ngettext("**Turns**: {count} tile placed", "**Turns**: {count} tiles placed",
                            mine.turns))
    return "\n".join(lines)


def archived_post(t: Messages, archived: Archived, picture: bytes | None,
                  record: tuple[str, bytes]) -> Post:
    """A finished game: its final map, the players by rank with their score and
    statistics, and its record (the file ``/carcassonne export`` gives)."""
    state = named_for_reader(t, archived.state)
    game = state.game
    assert game is not None
    embed = discord.Embed(title=game_title(t, state), colour=COLOUR)
    embed.description = "\n".join([
        game_over_text(t, state),
        t.ngettext("Ended {date} after {count} turn.", "Ended {date} after {count} turns.",
                   archived.turns, date=ended_on(state)),
    ])
    for seat in ranked(state):
        name = player_name(state, seat)
        if state.is_removed(seat):
            name = t.gettext("{name} (removed)", name=name)
        embed.add_field(name=f"{mark(seat)} {name}: {points(t, game.scores[seat])}",
                        value=statistics_text(t, archived.statistics.players[seat]),
                        inline=False)
    post = Post(embed=embed)
    attach(post, f"board-{state.id}.png", picture)
    post.files.append(record)
    return post


def replay_title(t: Messages, step: ReplayStep) -> str:
    return t.gettext("{game}: replay, turn {turn} of {last}", game=game_title(t, step.state),
                     turn=step.turn, last=step.last)


def replay_post(t: Messages, step: ReplayStep, picture: bytes | None) -> Post:
    """One step of a replay: the map after turn ``turn``, the move played then and what
    it caused, the scores so far (at the end, the final ones)."""
    state = named_for_reader(t, step.state)
    game = state.game
    assert game is not None
    embed = discord.Embed(title=replay_title(t, step), colour=COLOUR)
    if step.turn == 0:
        lines = [t.gettext("The start tile: the game before its first move.")]
    else:  # the events say the move (the tile, its place, its figure) and what it caused
        lines = event_lines(t, state, step.events) or [history_lines(t, state)[step.turn - 1]]
    if step.turn == step.last and game.is_over:
        lines.append(game_over_text(t, state))
    embed.description = "\n".join(lines)[:4000]
    add_scores(t, state, embed)
    post = Post(embed=embed)
    attach(post, f"replay-{state.id}-{step.turn}.png", picture)
    return post


def replay_label(t: Messages) -> str:
    return t.gettext("▶️ Replay")


def jump_label(t: Messages) -> str:
    return t.gettext("Jump to a turn")


def jump_title(t: Messages) -> str:
    """The title of the form that asks for a turn number."""
    return t.gettext("Jump to a turn")


def jump_field(t: Messages, last: int) -> str:
    """The label of the form's one field (Discord: at most 45 characters)."""
    return t.gettext("Turn (0 to {last})", last=last)
