"""What the bot shows: messages and embeds built from application results.

Pure functions of their arguments (no I/O): the application layer says what
happened, these say it in Discord, in the language of ``t`` (a
:class:`~bot.i18n.Messages`: the reader's for a private reply, the server's
for a public message). Every word comes from the catalogues; names of
players are made safe to show by :class:`~bot.app.state.GameState`. Images come
in as PNG bytes, already rendered off the event loop. The map pictures go out as
pictures of their own, outside the embed (:func:`attach`), which Discord shows at
the message's full width; a chart, wide and simple, as an embed's image.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import discord

from engine import (
    BonusTileEarned,
    DoubleTurnEarned,
    Event,
    FeatureScored,
    GoodsScored,
    GoodsTaken,
    Options,
    PlayerRemoved,
    TileDiscarded,
    TilePlaced,
    TurnSkipped,
    record_digest,
)
from engine.options import HUNTERS_AND_GATHERERS
from engine.tiles import TRADE_GOODS
from render import player_mark

from . import markup
from .app.lobby import AINamer, max_players
from .app.state import GameState, Played
from .i18n import Messages
from .i18n.terms import (
    AI_LEVELS,
    FARMER_RULES,
    FEATURE_HEADINGS,
    FEATURES,
    GAMES,
    GOODS,
    GOODS_HEADING,
    OPTIONS,
    POINT_COUNT,
    STATUSES,
    TILE_COUNT,
    figure_count,
)
from .naming import position_label
from .spots import placed_spot
from .storage import CANCELLED, FINISHED, LOBBY, RUNNING, Player
from .tile_names import tile_label, tile_name

COLOUR = discord.Colour(0x2E7D32)
#: Each seat's colour as an emoji, the palette of the pictures (blue, yellow,
#: red, black, white, grey), shown with the seat's mark so colour is never the only cue.
_SEAT_COLOURS = ("🔵", "🟡", "🔴", "⚫", "⚪", "🩶")
#: The final scoring's key for trade goods (Traders & Builders), beside feature kinds.
GOODS_HEADING_KEY = "goods"
#: Most lines of "since your last turn" (a player back from a long absence).
SINCE_LINES = 12


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
    """A seat's colour and mark, as the pictures draw them: "🔵1"."""
    return f"{_SEAT_COLOURS[seat % len(_SEAT_COLOURS)]}{player_mark(seat)}"


def who(state: GameState, seat: int) -> str:
    """A player in a message: mark and name, "🔵1 **Ana**"."""
    return f"{mark(seat)} **{state.name(seat)}**"


def mention(state: GameState, player: Player) -> str:
    """A person's mention ("<@123>"); an AI's marked name, which calls nobody."""
    return f"**{state.name(player)}**" if player.is_ai else markup.mention(player.id)


def called(state: GameState, player: Player) -> str:
    """A player called by their mark and mention: "🔵1 <@123>", "🟡2 **🤖 AI Hard 1**"."""
    seat = state.seat(player.id)
    return mention(state, player) if seat is None else f"{mark(seat)} {mention(state, player)}"


# Whole names, one per level (the extraction needs each written out).
_AI_NAMES = {
    # Translators: the name of an AI player of the easy level, in messages and pictures;
    # {number} tells the game's easy AIs apart. Keep "AI" (or your word for it) in it.
    "easy": lambda t, number: t.gettext("AI Easy {number}", number=number),
    # Translators: the name of an AI player of the medium level (see "AI Easy {number}").
    "medium": lambda t, number: t.gettext("AI Medium {number}", number=number),
    # Translators: the name of an AI player of the hard level (see "AI Easy {number}").
    "hard": lambda t, number: t.gettext("AI Hard {number}", number=number),
}


def ai_namer(t: Messages) -> AINamer:
    """Names for new AI players, in ``t``'s language: "AI Hard 1"."""
    return lambda level, number: _AI_NAMES[level](t, number)


def ai_level(t: Messages, level: str) -> str:
    return t.term(AI_LEVELS[level])


def game_title(t: Messages, state: GameState) -> str:
    game = state.row.options.get("game", "carcassonne")
    name = t.term(GAMES[game]) if game in GAMES else game
    # Translators: a game's name and number, as every message titles it: "Carcassonne #12".
    return t.gettext("{game} #{id}", game=name, id=state.id)


