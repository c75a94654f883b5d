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
from datetime import datetime, timedelta
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
from ..ai_turns import STAND_IN_LEVEL
from ..lifecycle import Lifecycle
from ..lobby import Lobby, game_options
from ..settings import MAX_DEADLINE_HOURS, server_settings
from ..state import GameState, Positions, fresh_copy
from ..vocabulary import Change, LeaguePayload, TimerKind
from . import rounds
from .rounds import (
    AI,
    CANCELLED,
    DONE,
    FINISHED,
    FORFEIT,
    KNOCKOUT,
    PENDING,
    PLAYING,
    ROUND_ROBIN,
    RUNNING,
    SCORE,
    SIGNUP,
    SWISS,
)
from .view import LeagueView

#: A league's name, in characters.
MAX_NAME = 40
#: Players a league takes (a round robin of 16 is 15 rounds).
MIN_PLAYERS, MAX_PLAYERS = 3, 16
#: Swiss rounds a league may set (0: the usual number for its field).
MAX_ROUNDS = 10
FORMATS = (ROUND_ROBIN, SWISS, KNOCKOUT)
TIME_RULES = (SCORE, AI)
DROP_RULES = (FORFEIT, AI)
#: How far ahead a start date may be, in hours (30 days).
MAX_START_HOURS = 720


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
    #: Whether AI players took the seats (the league's rule ``ai``) rather than the
    #: games ending.
    stand_ins: bool = False


