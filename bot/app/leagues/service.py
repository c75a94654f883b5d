"""What members do with leagues, and what a league's timers do (issue 22).

A league lives in one channel (one open league a channel); its games are
ordinary games, each in a thread of that channel (the thread is the game's
channel), opened and started by the bot through :mod:`bot.app.lobby` and
ended through :mod:`bot.app.lifecycle`. Two players a game. Every admin
action is the organiser's or a member's with Manage Server.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from ...errors import GameError, HostOnly, NoGame, NotAllowed, Stale
from ...i18n import N_
from ...storage import (
    Conflict,
    GameRow,
    League,
    LeagueGame,
    LeaguePlayer,
    Player,
    Reads,
    Status,
    Storage,
    Timer,
    Transaction,
    VersionConflict,
)
from ..lifecycle import Lifecycle
from ..lobby import Lobby, game_options
from ..settings import MAX_DEADLINE_HOURS, server_settings
from ..state import GameState, Positions, fresh_copy
from ..vocabulary import Change, LeaguePayload
from . import rounds
from .rounds import CANCELLED, DONE, PENDING, PLAYING, ROUND_ROBIN, RUNNING, SIGNUP, SWISS
from .standings import Line

#: A league's name, in characters.
MAX_NAME = 40
#: Players a league takes (a round robin of 16 is 15 rounds).
MIN_PLAYERS, MAX_PLAYERS = 3, 16
#: Swiss rounds a league may set (0: the usual number for its field).
MAX_ROUNDS = 10
FORMATS = (ROUND_ROBIN, SWISS)


@dataclass(frozen=True)
class LeagueView:
    """A league as members read it: its players, pairings and standings."""

    league: League
    players: tuple[LeaguePlayer, ...]
    pairings: tuple[LeagueGame, ...]
    lines: tuple[Line, ...]

    @classmethod
    def of(cls, league: League, players: list[LeaguePlayer],
           pairings: list[LeagueGame]) -> LeagueView:
        return cls(league, tuple(players), tuple(pairings),
                   tuple(rounds.table(players, pairings)))

    def name(self, user_id: int | None) -> str:
        return next((p.name for p in self.players if p.user_id == user_id), "?")

    @property
    def total_rounds(self) -> int:
        return rounds.total_rounds(self.league, list(self.players))

    def round(self, number: int) -> tuple[LeagueGame, ...]:
        return tuple(p for p in self.pairings if p.round == number)


@dataclass(frozen=True)
class Opening:
    """A round's pairings still to open, each in a thread of the league's channel."""

    view: LeagueView
    pending: tuple[LeagueGame, ...]


@dataclass(frozen=True)
class Ended:
    """Games a league ended (a round's time was up, a player dropped, the league
    was cancelled), for their threads to say so, and the league then."""

    view: LeagueView
    games: tuple[GameState, ...] = ()
    #: The member who dropped out (a drop).
    dropped: int | None = None


class Leagues:
    """The leagues of one storage."""

    def __init__(self, db: Storage, positions: Positions, lobby: Lobby, lifecycle: Lifecycle,
                 clock: Callable[[], datetime]) -> None:
        self.db = db
        self.positions = positions
        self.lobby = lobby
        self.lifecycle = lifecycle
        self.clock = clock

    # ------------------------------------------------------------ members

    async def create(self, guild_id: int, channel_id: int, organiser_id: int, name: str, *,
                     format: str, options: dict[str, Any], round_hours: int,
                     rounds_wanted: int = 0) -> LeagueView:
        """A league signing up in ``channel_id``; refused, changing nothing, if the input
        or the channel does not do."""
        name = " ".join(name.split())
        if not 1 <= len(name) <= MAX_NAME:
            raise GameError(N_("A league's name is 1 to {count} characters."), count=MAX_NAME)
        if format not in FORMATS:
            raise GameError(N_("A league is a round robin or Swiss."))
        if not 1 <= round_hours <= MAX_DEADLINE_HOURS:
            raise GameError(N_("A round lasts 1 to {hours} hours."), hours=MAX_DEADLINE_HOURS)
        if not 0 <= rounds_wanted <= MAX_ROUNDS or (rounds_wanted and format != SWISS):
            raise GameError(N_("Only a Swiss league sets its rounds: 1 to {count}."),
                            count=MAX_ROUNDS)
        stored = game_options(options)
        now = self.clock()
        try:
            async with self.db.transaction() as tx:
                settings = await server_settings(tx, guild_id)
                if not settings.allows(channel_id):
                    raise NotAllowed(N_("Games are not played in this channel on this server."))
                if not settings.threads:
                    raise NotAllowed(N_(
                        "A league plays each game in a thread of its channel: a member with "
                        "Manage Server can turn threads on with `/carcassonne settings`."))
                league = await tx.insert_league(
                    guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id,
                    name=name, format=format, options=stored, rounds=rounds_wanted,
                    round_hours=round_hours, now=now)
        except Conflict:
            raise NotAllowed(N_("This channel has a league already.")) from None
        return LeagueView.of(league, [], [])

    async def join(self, guild_id: int, channel_id: int, player: Player) -> LeagueView:
        now = self.clock()
        async with self.db.transaction() as tx:
            league = await self._open(tx, guild_id, channel_id)
            self._signing_up(league)
            players = await tx.league_players(league.id)
            if any(p.user_id == player.id for p in players):
                raise NotAllowed(N_("You are in this league already."))
            if len(players) >= MAX_PLAYERS:
                raise NotAllowed(N_("The league is full: {count} players at most."),
                                 count=MAX_PLAYERS)
            await tx.add_league_player(league.id, LeaguePlayer(player.id, player.name), now)
            return await self._view(tx, league)

    async def leave(self, guild_id: int, channel_id: int, user_id: int) -> LeagueView:
        async with self.db.transaction() as tx:
            league = await self._open(tx, guild_id, channel_id)
            if league.status != SIGNUP:
                raise NotAllowed(N_("The league has started: drop out with `/league drop`."))
            if not await tx.remove_league_player(league.id, user_id):
                raise NotAllowed(N_("You are not in this league."))
            return await self._view(tx, league)

    async def start(self, guild_id: int, channel_id: int, user_id: int, *,
                    can_manage: bool) -> LeagueView:
        """The organiser starts the league: round 1 is paired, and opened by its timer."""
        now = self.clock()
        async with self.db.transaction() as tx:
            league = await self._open(tx, guild_id, channel_id)
            self._organiser(league, user_id, can_manage)
            self._signing_up(league)
            count = len(await tx.league_players(league.id))
            if not MIN_PLAYERS <= count <= MAX_PLAYERS:
                raise NotAllowed(N_("A league starts with {least} to {most} players; this one "
                                    "has {count}."),
                                 least=MIN_PLAYERS, most=MAX_PLAYERS, count=count)
            league = await self._save(tx, league, replace(league, status=RUNNING), now)
            league = await rounds.advance(tx, league, now)
            view = await self._view(tx, league)
        self.lifecycle.timers.wake()
        return view

    async def drop(self, guild_id: int, channel_id: int, user_id: int, target_id: int, *,
                   can_manage: bool) -> Ended:
        """A player drops out (themselves, or by the organiser): their running game is
        given up (the other player wins) and so is every later one."""
        now = self.clock()
        async with self.db.transaction() as tx:
            league = await self._open(tx, guild_id, channel_id)
            if target_id != user_id:
                self._organiser(league, user_id, can_manage)
            if league.status != RUNNING:
                raise NotAllowed(N_("The league has not started: leave it with `/league "
                                    "leave`."))
            player = next((p for p in await tx.league_players(league.id)
                           if p.user_id == target_id), None)
            if player is None or player.dropped_round is not None:
                raise NotAllowed(N_("That member is not playing in this league."))
            await tx.drop_league_player(league.id, target_id, league.round)
            ended = []
            for pairing in await tx.league_games(league.id):
                if pairing.status == DONE or target_id not in (pairing.player_a,
                                                               pairing.player_b):
                    continue
                if pairing.game_id is not None:
                    state = await self._stop(tx, pairing.game_id, Change.FORFEIT, user_id, now)
                    if state is not None:
                        ended.append(state)
                await tx.set_league_game(replace(pairing, status=DONE, forfeit_by=target_id),
                                         now)
            league = await rounds.advance(tx, league, now)
            dropped = Ended(await self._view(tx, league), tuple(ended), target_id)
        self.lifecycle.timers.wake()
        return dropped

    async def cancel(self, guild_id: int, channel_id: int, user_id: int, *,
                     can_manage: bool) -> Ended:
        """The organiser ends the league; its running games end unscored."""
        now = self.clock()
        async with self.db.transaction() as tx:
            league = await self._open(tx, guild_id, channel_id)
            self._organiser(league, user_id, can_manage)
            league = await self._save(tx, league, replace(league, status=CANCELLED,
                                                          round_ends_at=None), now)
            ended = []
            for pairing in await tx.league_games(league.id):
                if pairing.status == PLAYING and pairing.game_id is not None:
                    state = await self._stop(tx, pairing.game_id, Change.CANCEL, user_id, now)
                    if state is not None:
                        ended.append(state)
            return Ended(await self._view(tx, league), tuple(ended))

    async def view(self, guild_id: int, channel_id: int) -> LeagueView:
        """The channel's league (open, else its latest), for its standings and schedule."""
        league = await self.db.channel_league(guild_id, channel_id)
        if league is None:
            raise NoGame(N_("This channel has no league. Make one with `/league create`."))
        return await self._view(self.db, league)

    # ------------------------------------------------------------- timers

    async def to_open(self, timer: Timer) -> Opening | None:
        """A ``league_open`` timer: the current round's pairings still to open (the timer
        stays until :meth:`opened`, so that a stop halfway opens the rest later)."""
        found = await rounds.current(self.db, LeaguePayload.of(timer).league)
        if found is None or found[0].status != RUNNING:
            return None
        league, players, pairings = found
        pending = tuple(p for p in pairings if p.round == league.round and p.status == PENDING)
        return Opening(LeagueView.of(league, players, pairings), pending)

    async def open_game(self, pairing: LeagueGame, channel_id: int) -> GameState | None:
        """Open and start ``pairing``'s game in ``channel_id`` (a thread of the league's
        channel); None if it was opened or decided meanwhile."""
        now = self.clock()
        async with self.db.transaction() as tx:
            found = await rounds.current(tx, pairing.league_id)
            if found is None:
                return None
            league, players, pairings = found
            now_pairing = next((p for p in pairings if p.id == pairing.id), None)
            if league.status != RUNNING or now_pairing is None or now_pairing.status != PENDING:
                return None
            names = {p.user_id: p.name for p in players}
            seats = tuple(Player(pid, names.get(pid, "?"))
                          for pid in (pairing.player_a, pairing.player_b) if pid is not None)
            try:
                state = await self.lobby.open_started(tx, league.guild_id, channel_id, seats,
                                                      league.options, now)
            except Conflict:
                return None
            await tx.set_league_game(replace(now_pairing, game_id=state.id, status=PLAYING), now)
        return state

    async def opened(self, timer: Timer) -> LeagueView | None:
        """Every game of the round is open: the ``league_open`` timer is done; the league
        (None if another process took the timer, or the league is gone)."""
        async with self.db.transaction() as tx:
            if not await tx.claim_timer(timer):
                return None
            league = await tx.league(LeaguePayload.of(timer).league)
            return await self._view(tx, league) if league is not None else None

    async def result(self, timer: Timer) -> tuple[LeagueView, LeagueGame] | None:
        """A ``league_result`` timer: the league after a game's result, to post."""
        async with self.db.transaction() as tx:
            if not await tx.claim_timer(timer) or timer.game_id is None:
                return None
            pairing = await tx.league_game_of(timer.game_id)
            league = await tx.league(LeaguePayload.of(timer).league)
            if pairing is None or league is None:
                return None
            return await self._view(tx, league), pairing

    async def time_up(self, timer: Timer) -> Ended | None:
        """A ``league_round`` timer: the round's time is up. Its games still running are
        scored as they stand (ended as a vote to end does), a game never opened is a
        draw without points, and the next round opens."""
        now = self.clock()
        payload = LeaguePayload.of(timer)
        async with self.db.transaction() as tx:
            if not await tx.claim_timer(timer):
                return None
            league = await tx.league(payload.league)
            if league is None or league.status != RUNNING or league.round != payload.round:
                return None
            ended = []
            for pairing in await tx.league_games(league.id):
                if pairing.round != league.round or pairing.status == DONE:
                    continue
                if pairing.status == PENDING or pairing.game_id is None:
                    await tx.set_league_game(replace(pairing, status=DONE), now)
                    continue
                row = await tx.game(pairing.game_id)
                if row is None or row.status != Status.RUNNING:
                    continue
                game = fresh_copy(self.positions.of(row))
                game.end()
                ended.append(await self.lifecycle.save_play(
                    tx, row, game, action=Change.LEAGUE_END, user_id=None, now=now,
                    data={"league": league.id, "round": league.round}, new_turn=False))
            league = await tx.league(league.id) or league
            league = await rounds.advance(tx, league, now)
            timed_out = Ended(await self._view(tx, league), tuple(ended))
        self.lifecycle.timers.wake()
        return timed_out

    # ------------------------------------------------------------ helpers

    async def _stop(self, tx: Transaction, game_id: int, action: Change, user_id: int,
                    now: datetime) -> GameState | None:
        """End a league's running game unscored (a forfeit, a cancelled league)."""
        row = await tx.game(game_id)
        if row is None or not row.is_open:
            return None
        new: GameRow = replace(row, status=Status.CANCELLED, finished_at=now, on_turn=None)
        saved = await self.lifecycle.save_change(tx, row, new, action=action, user_id=user_id,
                                                 now=now)
        return GameState(saved)

    @staticmethod
    async def _open(tx: Reads, guild_id: int, channel_id: int) -> League:
        league = await tx.channel_league(guild_id, channel_id)
        if league is None or league.status not in (SIGNUP, RUNNING):
            raise NoGame(N_("This channel has no open league. Make one with `/league "
                            "create`."))
        return league

    @staticmethod
    def _signing_up(league: League) -> None:
        if league.status != SIGNUP:
            raise Stale(N_("The league has started already."))

    @staticmethod
    def _organiser(league: League, user_id: int, can_manage: bool) -> None:
        if user_id != league.organiser_id and not can_manage:
            raise HostOnly(N_("Only the league's organiser or a member with Manage Server "
                              "can do that."))

    @staticmethod
    async def _save(tx: Transaction, old: League, new: League, now: datetime) -> League:
        try:
            return await tx.save_league(old, new, now)
        except VersionConflict:
            raise Stale(N_("The league changed at that very moment; please try again.")) \
                from None

    @staticmethod
    async def _view(db: Reads, league: League) -> LeagueView:
        return LeagueView.of(league, await db.league_players(league.id),
                             await db.league_games(league.id))