def points(t: Messages, n: int) -> str:
    return t.term(POINT_COUNT, n)


def options_text(t: Messages, options: dict[str, Any]) -> str:
    """A game's options, as the lobby and the status show them."""
    parsed = Options.from_dict(options)
    parts = [t.term(GAMES[parsed.game])]
    if parsed.river:
        parts.append(t.gettext("the River"))
    if parsed.winter:
        parts.append(t.gettext("Winter Edition"))
    for name in ("inns_cathedrals", "traders_builders"):
        if getattr(parsed, name):
            parts.append(t.term(OPTIONS[name]))
    if parsed.game == "carcassonne":
        if parsed.farmers == "off":
            parts.append(t.gettext("no farmers"))
        else:
            parts.append(t.gettext("farmers: {rule}",
                                   rule=t.term(FARMER_RULES[str(parsed.farmers)])))
    if parsed.small_city:
        parts.append(t.gettext("a 2-tile city scores 2"))
    if not parsed.unfinished:
        parts.append(t.gettext("unfinished features score nothing"))
    if parsed.hand > 1:
        parts.append(t.ngettext("a hand of {count} tile", "a hand of {count} tiles", parsed.hand))
    return " · ".join(parts)


def image_embed(embed: discord.Embed, name: str, data: bytes | None, post: Post) -> None:
    """``data`` as ``embed``'s image: Discord draws it in a box of about 400×300 px,
    which suits a wide chart, not a map."""
    if data is not None:
        post.files.append((name, data))
        embed.set_image(url=f"attachment://{name}")


def attach(post: Post, name: str, data: bytes | None) -> None:
    """``data`` as a picture of the message's own, outside its embed: Discord shows
    it at the message's full width (on a 400 px phone, about 312 px), so a map's
    tiles stay large enough to read; an embed's image box would shrink a tall map
    to a third."""
    if data is not None:
        post.files.append((name, data))


# ------------------------------------------------------------------ lobby


def lobby_post(t: Messages, state: GameState, view: discord.ui.View | None,
               note: str | None = None) -> Post:
    row = state.row
    embed = discord.Embed(title=game_title(t, state), colour=COLOUR)
    embed.description = options_text(t, row.options)
    lines = [t.gettext("{player} (host)", player=mention(state, p)) if p.id == row.host_id
             else mention(state, p) for p in row.players]
    embed.add_field(name=t.gettext("Players ({count}/{most})", count=len(row.players),
                                     most=max_players(row.options)),
                    value="\n".join(lines) or t.gettext("nobody"), inline=False)
    if row.status == LOBBY:
        embed.set_footer(text=t.gettext(
            "2 to {most} players. Join, then the host starts; seats are drawn at random.",
            most=max_players(row.options)) + "\n"
            + t.gettext("The host can seat AI players with the 🤖 buttons: play alone "
                        "against one to four of them."))
    else:
        embed.set_footer(text={RUNNING: t.gettext("Started."), FINISHED: t.gettext("Finished."),
                               CANCELLED: t.gettext("Closed.")}[row.status])
    return Post(content=note, embed=embed, view=view)


# ------------------------------------------------------------------ turns


def event_line(t: Messages, state: GameState, event: Event) -> str | None:
    """One line for a thing that happened (None for what needs no line: figures
    returned, the end itself, and final scoring, which is summed elsewhere)."""
    if isinstance(event, TilePlaced) and event.player is not None:
        return placed_line(t, state, event)
    if isinstance(event, FeatureScored) and not event.final:
        return scored_line(t, state, event)
    if isinstance(event, TileDiscarded):
        tile = tile_name(t, event.tile)
        if event.back_to_bag:
            return t.gettext("🗑️ {player} drew {tile}, which fits nowhere: it goes back into "
                             "the bag.", player=who(state, event.player), tile=tile)
        return t.gettext("🗑️ {player} drew {tile}, which fits nowhere: it is discarded.",
                         player=who(state, event.player), tile=tile)
    if isinstance(event, BonusTileEarned):
        return t.gettext("✨ {player} earned a bonus tile: {tile}.",
                         player=who(state, event.player), tile=tile_name(t, event.tile))
    if isinstance(event, DoubleTurnEarned):
        # Translators: Traders & Builders: the tile extended the road or city where the
        # player's builder stands, so they play a second tile now (TB-17).
        return t.gettext("🔨 {player} extended their builder's road or city: a second tile "
                         "now.", player=who(state, event.player))
    if isinstance(event, GoodsTaken):
        # Translators: Traders & Builders: the player completed cities with trade goods
        # and takes them; {goods} lists them ("1 wine and 2 cloth").
        return t.gettext("📦 {player} takes {goods}.", player=who(state, event.player),
                         goods=goods_text(t, event.goods))
    if isinstance(event, TurnSkipped):
        return t.gettext("⏭️ {player} missed the turn; {tile} went back into the bag.",
                         player=who(state, event.player), tile=tile_name(t, event.tile))
    if isinstance(event, PlayerRemoved):
        # Nobody leaves a running game by themselves: the host, a moderator or the
        # deadline rules removed them (the announcement of it says which).
        return t.gettext("🚪 {player} was removed from the game.", player=who(state, event.player))
    return None


