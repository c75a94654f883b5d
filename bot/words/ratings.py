"""Ratings (issue 22): a server's leaderboard, a player's profile, and the short
line of points by feature kind the result message and the profile share.

Ratings are shown as :func:`bot.app.results.shown_rating` of the conservative
ordinal. Names come in resolved by the Discord side (a member's name in the
server now, else the name stored with their games) and are escaped here.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from ..app.ratings import LEADERBOARD_MIN_GAMES, LeaderboardPage, Profile
from ..app.results import RatingChange, shown_rating
from ..discord import markup
from ..i18n import Messages
from ..i18n.terms import AI_LEVELS, FEATURE_HEADINGS, GAMES, GOODS_HEADING
from ..storage import Rating
from .common import COLOUR, NOTHING, Post

#: The engine's kind of trade goods' points (``engine.statistics.GOODS``).
GOODS_KIND = "goods"


def kind_name(t: Messages, kind: str) -> str:
    """A feature kind's short name ("Cities"), or the kind as the engine says it."""
    if kind == GOODS_KIND:
        return t.term(GOODS_HEADING)
    return t.term(FEATURE_HEADINGS[kind]) if kind in FEATURE_HEADINGS else kind


def points_by_kind(t: Messages, points: Mapping[str, int]) -> str:
    """"Cities 30 · Roads 12 · Farms 9": points by feature kind, largest first."""
    shown = sorted(((k, v) for k, v in points.items() if v), key=lambda kv: (-kv[1], kv[0]))
    return " · ".join(f"{kind_name(t, kind)} {value}" for kind, value in shown)


def rating_change(t: Messages, change: RatingChange) -> str:
    """"⭐ 1516 (+16)": a player's rating after a rated game and what the game changed."""
    # Translators: a player's rating after a rated game, and its change ("+16", "-3").
    return t.gettext("⭐ {rating} ({change})", rating=change.after, change=f"{change.change:+d}")


def game_name(t: Messages, kind: str) -> str:
    known = {str(game): term for game, term in GAMES.items()}
    return t.term(known[kind]) if kind in known else kind


def ai_name(t: Messages, level: str) -> str:
    # Translators: an AI level's place on a leaderboard or profile: "🤖 AI (hard)".
    return t.gettext("🤖 AI ({level})", level=t.term(AI_LEVELS[level])
                     if level in AI_LEVELS else level)


def rated_name(t: Messages, rating: Rating, names: Mapping[str, str]) -> str:
    if rating.ai is not None:
        return ai_name(t, rating.ai)
    return markup.plain(names.get(rating.player, rating.name))


def leaderboard_post(t: Messages, page: LeaderboardPage, names: Mapping[str, str],
                     view: discord.ui.View | None = None) -> Post:
    embed = discord.Embed(title=t.gettext("🏆 Leaderboard: {game}",
                                          game=game_name(t, page.kind)), colour=COLOUR)
    # The rating before the name: four digits that line up down the page, whatever
    # the names' lengths (a long one wraps on a phone).
    lines = [t.ngettext("**{rank}.** **{rating}** · {name} ({count} game, {wins} won)",
                        "**{rank}.** **{rating}** · {name} ({count} games, {wins} won)",
                        rating.games, rank=rank, name=rated_name(t, rating, names),
                        rating=shown_rating(rating.ordinal), wins=rating.wins)
             for rank, rating in page.entries]
    embed.description = "\n".join(lines) or t.ngettext(
        "Nobody has played {count} rated game here yet.",
        "Nobody has played {count} rated games here yet.", LEADERBOARD_MIN_GAMES)
    embed.set_footer(text=t.gettext("Page {page} of {pages}", page=page.page + 1,
                                    pages=page.pages) + " · " + t.ngettext(
        "Players with {count} rated game or more.",
        "Players with {count} rated games or more.", LEADERBOARD_MIN_GAMES))
    return Post(embed=embed, view=view)


def profile_post(t: Messages, profile: Profile, name: str, chart: bytes | None) -> Post:
    """A player's games of one kind in a server, their rating and its history."""
    shown = ai_name(t, profile.player) if profile.player in AI_LEVELS else markup.plain(name)
    embed = discord.Embed(title=t.gettext("{name}: {game}", name=shown,
                                          game=game_name(t, profile.kind)), colour=COLOUR)
    # Three fields, not six: a phone stacks inline fields one under another.
    rate = profile.win_rate
    # Translators: under the heading "Games": "**10**, 5 won (50 %)".
    embed.add_field(name=t.gettext("Games"), value=t.gettext(
        "**{games}**, {wins} won ({rate})", games=profile.games, wins=profile.wins,
        rate=f"{round(rate * 100)} %" if rate is not None else NOTHING))
    # Translators: under the heading "Score": a player's average and best score.
    embed.add_field(name=t.gettext("Score"), value=t.gettext(
        "average **{average}**, best **{best}**", average=f"{profile.average:.1f}",
        best=profile.best) if profile.average is not None and profile.best is not None
        else NOTHING)
    rating = profile.rating
    embed.add_field(name=t.gettext("Rating"), value=t.ngettext(
        "**{rating}** after {count} rated game", "**{rating}** after {count} rated games",
        rating.games, rating=shown_rating(rating.ordinal)) if rating is not None
        else t.gettext("not rated yet"))
    if profile.points:
        embed.add_field(name=t.gettext("Points by feature"),
                        value=points_by_kind(t, profile.points), inline=False)
    files = []
    if chart is not None:
        filename = f"rating-{profile.player}.png"
        files.append((filename, chart))
        embed.set_image(url=f"attachment://{filename}")
    return Post(embed=embed, files=files)


def chart_title(t: Messages, kind: str) -> str:
    return t.gettext("Rating: {game}", game=game_name(t, kind))
