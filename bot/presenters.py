"""What the bot shows: messages and embeds built from application results.

Pure functions of their arguments (no I/O): the application layer says what
happened, these say it in Discord. Images come in as PNG bytes, already
rendered off the event loop, and go out as ``attachment://`` embed images.
"""

from __future__ import annotations

import io
import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import discord

from engine import (
    BonusTileEarned,
    Event,
    FeatureScored,
    Options,
    TileDiscarded,
    TilePlaced,
    TileType,
)

from .games import GameState, Played
from .naming import position_label
from .storage import CANCELLED, FINISHED, LOBBY, RUNNING

COLOUR = discord.Colour(0x2E7D32)
_PLAYER_MARKS = ("🔵", "🟠", "🟢", "🔴", "🟣", "🟡")
_KIND_NAMES = {
    "road": ("road", "Roads"),
    "city": ("city", "Cities"),
    "cloister": ("cloister", "Cloisters"),
    "field": ("farm", "Farms"),
    "river": ("river", "Rivers"),
    "lake": ("lake", "Lakes"),
    "forest": ("forest", "Forests"),
    "meadow": ("meadow", "Meadows"),
}
#: Notes in the tile catalogue that are for developers, not players (see tile_words).
_DEVELOPER_NOTES = re.compile(r"\s*(?:\((?:START|JCZ)[^)]*\)|;\s*(?:START|placed LAST)[^,;]*)")
_GAME_NAMES = {"carcassonne": "Carcassonne", "hunters-and-gatherers": "Hunters and Gatherers"}


@dataclass
class Post:
    """One message to send or an edit to make; files as (name, bytes) since a
    :class:`discord.File` can be sent only once."""

    content: str | None = None
    embed: discord.Embed | None = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    view: discord.ui.View | None = None
    #: Embeds shown after ``embed`` (say, the score chart under the final map).
    more_embeds: list[discord.Embed] = field(default_factory=list)

    @property
    def embeds(self) -> list[discord.Embed]:
        return ([self.embed] if self.embed is not None else []) + self.more_embeds

    def discord_files(self) -> list[discord.File]:
        return [discord.File(io.BytesIO(data), filename=name) for name, data in self.files]

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"content": self.content, "files": self.discord_files()}
        if self.embeds:
            kwargs["embeds"] = self.embeds
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "attachments": self.discord_files(),
            "view": self.view,
        }


def mark(seat: int) -> str:
    return _PLAYER_MARKS[seat % len(_PLAYER_MARKS)]


def game_title(state: GameState) -> str:
    name = _GAME_NAMES.get(state.row.options.get("game", "carcassonne"), "Carcassonne")
    return f"{name} #{state.id}"


def tile_name(tile: TileType | str, state: GameState | None = None) -> str:
    if isinstance(tile, str):
        found = state.game.rules.tiles.get(tile) if state and state.game else None
        if found is None:
            return f"**{tile}**"
        tile = found
    tiles = state.game.rules.tiles if state and state.game else None
    short = re.split(r"[,;]", tile_words(tile, tiles))[0].strip()
    return f"**{tile.id}** ({short})" if short else f"**{tile.id}**"


def tile_words(tile: TileType, tiles: Mapping[str, TileType] | None = None) -> str:
    """The catalogue's description of a tile, in words a player can read.

    The catalogue is written for developers: ``same, no pennant`` means "as the
    tile above, without a pennant", ``= J (...)`` "as tile J", ``mirror of WE2``
    refers to another tile, ``NEW:`` marks a Winter Edition tile, and notes say
    which tile starts or ends a game. Players saw these as "**G** (same)";
    ``tiles`` (in catalogue order) resolves the references.
    """
    text = (tile.description or "").removeprefix("NEW:").strip()
    text = _DEVELOPER_NOTES.sub("", text)
    head, _, rest = text.partition(",")
    ids = list(tiles or ())
    if tiles is None or tile.id not in ids:
        return "" if head == "same" or head.startswith("=") else text
    if head == "same":
        above = ids.index(tile.id) - 1
        if above < 0:
            return rest.strip()
        clauses = [c.strip() for c in tile_words(tiles[ids[above]], tiles).split(",")]
        return ", ".join([c for c in clauses if c != "pennant"] + [rest.strip()])
    reference = re.fullmatch(r"=\s*(\w+)\s*(?:\((.*)\))?", text)
    if reference:
        other = tiles.get(reference[1])
        return tile_words(other, tiles) if other is not None else reference[2] or ""
    mirror = re.fullmatch(r"mirror of (\w+)", text)
    if mirror and mirror[1] in tiles:
        return f"{tile_words(tiles[mirror[1]], tiles)} (mirrored)"
    return text