def event_lines(t: Messages, state: GameState, events: Iterable[Event]) -> list[str]:
    """One line per thing that happened, in order."""
    return [line for event in events if (line := event_line(t, state, event)) is not None]


def placed_line(t: Messages, state: GameState, event: TilePlaced) -> str:
    """"🔵1 **Ana** placed road curve at `1,0`, turned 90°, with a thief on the
    south road." One whole sentence per role, so that each language words it. The tile
    by its name alone: the turn message's picture letters the places, and a tile's id
    (a letter too) beside them would read as one of them."""
    assert event.player is not None
    facts = {"player": who(state, event.player), "tile": tile_name(t, event.tile),
             "position": f"`{position_label(event.x, event.y)}`", "rotation": event.rotation}
    figure = event.figure
    if figure is None:
        # Translators: {player} is a mark and a name ("🔵1 **Ana**"), {tile} a tile's name
        # ("road curve"), {position} the map's x,y ("`3,-1`").
        line = t.gettext("{player} placed {tile} at {position}, turned {rotation}°.", **facts)
    else:
        assert state.game is not None
        placed = state.game.board.tiles[(event.x, event.y)]
        facts["spot"] = placed_spot(t, placed, figure.segment, figure.figure)
        key = "big" if figure.figure == "big" else str(figure.role)
        line = _FIGURE_SENTENCES[key](t, facts)
    if event.bonus:
        # Translators: after a sentence saying a tile was placed: it was a bonus tile.
        line = t.sentences(line, t.gettext("(bonus tile)"))
    if event.turn in state.row.stand_ins:
        line = t.sentences(line, stood_in(t))
    return line


def stood_in(t: Messages) -> str:
    # Translators: after a move of a player who missed their deadline: an AI played it.
    return t.gettext("(🤖 played for them by the AI)")


# Whole sentences, one per role (the extraction needs each written out).
_FIGURE_SENTENCES = {
    # Translators: {player} is a mark and a name ("🔵1 **Ana**"), {tile} a tile's name and
    # id, {position} "`3,-1`", {spot} a follower spot's name ("the north field").
    "thief": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a thief on {spot}.", **f),
    "knight": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a knight on {spot}.", **f),
    "monk": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a monk on {spot}.", **f),
    "farmer": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a farmer on {spot}.", **f),
    "fisher": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a fisher on {spot}.", **f),
    "gatherer": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a gatherer on {spot}.",
        **f),
    "hunter": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a hunter on {spot}.", **f),
    "hut": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a hut on {spot}.", **f),
    # Inns & Cathedrals, Traders & Builders.
    "big": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with their big follower on "
        "{spot}.", **f),
    "builder": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with their builder on "
        "{spot}.", **f),
    "pig": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with their pig in {spot}.",
        **f),
}


def goods_text(t: Messages, goods) -> str:
    """Trade goods counted by kind (wine, grain, cloth): "1 wine and 2 cloth"."""
    return t.list([t.term(GOODS[good], count) for good, count in zip(TRADE_GOODS, goods)
                   if count])


