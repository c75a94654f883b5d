"""What the bot posts in a game's channel, and the one way it posts it.

After a move (a player's or an AI's), a start, a skip, a removal, a reminder,
an expired lobby or the end of a game, the :class:`Announcer` draws what is
needed (off the event loop), builds the message (:mod:`bot.words`) and sends
it. After posting it tells the application one fact, through the one
function it is given (:meth:`bot.app.App.posted`): this message of this game
is out (with its components, noted with its game and turn: tidying a finished
game removes the buttons of exactly these, never reading the channel's
history), and whether it announces a turn (an AI on turn then moves). A
message the channel refuses waits for the next command there, and the player
on turn is told by direct message (:meth:`Announcer.undelivered`).

A game with a thread (the server's ``threads``, opened at the start by
:meth:`Announcer.open_thread`) is posted in its thread while it runs, and its
result in its channel. An archived thread is reopened before posting; a deleted
one is forgotten (:class:`GameThreads`) and the game goes on in its channel,
which is told so. AI moves made one after another post one message: the one
that calls the next person (or ends the game).

One module on purpose: every message of a game goes out through the one
:class:`Announcer`, whose state (the messages waiting for their channel, the
threads found deleted, the notes for a first turn) every way of sending reads
and changes; split, each part would need all of it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

import discord

from .. import images
from ..app.absence import Absence
from ..app.clock import Reminder
from ..app.lifecycle import GameEnded, LobbyExpired
from ..app.state import GameState, Played
from ..app.vocabulary import AbsenceAction
from ..i18n import Messages, Term
from ..names import seat_names
from ..storage import MessageRef
from ..words.absence import absence_post
from ..words.access import cannot_post, unposted_dm
from ..words.common import Post
from ..words.lobby import lobby_expired_post, lobby_post
from ..words.reminders import reminder_dm, reminder_post
from ..words.threads import (
    no_thread_note,
    posted_there,
    started_line,
    thread_gone_note,
    thread_name,
)
from ..words.turn import started_post, turn_post
from .channel_access import missing_for_threads, missing_in
from .languages import Readers
from .lobby_buttons import lobby_view
from .panel import play_view

log = logging.getLogger(__name__)

#: A game's thread is archived after a week without messages (reopened when it posts).
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080


class GameThreads(Protocol):
    """Where the application keeps a game's thread: :meth:`bot.app.lobby.Lobby.set_thread`."""

    def __call__(self, game_id: int, thread_id: int | None) -> Awaitable[None]: ...


class Posted(Protocol):
    """What the application is told after a game message is posted (or waits):
    :meth:`bot.app.App.posted`."""

    def __call__(self, state: GameState, message: MessageRef | None, *,
                 announces_turn: bool) -> Awaitable[None]: ...


@dataclass(frozen=True)
class Pending:
    """A game message that could not be posted, kept for the next command in its
    channel; ``lacking``: the permissions the bot was missing there."""

    state: GameState
    post: Post
    kind: str
    lacking: tuple[Term, ...]