def options_text(options: dict[str, Any]) -> str:
    parsed = Options.from_dict(options)
    parts = [_GAME_NAMES[parsed.game]]
    if parsed.river:
        parts.append("River")
    if parsed.winter:
        parts.append("Winter Edition")
    if parsed.game == "carcassonne":
        parts.append(
            {"3rd": "farmers (3rd edition)", "1st": "farmers (1st edition)", "off": "no farmers"}[
                parsed.farmers
            ]
        )
    if parsed.small_city:
        parts.append("2-tile cities score 2")
    if not parsed.unfinished:
        parts.append("unfinished features score nothing")
    if parsed.hand > 1:
        parts.append(f"hand of {parsed.hand}")
    return ", ".join(parts)


def image_embed(embed: discord.Embed, name: str, data: bytes | None, post: Post) -> None:
    if data is not None:
        post.files.append((name, data))
        embed.set_image(url=f"attachment://{name}")


def thumbnail_embed(embed: discord.Embed, name: str, data: bytes | None, post: Post) -> None:
    """The tile to place next, beside the text (Discord shows it small, top right)."""
    if data is not None:
        post.files.append((name, data))
        embed.set_thumbnail(url=f"attachment://{name}")


# ------------------------------------------------------------------ lobby


def lobby_post(state: GameState, view: discord.ui.View | None, note: str | None = None) -> Post:
    row = state.row
    embed = discord.Embed(title=game_title(state), colour=COLOUR)
    embed.description = options_text(row.options)
    players = (
        "\n".join(f"{p.mention()}{' (host)' if p.id == row.host_id else ''}" for p in row.players)
        or "nobody"
    )
    embed.add_field(name=f"Players ({len(row.players)}/5)", value=players, inline=False)
    if row.status == LOBBY:
        embed.set_footer(
            text="2 to 5 players. Join, then the host starts; seats are drawn at random."
        )
    else:
        embed.set_footer(
            text={RUNNING: "Started.", FINISHED: "Finished.", CANCELLED: "Closed."}.get(
                row.status, row.status
            )
        )
    return Post(content=note, embed=embed, view=view)


# ------------------------------------------------------------------ turns


def _names(state: GameState, seats: tuple[int, ...]) -> str:
    return ", ".join(state.name(s) for s in seats)


def event_lines(state: GameState, events: list[Event]) -> list[str]:
    """One line per thing that happened, in order; final scoring is summed elsewhere."""
    lines: list[str] = []
    for event in events:
        if isinstance(event, TilePlaced) and event.player is not None:
            who = state.name(event.player)
            text = (
                f"**{who}** placed {tile_name(event.tile, state)} at "
                f"`{position_label(event.x, event.y)}` turned {event.rotation}°"
            )
            if event.figure is not None:
                what = "a hut" if event.figure.figure == "hut" else f"a {event.figure.role}"
                text += f", with {what} on {event.figure.port}"
            if event.bonus:
                text += " (bonus tile)"
            lines.append(text + ".")
        elif isinstance(event, FeatureScored) and not event.final:
            kind = _KIND_NAMES.get(event.kind, (event.kind, event.kind))[0]
            detail = f" ({event.note})" if event.note else f" ({event.tiles} tiles)"
            if event.scorers:
                each = " each" if len(event.scorers) > 1 else ""
                lines.append(
                    f"✅ Completed {kind}{detail}: "
                    f"**{_names(state, event.scorers)}** +{event.points}{each}."
                )
            else:
                lines.append(f"✅ Completed {kind}{detail}, nobody's.")
        elif isinstance(event, TileDiscarded):
            who = state.name(event.player)
            where = "goes back into the bag" if event.back_to_bag else "is discarded"
            lines.append(
                f"🗑️ {who} drew {tile_name(event.tile, state)}, which fits nowhere: it {where}."
            )
        elif isinstance(event, BonusTileEarned):
            lines.append(
                f"✨ {state.name(event.player)} earned a bonus tile: "
                f"{tile_name(event.tile, state)}."
            )
    return lines


def scores_field(state: GameState) -> str:
    game = state.game
    assert game is not None
    huts = game.rules.huts if hasattr(game, "rules") else 0
    lines = []
    for seat in range(len(state.players)):
        if state.is_removed(seat):
            lines.append(
                f"{mark(seat)} ~~{state.name(seat)}~~: {game.scores[seat]} points (removed)"
            )
            continue
        supply = game.supply(seat)
        extra = f", {supply.huts} huts" if huts else ""
        lines.append(
            f"{mark(seat)} **{state.name(seat)}**: {game.scores[seat]} points "
            f"({supply.meeples} followers{extra} left)"
        )
    return "\n".join(lines)