def scored_line(t: Messages, state: GameState, event: FeatureScored) -> str:
    """"✅ Completed city (3 tiles): 🔵1 **Ana** +8." A cloister is one tile with
    its eight neighbours: its size says nothing, its points say it all."""
    if event.kind == "cloister":
        if not event.scorers:
            return t.gettext("✅ Completed cloister, nobody's.")
        return t.gettext("✅ Completed cloister: {players} +{points}.",
                         players=t.list([who(state, seat) for seat in event.scorers]),
                         points=event.points)
    feature = t.term(FEATURES[event.kind]) if event.kind in FEATURES else event.kind
    size = t.term(TILE_COUNT, event.tiles)
    if not event.scorers:
        return t.gettext("✅ Completed {feature} ({size}), nobody's.", feature=feature, size=size)
    players = t.list([who(state, seat) for seat in event.scorers])
    if len(event.scorers) == 1:
        return t.gettext("✅ Completed {feature} ({size}): {players} +{points}.",
                         feature=feature, size=size, players=players, points=event.points)
    return t.gettext("✅ Completed {feature} ({size}): {players} +{points} each.",
                     feature=feature, size=size, players=players, points=event.points)


def since_last_turn(t: Messages, state: GameState, told: Iterable[Event] = ()) -> list[str]:
    """What happened since the player on turn last placed a tile, in a few lines:
    each tile placed (numbered as the turn picture numbers them), what scored,
    discards and skips (but what the message ``told`` already), then who leads."""
    told_ids = {id(event) for event in told}
    game = state.game
    seat = game.current_player if game is not None else None
    if game is None or seat is None:
        return []
    own = [e.turn for e in game.events if isinstance(e, TilePlaced) and e.player == seat]
    last_own = own[-1] if own else -1
    # A player who moves again at once (a bonus tile) is shown their own move too,
    # unnumbered: the picture numbers only the tiles since their last one.
    start = (own[-2] if len(own) > 1 else -1) if last_own == game.turn - 1 else last_own
    lines, number = [], 0
    for event in game.events:
        if event.turn <= start:
            continue
        line = event_line(t, state, event) if id(event) not in told_ids else None
        if line is None:
            continue
        if isinstance(event, TilePlaced) and event.turn > last_own:
            number += 1
            line = f"`{number}` {line}"
        lines.append(line)
    if len(lines) > SINCE_LINES:
        hidden = len(lines) - SINCE_LINES + 1
        lines = [t.ngettext("… and {count} more line before these.",
                            "… and {count} more lines before these.", hidden),
                 *lines[-(SINCE_LINES - 1):]]
    return lines + [leader_line(t, state)]


def leader_line(t: Messages, state: GameState) -> str:
    """"🏆 🔵1 **Ana** leads with 12 points." (or shares the lead, or nobody scored)"""
    game = state.game
    assert game is not None
    seats = [s for s in range(len(state.players)) if not state.is_removed(s)]
    best = max((game.scores[s] for s in seats), default=0)
    if best == 0:
        return t.gettext("Nobody has scored yet.")
    leaders = [s for s in seats if game.scores[s] == best]
    names = t.list([who(state, s) for s in leaders])
    if len(leaders) == 1:
        return t.ngettext("🏆 {players} leads with {count} point.",
                          "🏆 {players} leads with {count} points.", best, players=names)
    return t.ngettext("🏆 {players} share the lead with {count} point.",
                      "🏆 {players} share the lead with {count} points.", best, players=names)


def scores_field(t: Messages, state: GameState) -> str:
    game = state.game
    assert game is not None
    lines = []
    name = str(game.options.game)
    for seat in range(len(state.players)):
        score = points(t, game.scores[seat])
        if state.is_removed(seat):
            # Translators: a removed player's line of the scores: "🔵1 ~~Ana~~: 12 points
            # (removed)"; ~~ strikes the name through.
            lines.append(t.gettext("{mark} ~~{name}~~: {points} (removed)", mark=mark(seat),
                                   name=state.name(seat), points=score))
            continue
        supply = game.supply(seat)
        left = [figure_count(t, "meeple", name, supply.meeples)]
        if game.rules.huts:
            left.append(figure_count(t, "hut", name, supply.huts))
        kinds = game.rules.supply
        for kind, count in (("big", supply.big), ("builder", supply.builders),
                            ("pig", supply.pigs)):
            if kind in kinds:
                left.append(figure_count(t, kind, name, count))
        # Translators: a player's line of the scores: "🔵1 **Ana**: 12 points (5 followers
        # left)"; {left} lists the figures ("5 tribe members and 2 huts").
        line = t.gettext("{player}: {points} ({left} left)", player=who(state, seat),
                         points=score, left=t.list(left))
        if any(game.goods[seat]):
            # Translators: after a player's line of the scores (Traders & Builders): the
            # trade goods they hold; {goods} lists them ("1 wine and 2 cloth").
            line = t.sentences(line, t.gettext("Goods: {goods}.",
                                               goods=goods_text(t, game.goods[seat])))
        lines.append(line)
    return "\n".join(lines)