@dataclass(frozen=True)
class StartDate:
    """A league's start date came: it started, or lacked players (and still signs up)."""

    view: LeagueView
    started: bool


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
                     rounds_wanted: int = 0, time_rule: str = SCORE,
                     drop_rule: str = FORFEIT, start_in: int = 0) -> LeagueView:
        """A league signing up in ``channel_id``; refused, changing nothing, if the input
        or the channel does not do."""
        name = " ".join(name.split())
        if not 1 <= len(name) <= MAX_NAME:
            raise GameError(N_("A league's name is 1 to {count} characters."), count=MAX_NAME)
        if format not in FORMATS:
            raise GameError(N_("A league is a round robin, Swiss or a knockout."))
        if not 1 <= round_hours <= MAX_DEADLINE_HOURS:
            raise GameError(N_("A round lasts 1 to {hours} hours."), hours=MAX_DEADLINE_HOURS)
        if not 0 <= rounds_wanted <= MAX_ROUNDS or (rounds_wanted and format != SWISS):
            raise GameError(N_("Only a Swiss league sets its rounds: 1 to {count}."),
                            count=MAX_ROUNDS)
        if time_rule not in TIME_RULES or drop_rule not in DROP_RULES:
            raise GameError(N_("That rule is not one a league has."))
        if not 0 <= start_in <= MAX_START_HOURS:
            raise GameError(N_("A league starts within {hours} hours (0: when its organiser "
                               "starts it)."), hours=MAX_START_HOURS)
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
                starts = now + timedelta(hours=start_in) if start_in else None
                league = await tx.insert_league(
                    guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id,
                    name=name, format=format, options=stored, rounds=rounds_wanted,
                    round_hours=round_hours, time_rule=time_rule, drop_rule=drop_rule,
                    starts_at=starts, now=now)
                if starts is not None:
                    await tx.set_timer(TimerKind.LEAGUE_START, starts, now=now,
                                       data=LeaguePayload(league.id).to_dict(),
                                       guild_id=guild_id)
        except Conflict:
            raise NotAllowed(N_("This channel has a league already.")) from None
        self.lifecycle.timers.wake()
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
            view = await self._begin(tx, league, now)
        self.lifecycle.timers.wake()
        return view

    async def _begin(self, tx: Transaction, league: League, now: datetime) -> LeagueView:
        count = len(await tx.league_players(league.id))
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise NotAllowed(N_("A league starts with {least} to {most} players; this one "
                                "has {count}."),
                             least=MIN_PLAYERS, most=MAX_PLAYERS, count=count)
        league = await self._save(tx, league, replace(league, status=RUNNING, starts_at=None),
                                  now)
        league = await rounds.advance(tx, league, now)
        return await self._view(tx, league)

    async def start_due(self, timer: Timer) -> StartDate | None:
        """A ``league_start`` timer: the league starts if it has enough players; else it
        goes on signing up (its organiser starts it later)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            if not await tx.claim_timer(timer):
                return None
            league = await tx.league(LeaguePayload.of(timer).league)
            if league is None or league.status != SIGNUP:
                return None
            try:
                started = StartDate(await self._begin(tx, league, now), True)
            except NotAllowed:
                started = StartDate(await self._view(tx, league), False)
        self.lifecycle.timers.wake()
        return started

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
                if league.drop_rule == AI:  # an AI plays on in the player's seat
                    state = await self._stand_in(tx, league, pairing, {target_id}, now)
                    if state is not None:
                        ended.append(state)
                    continue
                if pairing.game_id is not None:
                    state = await self._stop(tx, pairing.game_id, Change.FORFEIT, user_id, now)
                    if state is not None:
                        ended.append(state)
                await tx.set_league_game(replace(pairing, status=DONE, forfeit_by=target_id),
                                         now)
            league = await rounds.advance(tx, league, now)
            dropped = Ended(await self._view(tx, league), tuple(ended), target_id,
                            stand_ins=league.drop_rule == AI)
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
            # A player who dropped out (the rule ``ai``) has an AI in their seat.
            dropped = {p.user_id for p in players if p.dropped_round is not None}
            names = {p.user_id: p.name for p in players}
            ids = [pid for pid in (pairing.player_a, pairing.player_b) if pid is not None]
            seated = []
            for number, pid in enumerate(ids, start=1):
                seated.append(Player(-number, names.get(pid, "?"), STAND_IN_LEVEL)
                              if pid in dropped else Player(pid, names.get(pid, "?")))
            by_player = dict(zip((p.id for p in seated), ids, strict=True))
            try:
                state = await self.lobby.open_started(
                    tx, league.guild_id, channel_id,
                    tuple(sorted(seated, key=lambda p: p.is_ai)), league.options, now)
            except Conflict:
                return None
            await tx.set_league_game(replace(
                now_pairing, game_id=state.id, status=PLAYING,
                seats=tuple(by_player[p.id] for p in state.players)), now)
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

    async def over(self, timer: Timer) -> LeagueView | None:
        """A ``league_over`` timer: the finished league, to announce its winner."""
        async with self.db.transaction() as tx:
            if not await tx.claim_timer(timer):
                return None
            league = await tx.league(LeaguePayload.of(timer).league)
            if league is None or league.status != FINISHED:
                return None
            return await self._view(tx, league)

    async def time_up(self, timer: Timer) -> Ended | None:
        """A ``league_round`` timer: the round's time is up. Its games still running are
        scored as they stand (ended as a vote to end does), or (the rule ``ai``) AI
        players take the people's seats and play them to their end; a game never opened,
        or cancelled by hand, is a draw without points; the next round opens when every
        game is done."""
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
                row = await tx.game(pairing.game_id) if pairing.game_id is not None else None
                if row is None or row.status != Status.RUNNING:
                    # Never opened, or cancelled by hand (`/carcassonne cancel`): a 0-0 draw.
                    await tx.set_league_game(replace(pairing, status=DONE), now)
                    continue
                if league.time_rule == AI:
                    people = {pairing.player_a, pairing.player_b} - {None}
                    state = await self._stand_in(tx, league, pairing, people, now)
                    if state is not None:
                        ended.append(state)
                    continue
                game = fresh_copy(self.positions.of(row))
                game.end()
                ended.append(await self.lifecycle.save_play(
                    tx, row, game, action=Change.LEAGUE_END, user_id=None, now=now,
                    data={"league": league.id, "round": league.round}, new_turn=False))
            league = await tx.league(league.id) or league
            league = await rounds.advance(tx, league, now)
            timed_out = Ended(await self._view(tx, league), tuple(ended),
                              stand_ins=league.time_rule == AI)
        self.lifecycle.timers.wake()
        return timed_out

    # ------------------------------------------------------------ helpers

    async def _stand_in(self, tx: Transaction, league: League, pairing: LeagueGame,
                        user_ids: set[int | None], now: datetime) -> GameState | None:
        """AI players (of the stand-in level) take the seats of ``user_ids`` in
        ``pairing``'s running game, under the players' names, and play on; the pairing
        keeps which league player each seat is."""
        if pairing.game_id is None:
            return None
        row = await tx.game(pairing.game_id)
        if row is None or row.status != Status.RUNNING:
            return None
        seats = pairing.seats or tuple(p.id for p in row.players)
        next_id = min((p.id for p in row.players if p.is_ai), default=0) - 1
        players, changed = [], {}
        for player in row.players:
            if player.id in user_ids and not player.is_ai:
                changed[player.id] = next_id
                players.append(Player(next_id, player.name, STAND_IN_LEVEL))
                next_id -= 1
            else:
                players.append(player)
        if not changed:
            return None
        people = [p for p in players if not p.is_ai]
        new = replace(
            row, players=tuple(players),
            on_turn=changed.get(row.on_turn, row.on_turn) if row.on_turn is not None else None,
            host_id=row.host_id if row.host_id not in changed or not people else people[0].id)
        saved = await self.lifecycle.save_change(
            tx, row, new, action=Change.AI_SEAT, user_id=None, now=now,
            data={"league": league.id, "players": sorted(changed)})
        await tx.set_league_game(replace(pairing, seats=seats), now)
        return GameState(saved)

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
