"""A league's news in Discord (issue 22): its rounds' games opened in threads of its
channel, its standings after every result, and what ended a game said in its thread.

The league's timers (:mod:`bot.discord.listeners`) call these after the
application acted: :meth:`LeagueNews.open_round` makes a thread per pairing, has
the application open and start the game there (the thread is the game's
channel), and posts its first turn through the game
:class:`~bot.discord.announcements.Announcer`.
"""

from __future__ import annotations

import logging

import discord

from ..app import App
from ..app.leagues.service import Ended
from ..app.leagues.view import LeagueView
from ..i18n import Messages
from ..storage import LeagueGame, Timer
from ..words import leagues as words
from ..words.common import Post
from .announcements import THREAD_ARCHIVE_MINUTES, Announcer
from .languages import Readers

log = logging.getLogger(__name__)


class LeagueNews:
    """Posts a league's news in its channel and its games' threads."""

    def __init__(self, client: discord.Client, app: App, readers: Readers,
                 announcer: Announcer) -> None:
        self.client = client
        self.app = app
        self.readers = readers
        self.announcer = announcer

    async def open_round(self, timer: Timer) -> None:
        """A ``league_open`` timer: a thread and a game for each pairing still to open,
        then the round's schedule in the league's channel."""
        opening = await self.app.leagues.to_open(timer)
        if opening is None:
            await self.app.timers.drop(timer)
            return
        view = opening.view
        t = await self.readers.public(view.league.guild_id)
        for pairing in opening.pending:
            await self._open_game(view, pairing, t)
        done = await self.app.leagues.opened(timer)
        if done is not None:
            post = words.schedule_post(t, done)
            post.content = words.round_opened_text(t, done)
            await self.send(done, post)

    async def _open_game(self, view: LeagueView, pairing: LeagueGame, t: Messages) -> None:
        channel = self.client.get_channel(view.league.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("league %s: its channel %s is gone", view.league.id,
                        view.league.channel_id)
            return
        try:
            thread = await channel.create_thread(
                name=words.game_thread_name(t, view, pairing),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        except discord.HTTPException as exc:
            log.warning("league %s: could not open a thread: %s", view.league.id, exc)
            return
        state = await self.app.leagues.open_game(pairing, thread.id)
        if state is None:
            return
        for player in state.players:
            try:
                await thread.add_user(discord.Object(id=player.id))
            except discord.HTTPException as exc:
                log.info("could not add user %s to league thread %s: %s", player.id,
                         thread.id, exc)
        await self.announcer.post(state, await self.announcer.start_post(state))

    async def result(self, timer: Timer) -> None:
        """A ``league_result`` timer: the result and the standings, in the league's
        channel."""
        found = await self.app.leagues.result(timer)
        if found is None:
            return
        view, pairing = found
        t = await self.readers.public(view.league.guild_id)
        await self.send(view, words.standings_post(t, view, words.result_text(t, view,
                                                                              pairing)))

    async def over(self, timer: Timer) -> None:
        """A ``league_over`` timer: the league's winner and final standings, once."""
        view = await self.app.leagues.over(timer)
        if view is None:
            return
        t = await self.readers.public(view.league.guild_id)
        await self.send(view, words.standings_post(t, view, words.finished_text(t, view)))

    async def time_up(self, timer: Timer) -> None:
        """A ``league_round`` timer: each game it ended says so in its thread."""
        ended = await self.app.leagues.time_up(timer)
        if ended is None:
            return
        t = await self.readers.public(ended.view.league.guild_id)
        for state in ended.games:
            text = (words.stood_in_text(t) if ended.stand_ins
                    else words.time_up_text(t, ended.view, state))
            await self.announcer.post(state, Post(content=text), "result")

    async def start_date(self, timer: Timer) -> None:
        """A ``league_start`` timer: the league started on its date, or says why not."""
        found = await self.app.leagues.start_due(timer)
        if found is None:
            return
        t = await self.readers.public(found.view.league.guild_id)
        await self.send(found.view, Post(content=words.start_date_text(t, found.view,
                                                                       found.started)))

    async def ended(self, ended: Ended) -> None:
        """Games a drop or a cancelled league ended: each says why in its thread."""
        t = await self.readers.public(ended.view.league.guild_id)
        for state in ended.games:
            await self.announcer.post(state, Post(content=words.ended_text(t, ended)),
                                      "result")

    async def send(self, view: LeagueView, post: Post) -> None:
        channel = self.client.get_partial_messageable(
            view.league.channel_id, guild_id=view.league.guild_id,
            type=discord.ChannelType.text)
        try:
            await channel.send(**post.send_kwargs(),
                               allowed_mentions=discord.AllowedMentions(users=False))
        except discord.HTTPException as exc:
            log.warning("league %s: could not post in channel %s: %s", view.league.id,
                        view.league.channel_id, exc)