def hand_text(t: Messages, state: GameState) -> str:
    """The tile or tiles the player on turn plays, by name: the picture under it
    letters the places, so a tile's id (a letter) is not written beside them."""
    game = state.game
    assert game is not None
    hand = game.hand
    tiles = t.list([f"**{tile_name(t, tile)}**" for tile in hand], "or")
    if len(hand) > 1:
        # Translators: the end of "{player}, your turn: {hand}."; {tiles} lists tiles in bold
        # joined by "or".
        return t.gettext("choose one of {tiles}", tiles=tiles)
    if game.is_bonus_turn:
        return t.gettext("your bonus tile is {tiles}", tiles=tiles)
    return t.gettext("your tile is {tiles}", tiles=tiles)


def next_turn_text(t: Messages, state: GameState) -> str:
    """The line that calls the player on turn (with their deadline, if any)."""
    current = state.current
    if state.game is None or current is None:
        return ""
    if current.is_ai:
        # Translators: {player} is a mark and an AI player's name ("🟡2 **🤖 AI Hard 1**").
        return t.gettext("{player} is thinking…", player=called(state, current))
    # Translators: {player} is a mark and a mention; {hand} is "your tile is ...", "your
    # bonus tile is ..." or "choose one of ...".
    text = t.gettext("{player}, your turn: {hand}.", player=called(state, current),
                     hand=hand_text(t, state))
    return t.sentences(text, deadline_text(t, state))


def deadline_text(t: Messages, state: GameState) -> str:
    """The turn's deadline as a Discord timestamp (each reader sees it in their own
    time); nothing without one. The next reminder is left to ``status``: it comes
    by itself and needs no planning."""
    if state.clock.deadline is None:
        return ""
    return t.gettext("⏳ Deadline {time}.",
                     time=discord.utils.format_dt(state.clock.deadline, "R"))


def turn_post(t: Messages, played: Played, picture: bytes | None,
              view: discord.ui.View | None, chart_png: bytes | None = None) -> Post:
    """The one public message after a move: what happened since the next player's
    last turn and the call to them, with the turn picture (made for a phone: the
    action, where the next tile can go, the tiles since their last turn numbered,
    the tile to place); after the last move, the final scoring under the whole map
    and the scores over the game."""
    state = played.state
    game = state.game
    assert game is not None
    post = Post(view=view)
    embed = discord.Embed(title=turn_title(t, state), colour=COLOUR)
    name = "board" if game.is_over else "turn"
    attach(post, f"{name}-{state.id}-{state.turn}.png", picture)
    if game.is_over:
        embed.description = "\n".join(event_lines(t, state, played.events))[:4000]
        final_scoring(t, state, embed)
        post.content = game_over_text(t, state)
        if chart_png is not None:
            chart = discord.Embed(title=t.gettext("Scores over the game"), colour=COLOUR)
            image_embed(chart, f"scores-{state.id}.png", chart_png, post)
            post.more_embeds.append(chart)
    else:
        lead = []
        if played.stand_in:
            seat = state.seat(played.mover.id)
            assert seat is not None
            # Translators: {player} is a mark and a name ("🔵1 **Ana**").
            lead.append(t.gettext("⌛ {player} missed the deadline, so the AI played the turn "
                                  "for them. Their next turn is theirs again.",
                                  player=who(state, seat)))
        call_player(t, state, embed, lead, played=played.events)
        post.content = next_turn_text(t, state)
    post.embed = embed
    return post


def turn_title(t: Messages, state: GameState) -> str:
    return t.gettext("{game}, turn {turn}", game=game_title(t, state), turn=state.turn)


