"""The words every screen shares: a message to send (:class:`Post`), the
colour of the bot's embeds, a seat's mark, a player named or called, a game's
title and options, points, trade goods, a deadline, and pictures attached.

Pure functions of their arguments (no I/O), in the language of ``t`` (a
:class:`~bot.i18n.Messages`: the reader's for a private reply, the server's for
a public message). Every word comes from the catalogues; names of players are
made safe to show by :class:`~bot.app.state.GameState`; markup (mentions,
timestamps, channel links) is made by :mod:`bot.discord.markup`. Images come in as PNG
bytes, already rendered off the event loop. The map pictures go out as pictures
of their own, outside the embed (:func:`attach`), which Discord shows at the
message's full width; a chart, wide and simple, as an embed's image.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import discord

from engine import Options
from engine.tiles import TRADE_GOODS
from render import player_mark

from ..app.state import GameState
from ..discord import markup
from ..i18n import Messages
from ..i18n.terms import FARMER_RULES, GAMES, GOODS, OPTIONS, POINT_COUNT
from ..storage import Player

COLOUR = discord.Colour(0x2E7D32)
#: A value that is nothing (no city, no score yet, no rating): a dash, in every language.
NOTHING = "—"

#: Each seat's colour as an emoji, the palette of the pictures (blue, yellow,
#: red, black, white, grey), shown with the seat's mark so colour is never the only cue.
_SEAT_COLOURS = ("🔵", "🟡", "🔴", "⚫", "⚪", "🩶")


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
    return f"{mark(seat)} **{player_name(state, seat)}**"


def player_name(state: GameState, who: Player | int) -> str:
    """A player's name (by player or by seat) in a message: as written, escaped."""
    return markup.plain(state.name(who))


def mention(state: GameState, player: Player) -> str:
    """A person's mention (:func:`bot.discord.markup.mention`); an AI's marked name,
    which calls nobody."""
    return f"**{player_name(state, player)}**" if player.is_ai else markup.mention(player.id)


def called(state: GameState, player: Player) -> str:
    """A player called by their mark and mention: "🔵1 " and the mention,
    "🟡2 **🤖 AI Hard 1**"."""
    seat = state.seat(player.id)
    return mention(state, player) if seat is None else f"{mark(seat)} {mention(state, player)}"


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


def goods_text(t: Messages, goods: Sequence[int]) -> str:
    """Trade goods counted by kind (wine, grain, cloth): "1 wine and 2 cloth"."""
    return t.list([t.term(GOODS[good], count) for good, count in zip(TRADE_GOODS, goods)
                   if count])


def jump_url(guild_id: int, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}"


def deadline_date(t: Messages, deadline: datetime | None) -> str:
    """A deadline as its date and how far it is, "none" without one."""
    if deadline is None:
        return t.gettext("none")
    # Translators: a deadline: its date, then how far it is ("in 3 hours"), both filled
    # in by Discord in the reader's language.
    return t.gettext("{date} ({time})", date=markup.timestamp(deadline, markup.TimeStyle.DATE_TIME),
                     time=markup.timestamp(deadline))


def deadline_line(t: Messages, time: str) -> str:
    """"⏳ Deadline {time}.": the turn message says it relative ("in 3 hours"), a
    reminder and a snooze with the date too (:func:`deadline_date`)."""
    return t.gettext("⏳ Deadline {time}.", time=time)


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