def next_turn_text(state: GameState) -> str:
    game = state.game
    current = state.current
    if game is None or current is None:
        return ""
    hand = game.hand
    if len(hand) > 1:
        tiles = ", ".join(tile_name(t, state) for t in hand)
        return f"{current.mention()}, your turn: choose one of {tiles}." + clock_text(state)
    bonus = " bonus" if game.is_bonus_turn else ""
    return (f"{current.mention()}, your turn: your{bonus} tile is {tile_name(hand[0], state)}."
            + clock_text(state))


def clock_text(state: GameState) -> str:
    """The turn's deadline and next reminder as Discord timestamps (local to each reader)."""
    parts = []
    if state.clock.deadline is not None:
        parts.append(f"Deadline {discord.utils.format_dt(state.clock.deadline, 'R')}.")
    if state.clock.reminder is not None:
        parts.append(f"Reminder {discord.utils.format_dt(state.clock.reminder, 'R')}.")
    return " " + " ".join(parts) if parts else ""


def turn_post(played: Played, board_png: bytes | None, view: discord.ui.View | None,
              tile_png: bytes | None = None, chart_png: bytes | None = None) -> Post:
    """The one public message after a move (``tile_png``: the next tile to place;
    ``chart_png``: after the last move, the scores over the game)."""
    state = played.state
    lines = event_lines(state, played.events)
    post = Post(view=view)
    embed = discord.Embed(title=f"{game_title(state)}, turn {state.turn}", colour=COLOUR)
    embed.description = "\n".join(lines)[:4000]
    image_embed(embed, f"board-{state.id}-{state.turn}.png", board_png, post)
    thumbnail_embed(embed, f"tile-{state.id}-{state.turn}.png", tile_png, post)
    if state.game is not None and state.game.is_over:
        final_scoring(state, played.events, embed)
        post.content = game_over_text(state)
        if chart_png is not None:
            chart = discord.Embed(title="Scores over the game", colour=COLOUR)
            image_embed(chart, f"scores-{state.id}.png", chart_png, post)
            post.more_embeds.append(chart)
    else:
        embed.add_field(name="Scores", value=scores_field(state), inline=False)
        embed.set_footer(
            text=f"{state.game.tiles_left() if state.game else 0} tiles left in the bag"
        )
        post.content = next_turn_text(state)
    post.embed = embed
    return post


def started_post(state: GameState, board_png: bytes | None, view: discord.ui.View | None) -> Post:
    post = Post(view=view)
    seating = "\n".join(f"{mark(i)} {p.mention()}" for i, p in enumerate(state.players))
    embed = discord.Embed(title=f"{game_title(state)} begins", colour=COLOUR)
    embed.description = f"{options_text(state.row.options)}\n\n**Seating**\n{seating}"
    assert state.game is not None
    if state.game.commitment is not None:
        embed.description += f"\n\n🔒 Bag sealed: `{state.game.commitment[:12]}…`"
    lines = event_lines(state, list(state.game.events))
    if lines:
        embed.add_field(name="Before the first turn", value="\n".join(lines)[:1024], inline=False)
    image_embed(embed, f"board-{state.id}-0.png", board_png, post)
    embed.set_footer(
        text="Play with /carcassonne place or the button below. /carcassonne help explains."
        + (f"\nBag seal (SHA-256): {state.game.commitment}" if state.game.commitment else "")
    )
    post.embed = embed
    post.content = next_turn_text(state) if not state.game.is_over else game_over_text(state)
    return post


def final_scoring(state: GameState, events: list[Event], embed: discord.Embed) -> None:
    """Final scoring by player and feature kind, and the outcome."""
    game = state.game
    assert game is not None
    finals = [e for e in game.events if isinstance(e, FeatureScored) and e.final]
    by_player: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for event in finals:
        for seat in event.scorers:
            by_player[seat][event.kind] += event.points
    for seat in range(len(state.players)):
        parts = [
            f"{_KIND_NAMES.get(kind, (kind, kind.title()))[1]} +{points}"
            for kind, points in sorted(by_player[seat].items())
            if points
        ]
        gained = sum(by_player[seat].values())
        before = game.scores[seat] - gained
        value = (
            f"{before} in play, "
            + (", ".join(parts) if parts else "nothing more")
            + f" at the end = **{game.scores[seat]}**"
        )
        name = state.name(seat) + (" (removed)" if state.is_removed(seat) else "")
        embed.add_field(name=f"{mark(seat)} {name}", value=value, inline=False)


def game_over_text(state: GameState) -> str:
    game = state.game
    assert game is not None
    outcome = game.outcome()
    if outcome is None:
        return "The game is over."
    winners = [state.players[s] for s in outcome.winners]
    score = outcome.scores[outcome.winners[0]] if outcome.winners else 0
    if len(winners) == 1:
        return f"🏆 Game over! {winners[0].mention()} wins with {score} points."
    names = ", ".join(w.mention() for w in winners)
    return f"🏆 Game over! {names} share the win with {score} points."