def call_player(t: Messages, state: GameState, embed: discord.Embed,
                lead: Iterable[str] = (), told: Iterable[Event] = (),
                played: Iterable[Event] = ()) -> None:
    """The body of a message that calls the player on turn: ``lead`` (what just
    happened, if it is not a move, saying the events ``told``), what happened since
    their last turn, the scores and the tiles left. An AI on turn needs no summary:
    the table reads what was just ``played``, and who leads."""
    game = state.game
    assert game is not None
    lines = list(lead)
    current = state.current
    if current is not None and current.is_ai:
        told_ids = {id(event) for event in told}
        news = [*event_lines(t, state, (e for e in played if id(e) not in told_ids)),
                leader_line(t, state)]
        lines += ["", *news] if lines else news
    elif since := since_last_turn(t, state, told):
        if lines:
            lines.append("")
        # Translators: a heading (** makes it bold), addressed to the player called.
        lines += [t.gettext("**Since your last turn**"), *since]
    embed.description = "\n".join(lines)[:4000]
    embed.add_field(name=t.gettext("Scores"), value=scores_field(t, state), inline=False)
    embed.set_footer(text=tiles_left(t, game.tiles_left()))


def started_post(t: Messages, state: GameState, picture: bytes | None,
                 view: discord.ui.View | None) -> Post:
    """The first message of a game: its options, the seating, and the call to the
    first player with the turn picture."""
    post = Post(view=view)
    game = state.game
    assert game is not None
    seating = "\n".join(called(state, p) for p in state.players)
    embed = discord.Embed(title=t.gettext("{game} begins", game=game_title(t, state)),
                          colour=COLOUR)
    lines = [options_text(t, state.row.options), "", t.gettext("**Seating**"), seating]
    if game.commitment is not None:
        # Translators: the bag's seal is the SHA-256 hash of the game's secret seed.
        lines += ["", t.gettext("🔒 Bag sealed: `{seal}…`", seal=game.commitment[:12])]
    before = event_lines(t, state, game.events)
    if before:
        lines += ["", t.gettext("**Before the first turn**"), *before]
    embed.description = "\n".join(lines)[:4000]
    attach(post, f"turn-{state.id}-0.png", picture)
    footer = t.gettext(
        "Play with /carcassonne place or the button below. /carcassonne help explains.")
    if game.commitment is not None:
        footer += "\n" + t.gettext("Bag seal (SHA-256): {seal}", seal=game.commitment)
    embed.set_footer(text=footer)
    post.embed = embed
    post.content = next_turn_text(t, state) if not game.is_over else game_over_text(t, state)
    return post


def final_scoring(t: Messages, state: GameState, embed: discord.Embed) -> None:
    """Final scoring by player and feature kind, and the outcome: the players by rank
    (the winner first; a tie shares a rank), removed players last; then the digest of
    the game's record, to check an exported record against."""
    game = state.game
    assert game is not None
    finals = [e for e in game.events if isinstance(e, FeatureScored) and e.final]
    by_player: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for event in finals:
        for seat in event.scorers:
            by_player[seat][event.kind] += event.points
    for goods in (e for e in game.events if isinstance(e, GoodsScored)):
        for seat in goods.scorers:
            by_player[seat][GOODS_HEADING_KEY] += goods.points  # TB-13
    for seat in ranked(state):
        gains = [f"{t.term(GOODS_HEADING if kind == GOODS_HEADING_KEY else FEATURE_HEADINGS[kind])}"
                 f" +{gained}" for kind, gained in sorted(by_player[seat].items()) if gained]
        total = game.scores[seat]
        before = total - sum(by_player[seat].values())
        if gains:
            value = t.gettext("{before} during the game, {gains} at the end: **{total}**",
                              before=before, gains=t.list(gains), total=total)
        else:
            value = t.gettext("{before} during the game, nothing more at the end: **{total}**",
                              before=before, total=total)
        name = state.name(seat)
        if state.is_removed(seat):
            name = t.gettext("{name} (removed)", name=name)
            embed.add_field(name=f"{mark(seat)} {name}", value=value, inline=False)
            continue
        rank = 1 + sum(game.scores[other] > total for other in range(len(state.players))
                       if not state.is_removed(other))
        embed.add_field(name=f"{rank}. {mark(seat)} {name}", value=value, inline=False)
    if game.seed is not None:
        # What `python -m engine verify` prints for the exported record: any other record
        # (cut short, a move changed) has another digest.
        embed.add_field(name=t.gettext("Record digest (SHA-256)"),
                        value=f"`{record_digest(game)}`", inline=False)


def ranked(state: GameState) -> list[int]:
    """The seats by final rank: the highest score first, seat order among equals,
    removed players last."""
    game = state.game
    assert game is not None
    return sorted(range(len(state.players)),
                  key=lambda seat: (state.is_removed(seat), -game.scores[seat], seat))