class Announcer:
    """Posts the game's news in its channel (and DMs reminders to those who asked)."""

    def __init__(self, client: discord.Client, readers: Readers, posted: Posted,
                 set_thread: GameThreads) -> None:
        #: Where messages are sent (channels, direct messages, servers' names).
        self.client = client
        self.readers = readers
        self.posted = posted
        self.set_thread = set_thread
        #: By channel (or thread): the last game message that could not be posted there.
        self.pending: dict[int, Pending] = {}
        #: Threads found deleted (their games' rows may still name them for a moment).
        self.lost_threads: set[int] = set()
        #: By game: why the game about to start has no thread (said with its first turn).
        self.notes: dict[int, str] = {}

    # ------------------------------------------------------------ moves

    async def played(self, interaction: discord.Interaction, played: Played) -> None:
        """A move made from the turn panel: the turn message, in the channel."""
        await self.post(played.state, await self.turn_post(played), interaction=interaction)

    async def played_reply(self, interaction: discord.Interaction, played: Played) -> None:
        """A move made by ``/carcassonne place``: the turn message answers the command."""
        await self.reply(interaction, await self.turn_post(played), played.state,
                         private=self.links_privately(interaction, played.state))

    async def ai_played(self, played: Played) -> None:
        """An AI's move (an AI player's, or one for an absent player): the turn
        message, in the channel, like any other; but an AI player's move that hands
        the turn to another AI posts nothing (the next AI moves at once), so that a
        round of AIs is one message: the one calling the next person, which tells
        what happened since their last turn."""
        state = played.state
        current = state.current
        if (played.mover.is_ai and not played.stand_in and current is not None
                and current.is_ai):
            await self.posted(state, None, announces_turn=True)
            return
        await self.post(state, await self.turn_post(played))

    async def started(self, interaction: discord.Interaction, state: GameState, *,
                      thread: bool) -> None:
        """The first turn, after the lobby's Start button (``thread``: the server
        wants a thread per game)."""
        state, line = await self.open_thread(interaction, state, wanted=thread)
        if line is not None:
            try:
                await self.channel(state).send(line.content or "",
                                               allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as exc:
                log.info("could not say in its channel that game %s began: %s", state.id, exc)
        await self.post(state, await self.start_post(state), interaction=interaction)

    async def started_reply(self, interaction: discord.Interaction, state: GameState, *,
                            thread: bool) -> None:
        state, line = await self.open_thread(interaction, state, wanted=thread)
        if line is not None:
            # The channel's one line answers the command; the first turn goes to the thread.
            await interaction.followup.send(line.content or "", wait=True,
                                            allowed_mentions=discord.AllowedMentions.none())
            await self.post(state, await self.start_post(state))
            return
        await self.reply(interaction, await self.start_post(state), state)

    async def open_thread(self, interaction: discord.Interaction, state: GameState, *,
                          wanted: bool) -> tuple[GameState, Post | None]:
        """Open the game's thread under its lobby message, add its people to it and
        note it; the game with its thread, and the channel's one line about it (None:
        no thread, and the first turn says why when the server wanted one)."""
        in_thread = isinstance(interaction.channel, discord.Thread)
        lobby = state.row.lobby_message_id
        if not wanted or in_thread or lobby is None:
            return state, None
        t = await self.public(state)
        lacking = missing_for_threads(interaction.app_permissions)
        if lacking:
            self.notes[state.id] = no_thread_note(t, lacking)
            return state, None
        try:
            thread = await self.channel(state).get_partial_message(lobby).create_thread(
                name=thread_name(t, state), auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        except discord.HTTPException as exc:
            log.warning("could not open a thread for game %s: %s", state.id, exc)
            self.notes[state.id] = no_thread_note(t, [])
            return state, None
        for player in state.players:
            if player.is_ai:
                continue
            try:
                await thread.add_user(discord.Object(id=player.id))
            except discord.HTTPException as exc:
                log.info("could not add user %s to the thread of game %s: %s",
                         player.id, state.id, exc)
        await self.set_thread(state.id, thread.id)
        state = replace(state, row=replace(state.row, thread_id=thread.id))
        return state, Post(content=started_line(t, state, thread.id))

    async def public(self, state: GameState) -> Messages:
        """The messages of the game's server, for what everyone reads."""
        return await self.readers.public(state.row.guild_id)

    async def turn_post(self, played: Played) -> Post:
        """The public message after a move: the map, the next tile, or at the end the
        final scoring with the scores over the game."""
        state = played.state
        assert state.game is not None
        t = await self.public(state)
        over = state.game.is_over
        png = await asyncio.to_thread(images.board if over else images.turn, state.game, t)
        chart_png = await self.score_chart(t, state) if over else None
        return turn_post(t, played, png, play_view(t, state), chart_png)

    async def start_post(self, state: GameState) -> Post:
        assert state.game is not None
        t = await self.public(state)
        png = await asyncio.to_thread(images.turn, state.game, t)
        post = started_post(t, state, png, play_view(t, state))
        note = self.notes.pop(state.id, None)
        if note is not None:
            post.content = "\n".join(filter(None, [note, post.content]))
        return post

    @staticmethod
    async def score_chart(t: Messages, state: GameState) -> bytes | None:
        """The scores over the game so far (None before the start, or if it cannot be drawn)."""
        if state.game is None:
            return None
        # A picture: the seat names as the map shows them, not escaped for markdown.
        return await asyncio.to_thread(images.chart, state.game, seat_names(state.players), t)

    # ------------------------------------------------------ absent players

    async def absence(self, absence: Absence) -> None:
        """A skip, a removal or an ended game at a deadline, in the channel (an AI about
        to play for the absent player says so with its move)."""
        if absence.action == AbsenceAction.AI_PLAYS:
            return
        await self.post(absence.state, await self.absence_post(absence))

    async def absence_reply(self, interaction: discord.Interaction, absence: Absence) -> None:
        """A player removed by ``/carcassonne kick``: the news answers the command."""
        await self.reply(interaction, await self.absence_post(absence), absence.state)

    async def absence_post(self, absence: Absence) -> Post:
        """At the game's end with the score chart, after a removal with the map (the
        removed player's followers are gone)."""
        state = absence.state
        game = state.game
        t = await self.public(state)
        board = chart = None
        if game is not None and game.is_over:
            chart = await self.score_chart(t, state)
        elif absence.action == AbsenceAction.REMOVE and game is not None:
            board = await asyncio.to_thread(images.turn, game, t)
        return absence_post(t, absence, board, chart, play_view(t, state))

    # ------------------------------------------------------------- timers

    async def reminder(self, reminder: Reminder) -> None:
        state = reminder.state
        t = await self.public(state)
        await self.post(state, reminder_post(t, reminder, play_view(t, state)),
                        "reminder")
        if not reminder.dm:
            return
        guild = self.client.get_guild(state.row.guild_id)
        # A direct message is private: the player's own language, else the server's.
        reader = await self.readers.own(reminder.player.id) or t
        text = reminder_dm(reader, reminder, guild.name if guild else None)
        try:
            dm = await self.client.create_dm(discord.Object(id=reminder.player.id))
            await dm.send(text)
        except discord.HTTPException as exc:
            log.info("cannot DM user %s: %s", reminder.player.id, exc)

    async def told_elsewhere(self, interaction: discord.Interaction, state: GameState,
                             text: str) -> None:
        """News of a game played in a thread answered where its command was typed (a
        cancel): the other place, the channel or the thread, is told too."""
        thread_id = state.row.thread_id
        if thread_id is None or thread_id in self.lost_threads:
            return
        if interaction.channel_id == thread_id:
            where: discord.PartialMessageable = self.channel(state)
        elif await self.thread_usable(state, thread_id):
            where = self.client.get_partial_messageable(
                thread_id, guild_id=state.row.guild_id, type=discord.ChannelType.public_thread)
        else:
            await self.thread_lost(state, thread_id)
            return
        try:
            await where.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.info("could not tell channel %s about game %s: %s", where.id, state.id, exc)

    async def lobby_expired(self, expired: LobbyExpired) -> None:
        """Say that a lobby closed, and disable its buttons."""
        state = expired.state
        await self.post(state, lobby_expired_post(await self.public(state), expired))
        await self.refresh_lobby(state)

    async def tidy(self, ended: GameEnded) -> None:
        """Remove the buttons of a finished game's messages (noted as they were sent),
        and delete its turn posts if the server wants that (never the result)."""
        if not ended.tidy:
            return
        for channel_id, message_id in ended.delete:
            partial = self.client.get_partial_messageable(
                channel_id, guild_id=ended.state.row.guild_id
            )
            try:
                await partial.get_partial_message(message_id).delete()
            except discord.HTTPException as exc:
                log.info("could not delete message %s: %s", message_id, exc)
        for channel_id, message_id in ended.messages:
            partial = self.client.get_partial_messageable(
                channel_id, guild_id=ended.state.row.guild_id
            )
            try:
                await partial.get_partial_message(message_id).edit(view=None)
            except discord.HTTPException as exc:
                log.info("could not tidy message %s: %s", message_id, exc)

    async def refresh_lobby(self, state: GameState) -> None:
        """Bring the lobby message's list and buttons up to date (best effort)."""
        message_id = state.row.lobby_message_id
        if message_id is None:
            return
        t = await self.public(state)
        post = lobby_post(t, state, lobby_view(t, state))
        try:
            await self.channel(state).get_partial_message(message_id).edit(
                embed=post.embed, view=post.view
            )
        except discord.HTTPException as exc:
            log.info("could not update lobby message %s: %s", message_id, exc)

    # ------------------------------------------------------------ sending

    def channel(self, state: GameState) -> discord.PartialMessageable:
        """The game's channel (its lobby, and its result)."""
        return self.client.get_partial_messageable(
            state.row.channel_id, guild_id=state.row.guild_id, type=discord.ChannelType.text
        )

    def place(self, state: GameState) -> int:
        """Where the game's news goes: its thread while it runs (if it has one), else
        its channel."""
        thread_id = state.row.thread_id
        if thread_id is None or thread_id in self.lost_threads or not state.row.is_open:
            return state.row.channel_id
        return thread_id

    async def thread_usable(self, state: GameState, thread_id: int) -> bool:
        """Whether the game's thread is still there; reopened if it was archived."""
        guild = self.client.get_guild(state.row.guild_id)
        cached = guild.get_thread(thread_id) if guild is not None else None
        if cached is not None and not cached.archived:
            return True
        # Archived threads leave discord.py's cache: ask Discord.
        try:
            found = await self.client.fetch_channel(thread_id)
        except discord.NotFound:
            return False
        except discord.HTTPException as exc:
            log.info("could not look at the thread of game %s: %s", state.id, exc)
            return True
        if isinstance(found, discord.Thread) and found.archived:
            try:
                await found.edit(archived=False)
            except discord.HTTPException as exc:
                log.info("could not reopen the thread of game %s: %s", state.id, exc)
        return True

    async def thread_lost(self, state: GameState, thread_id: int) -> None:
        """The game's thread was deleted: the game goes on in its channel."""
        self.lost_threads.add(thread_id)
        try:
            await self.set_thread(state.id, None)
        except Exception:
            log.exception("could not forget the thread of game %s", state.id)

    async def send(self, state: GameState, post: Post, kind: str = "turn") -> discord.Message:
        """Send ``post`` where the game's news goes (:meth:`place`); from a deleted
        thread, to the channel, saying so."""
        place = self.place(state)
        if place != state.row.channel_id:
            if await self.thread_usable(state, place):
                thread = self.client.get_partial_messageable(
                    place, guild_id=state.row.guild_id, type=discord.ChannelType.public_thread)
                try:
                    return await thread.send(**self._kwargs(state, post, kind))
                except discord.NotFound:
                    pass
            await self.thread_lost(state, place)
            note = thread_gone_note(await self.public(state))
            post = replace(post, content="\n".join(filter(None, [note, post.content])))
        return await self.channel(state).send(**self._kwargs(state, post, kind))

    async def post(
        self,
        state: GameState,
        post: Post,
        kind: str = "turn",
        *,
        interaction: discord.Interaction | None = None,
        point: bool = True,
    ) -> discord.Message | None:
        """Post where the game's news goes (its thread, or its channel); without Send
        Messages there, answer the interaction (if any) by a follow-up instead. The
        result of a game played in a thread goes to its channel, and (``point``) the
        thread gets a link to it."""
        message: discord.Message | None = None
        try:
            message = await self.send(state, post, kind)
        except discord.HTTPException as exc:
            lacking = self._missing(state)
            log.warning("cannot post in channel %s of server %s (game %s): %s%s",
                        self.place(state), state.row.guild_id, state.id, exc,
                        f"; missing {', '.join(p.singular for p in lacking)}" if lacking else "")
            if interaction is not None:
                message = await interaction.followup.send(wait=True, **post.send_kwargs())
            else:
                await self.undelivered(state, post, kind, lacking)
        if message is not None:
            await self.delivered(state, post, message, kind)
            if point:
                await self.point_thread(state, message)
        return message

    async def point_thread(self, state: GameState, message: discord.Message) -> None:
        """After a game played in a thread ended: the link to its result, in the thread."""
        thread_id = state.row.thread_id
        if (thread_id is None or thread_id in self.lost_threads or state.row.is_open
                or message.channel.id == thread_id):
            return
        thread = self.client.get_partial_messageable(
            thread_id, guild_id=state.row.guild_id, type=discord.ChannelType.public_thread)
        try:
            await thread.send(posted_there(await self.public(state), message.jump_url))
        except discord.HTTPException as exc:
            log.info("could not point the thread of game %s to its result: %s", state.id, exc)

    def _missing(self, state: GameState) -> list[Term]:
        return missing_in(self.client.get_guild(state.row.guild_id), self.place(state))

    async def delivered(self, state: GameState, post: Post, message: discord.Message,
                        kind: str) -> None:
        """A game message is out: nothing of its channel waits any more."""
        self.pending.pop(self.place(state), None)
        await self.posted(state, self.noted(state, post, message, kind),
                          announces_turn=kind == "turn")

    async def undelivered(self, state: GameState, post: Post, kind: str,
                          lacking: list[Term]) -> None:
        """A message the bot said on its own could not be posted: it waits for the next
        command in the channel (:meth:`deliver_pending`), and the player on turn, if a
        person, is told by direct message, so that no turn goes uncalled. A direct
        message always notifies: when the player may not be called now (quiet hours, a
        vacation, a later call), it waits for the turn's call (a reminder, which cannot
        be posted either and so comes by direct message, when they may be called)."""
        self.pending[self.place(state)] = Pending(state, post, kind, tuple(lacking))
        if kind == "turn":
            await self.posted(state, None, announces_turn=True)
        current = state.current if state.game is not None and not state.game.is_over else None
        if current is None or current.is_ai:
            return
        if not state.clock.calls:
            log.info("user %s may not be called now; their turn in game %s calls them "
                     "when they may", current.id, state.id)
            return
        guild = self.client.get_guild(state.row.guild_id)
        reader = await self.readers.own(current.id) or await self.public(state)
        try:
            dm = await self.client.create_dm(discord.Object(id=current.id))
            await dm.send(unposted_dm(reader, state, guild.name if guild else None, lacking))
        except discord.HTTPException as exc:
            log.warning("cannot tell user %s by direct message that it is their turn in "
                        "game %s either: %s", current.id, state.id, exc)

    async def deliver_pending(self, interaction: discord.Interaction) -> None:
        """After a command in a channel whose game message could not be posted: the
        message, late, as a follow-up of the command (which needs no permission)."""
        pending = self.pending.pop(interaction.channel_id or 0, None)
        if pending is None:
            return
        t = await self.public(pending.state)
        note = cannot_post(t, pending.lacking)
        late = replace(pending.post, content="\n".join(filter(None, [note, pending.post.content])))
        try:
            message = await interaction.followup.send(wait=True, **late.send_kwargs())
        except discord.HTTPException as exc:
            self.pending.setdefault(interaction.channel_id or 0, pending)
            log.warning("could not deliver the late message of game %s: %s",
                        pending.state.id, exc)
            return
        await self.posted(pending.state, self.noted(pending.state, late, message, pending.kind),
                          announces_turn=False)

    async def reply(
        self, interaction: discord.Interaction, post: Post, state: GameState, kind: str = "turn",
        *, private: bool = False,
    ) -> discord.Message:
        """Answer a deferred command with a game message (``kind``: "turn" for one
        that announces a turn, "notice" for other news of the game, "board" for a
        look at the map). A turn message or notice of a game played elsewhere (in
        its thread; at the end, in its channel) is posted there, and the command is
        answered with a link to it; ``private``: the command was deferred for its
        author alone (a move, :meth:`links_privately`)."""
        if kind in ("turn", "notice") and interaction.channel_id != self.place(state):
            posted = await self.post(state, post, kind, point=False)
            if posted is not None:
                t = await self.public(state)
                return await interaction.followup.send(posted_there(t, posted.jump_url),
                                                       wait=True, ephemeral=private)
            if private:  # it waits for the next command there; the mover sees it now
                return await interaction.followup.send(wait=True, ephemeral=True,
                                                       **self._kwargs(state, post, kind))
        message = await interaction.followup.send(wait=True, **self._kwargs(state, post, kind))
        await self.delivered(state, post, message, kind)
        return message

    def links_privately(self, interaction: discord.Interaction, state: GameState) -> bool:
        """Whether a move typed outside its running game's place (its thread, or its
        channel) is answered for the mover alone: the move is posted there, for all,
        and the answer is only a link to it. Decided before the command is deferred."""
        return state.row.is_open and interaction.channel_id != self.place(state)

    @staticmethod
    def _kwargs(state: GameState, post: Post, kind: str) -> dict[str, Any]:
        """A post's arguments; a turn's mention calls nobody when its player may not be
        called now (quiet hours, a vacation, a later call): a reminder calls them then.
        News of a vacation names its player without calling anyone."""
        kwargs = post.send_kwargs()
        if (kind == "turn" and not state.clock.calls) or kind == "vacation":
            kwargs["allowed_mentions"] = discord.AllowedMentions.none()
        return kwargs

    @staticmethod
    def noted(state: GameState, post: Post, message: discord.Message,
              kind: str = "turn") -> MessageRef | None:
        """What is noted of a game message: one with components (None: nothing). Only
        turn messages carry their turn (the first of a turn dates it for typed moves)."""
        if post.view is None:
            return None
        turn = state.turn if kind in ("turn", "reminder") else None
        return MessageRef(message.channel.id, message.id, kind, turn)