# ----------------------------------------------------- read-only answers


def board_post(state: GameState, board_png: bytes | None) -> Post:
    post = Post()
    embed = discord.Embed(title=f"{game_title(state)}, turn {state.turn}", colour=COLOUR)
    image_embed(embed, f"board-{state.id}-{state.turn}.png", board_png, post)
    if board_png is None and state.game is not None:
        embed.description = board_text(state)
    if state.game is not None:
        embed.add_field(name="Scores", value=scores_field(state), inline=False)
    post.embed = embed
    return post


def board_text(state: GameState) -> str:
    """A text listing of the map, for when no picture can be drawn."""
    assert state.game is not None
    tiles = sorted(state.game.board.tiles.values(), key=lambda t: (t.y, t.x))
    lines = [f"`{position_label(t.x, t.y)}` {t.tile.id} {t.rotation}°" for t in tiles]
    text = "\n".join(lines)
    return text if len(text) < 3900 else text[:3900] + "\n…"


def status_embed(state: GameState, now: datetime) -> discord.Embed:
    row = state.row
    embed = discord.Embed(title=f"{game_title(state)}: {row.status}", colour=COLOUR)
    embed.description = options_text(row.options)
    if state.game is None:
        players = "\n".join(p.mention() for p in row.players)
        embed.add_field(
            name=f"Players ({len(row.players)}/5)", value=players or "nobody", inline=False
        )
        host = state.host
        embed.add_field(name="Host", value=host.mention() if host else "nobody", inline=False)
        return embed
    game = state.game
    embed.add_field(name="Scores", value=scores_field(state), inline=False)
    embed.add_field(name="Tiles left", value=str(game.tiles_left()), inline=True)
    embed.add_field(name="Turn", value=str(state.turn), inline=True)
    current = state.current
    if current is not None:
        since = row.turn_started_at or row.updated_at
        hand = ", ".join(tile_name(t, state) for t in game.hand)
        embed.add_field(
            name="On turn",
            value=f"{current.mention()} since {discord.utils.format_dt(since, 'R')}\nTile: {hand}"
            + ("\n" + clock_text(state).strip() if clock_text(state) else ""),
            inline=False,
        )
    elif game.is_over:
        embed.add_field(name="Result", value=game_over_text(state), inline=False)
    if game.commitment is not None:
        embed.add_field(name="Bag seal (SHA-256)", value=f"`{game.commitment}`", inline=False)
    if not row.is_open and game.seed is not None:
        embed.add_field(name="Bag seed", value=f"`{game.seed}`", inline=False)
    return embed


def tiles_embed(state: GameState) -> discord.Embed:
    game = state.game
    assert game is not None
    remaining = game.remaining()
    embed = discord.Embed(
        title=f"{game_title(state)}: {sum(remaining.values())} tiles left", colour=COLOUR
    )
    lines = [f"`{count:>2}×` {tile_name(tile_id, state)}" for tile_id, count in remaining.items()]
    bonus = game.remaining_bonus()
    if bonus:
        lines.append(f"\nBonus tiles: {sum(bonus.values())}")
    embed.description = "\n".join(lines)[:4000] or "The bag is empty."
    return embed


HELP_TEXT = """\
**Start**: `/carcassonne new` opens a game here (choose the options), players press \
**Join**, and the host presses **Start**. Seats are drawn at random.
**Your turn**: press **Play your turn** under the latest turn message to see the legal places, \
a preview, and where a follower may stand; nothing happens until you **Confirm**. Or type \
`/carcassonne place`: `position` suggests every legal place as `x,y rotation` (the map's \
labels give x across the top and y down the side; the move-choice picture letters them A, B, ...), \
`follower` suggests the ports (N, NNE, C...) of that placement, or none.
**Anytime**: `/carcassonne board`, `status`, `tiles`, `export` (the game record as JSON), \
`history` (the moves and a score chart), `mygames` (your games on this server).
**Over days**: the bot reminds the player on turn; `notify` adds a direct message, `snooze` \
puts a reminder off. The host sets a turn `deadline` (nothing, skip the turn, or remove the \
player after missed turns) and can `kick` an absent player; players can `vote-end` a stalled \
game. Server defaults: `settings` (Manage Server).
**End**: the game ends by itself when the bag is empty; the host or a member with \
Manage Server can `/carcassonne cancel` it.
One game per channel; play as many games as you like in other channels."""


def help_embed() -> discord.Embed:
    return discord.Embed(title="Carcassonne here", description=HELP_TEXT, colour=COLOUR)