def game_over_text(t: Messages, state: GameState) -> str:
    game = state.game
    assert game is not None
    outcome = game.outcome()
    if outcome is None or not outcome.winners:
        return t.gettext("The game is over.")
    winners = [called(state, state.players[s]) for s in outcome.winners]
    score = outcome.scores[outcome.winners[0]]
    if len(winners) == 1:
        return t.ngettext("🏆 Game over! {winner} wins with {count} point.",
                          "🏆 Game over! {winner} wins with {count} points.", score,
                          winner=winners[0])
    return t.ngettext("🏆 Game over! {winners} share the win with {count} point.",
                      "🏆 Game over! {winners} share the win with {count} points.", score,
                      winners=t.list(winners))


# ----------------------------------------------------- read-only answers


def board_post(t: Messages, state: GameState, picture: bytes | None, features: bool = False,
               view: discord.ui.View | None = None) -> Post:
    """The whole map at full resolution, or (``features``) who owns what."""
    post = Post(view=view)
    title = turn_title(t, state)
    if features:
        # Translators: {title} is "{game}, turn {turn}".
        title = t.gettext("{title}: who owns what", title=title)
    embed = discord.Embed(title=title, colour=COLOUR)
    name = "features" if features else "board"
    attach(post, f"{name}-{state.id}-{state.turn}.png", picture)
    if picture is None and state.game is not None:
        embed.description = board_text(t, state)
    elif features:
        embed.description = features_key(t, state)
    if state.game is not None:
        embed.add_field(name=t.gettext("Scores"), value=scores_field(t, state), inline=False)
    post.embed = embed
    return post


def features_key(t: Messages, state: GameState) -> str:
    """What the feature view tints: the features a figure of the game can claim."""
    if state.row.options.get("game") == HUNTERS_AND_GATHERERS:
        return t.gettext(
            "Each claimed forest, meadow and river is tinted with its owner's colour and mark; "
            "striped where several players stand on it; plain where nobody does.")
    return t.gettext(
        "Each claimed road, city, cloister and field is tinted with its owner's colour and "
        "mark; striped where several players stand on it; plain where nobody does.")


def board_text(t: Messages, state: GameState) -> str:
    """A text listing of the map, for when no picture can be drawn."""
    assert state.game is not None
    tiles = sorted(state.game.board.tiles.values(), key=lambda p: (p.y, p.x))
    lines = [f"`{position_label(p.x, p.y)}` {tile_label(t, p.tile)} {p.rotation}°"
             for p in tiles]
    text = "\n".join(lines)
    return text if len(text) < 3900 else text[:3900] + "\n…"


def status_embed(t: Messages, state: GameState, now: datetime) -> discord.Embed:
    row = state.row
    # Translators: {status} is a game's status ("running", "finished").
    embed = discord.Embed(title=t.gettext("{game}: {status}", game=game_title(t, state),
                                          status=t.term(STATUSES[row.status])), colour=COLOUR)
    embed.description = options_text(t, row.options)
    if state.game is None:
        players = "\n".join(mention(state, p) for p in row.players)
        embed.add_field(name=t.gettext("Players ({count}/{most})", count=len(row.players),
                                     most=max_players(row.options)),
                        value=players or t.gettext("nobody"), inline=False)
        host = state.host
        embed.add_field(name=t.gettext("Host"), value=mention(state, host) if host
                        else t.gettext("nobody"), inline=False)
        return embed
    game = state.game
    embed.add_field(name=t.gettext("Scores"), value=scores_field(t, state), inline=False)
    embed.add_field(name=t.gettext("Tiles left"), value=str(game.tiles_left()), inline=True)
    # Translators: a heading over the number of the turn.
    embed.add_field(name=t.gettext("Turn"), value=str(state.turn), inline=True)
    current = state.current
    if current is not None:
        since = row.turn_started_at or row.updated_at
        lines = [t.gettext("{player}, since {time}", player=called(state, current),
                           time=discord.utils.format_dt(since, "R")),
                 t.ngettext("Tile: {tiles}", "Tiles: {tiles}", len(game.hand),
                            tiles=t.list([tile_label(t, x) for x in game.hand], "or"))]
        if state.clock.deadline is not None:
            lines.append(deadline_text(t, state))
        if state.clock.reminder is not None:
            lines.append(t.gettext("⏰ Next reminder {time}.",
                                   time=discord.utils.format_dt(state.clock.reminder, "R")))
        embed.add_field(name=t.gettext("On turn"), value="\n".join(lines), inline=False)
    elif game.is_over:
        embed.add_field(name=t.gettext("Result"), value=game_over_text(t, state), inline=False)
    if game.commitment is not None:
        embed.add_field(name=t.gettext("Bag seal (SHA-256)"), value=f"`{game.commitment}`",
                        inline=False)
    if not row.is_open and game.seed is not None:
        embed.add_field(name=t.gettext("Bag seed"), value=f"`{game.seed}`", inline=False)
    return embed


def tiles_embed(t: Messages, state: GameState) -> discord.Embed:
    """The tiles still in the bag, by type (and the bonus tiles still to earn)."""
    game = state.game
    assert game is not None
    remaining = {tile: n for tile, n in game.remaining().items() if n}
    left = sum(remaining.values())
    embed = discord.Embed(title=t.ngettext("{game}: {count} tile left in the bag",
                                           "{game}: {count} tiles left in the bag", left,
                                           game=game_title(t, state)), colour=COLOUR)
    lines = [f"`{count:>2}×` {tile_label(t, tile)}" for tile, count in remaining.items()]
    if not lines:
        lines.append(t.gettext("The game is over: every tile was played.") if game.is_over
                     else t.gettext("The bag is empty."))
    bonus = sum(game.remaining_bonus().values())
    if bonus and not game.is_over:
        lines += ["", t.ngettext("And {count} bonus tile, dealt to whoever earns one.",
                                 "And {count} bonus tiles, dealt to whoever earns one.", bonus)]
    embed.description = "\n".join(lines)[:4000]
    return embed


def help_embed(t: Messages) -> discord.Embed:
    lines = [
        t.gettext("**Start**: `/carcassonne new` opens a game here (choose the options), "
                  "players press **Join**, and the host presses **Start**. Seats are drawn at "
                  "random."),
        t.gettext("**Your turn**: press **Play your turn** under the latest turn message: pick "
                  "a place from the list (the picture letters them A, B, ...), see a preview, "
                  "pick where a follower stands, and press **Confirm**; nothing happens before "
                  "that."),
        t.gettext("**Or type it**: `/carcassonne place position: B 90` plays at place B of the "
                  "picture, turned 90° clockwise (or give the map's x,y: `3,-1 90`; x is across "
                  "the top, y down the side). Rotations are 0, 90, 180 or 270 degrees, always "
                  "clockwise. `follower:` takes the number the preview draws on a spot (`2`), "
                  "its words (`north field`, `city`), or `none`; the suggestions list them."),
        t.gettext("**Anytime**: `/carcassonne board` (the map; `view: features` shows who owns "
                  "what), `status`, `tiles`, `export` (the game record), `history` (the moves "
                  "and a score chart), `mygames` (your games on this server)."),
        t.gettext("**Over days**: the bot reminds the player on turn; `notify` adds a direct "
                  "message, `snooze` puts a reminder off. The host sets a turn `deadline` and "
                  "can `kick` an absent player; players can `vote-end` a stalled game. Server "
                  "defaults: `settings` (Manage Server). `language` sets the language the bot "
                  "answers you in."),
        t.gettext("**Against the AI**: `/carcassonne new ai: 2` seats two AI players "
                  "(or the host presses the 🤖 buttons of the lobby), so you can play alone. "
                  "With the deadline policy `ai`, an AI plays the turn of a player who misses "
                  "their deadline; their next turn is theirs again."),
        t.gettext("**End**: the game ends by itself when the bag is empty; the host or a member "
                  "with Manage Server can `/carcassonne cancel` it."),
        t.gettext("**The game's rules**: `/carcassonne rules` explains them topic by topic: "
                  "how features score, farms, the River, Winter, Hunters and Gatherers, and "
                  "this game's house rules."),
        t.gettext("One game per channel; play as many games as you like in other channels."),
    ]
    return discord.Embed(title=t.gettext("Carcassonne here"), description="\n".join(lines),
                         colour=COLOUR)


def tiles_left(t: Messages, count: int) -> str:
    return t.ngettext("{count} tile left in the bag", "{count} tiles left in the bag", count)
