"""Absent players: a missed deadline, a removal by the host, a vote to end, a snooze.

Games here last days, so a turn has a clock (:mod:`bot.app.clock`): reminders
to the player on turn, an optional deadline with a
:class:`~bot.app.vocabulary.Policy` for players who let it pass, and ways out
of a stalled game (the host removes a player; the others vote to end it,
which scores it). A game in which every player misses turn after turn ends.
Every change is saved through :mod:`bot.app.lifecycle`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from engine import Discard, Event, Game, Remove, Skip

from ..errors import AlreadyVoted, GameError, HostOnly, NotAllowed, NotStalled
from ..i18n import N_
from ..names import Name
from ..storage import GameRow, Player, Reads, Storage, Timer, Transaction
from .clock import Clock
from .lifecycle import Lifecycle, remove_seat
from .settings import MAX_SNOOZE_HOURS, TurnRules, game_rules, server_settings
from .state import GameState, Positions, find_row, fresh_copy, require_running
from .vocabulary import AbsenceAction, Change, Policy


@dataclass(frozen=True)
class Absence:
    """Something was done about an absent player: a missed deadline or a removal;
    ``by`` is the member who removed the player (None: the deadline did)."""

    state: GameState
    player: Player
    action: AbsenceAction
    missed: int = 0
    remove_after: int = 0
    by: Player | None = None
    events: list[Event] = field(default_factory=list)
    #: With ``abandoned``: the rounds every player missed.
    idle_rounds: int = 0


@dataclass(frozen=True)
class Vote:
    state: GameState
    voters: tuple[Player, ...]
    missing: tuple[Player, ...]
    events: list[Event] = field(default_factory=list)

    @property
    def ended(self) -> bool:
        return not self.missing


@dataclass(frozen=True)
class Snoozed:
    state: GameState
    until: datetime
    deadline: datetime | None


class Absences:
    """What happens to the absent players of the games of one storage."""

    def __init__(self, db: Storage, positions: Positions, lifecycle: Lifecycle, timers: Clock,
                 clock: Callable[[], datetime]) -> None:
        self.db = db
        self.positions = positions
        self.lifecycle = lifecycle
        self.timers = timers
        self.clock = clock

    async def deadline(self, timer: Timer) -> Absence | None:
        """A ``deadline`` timer: the game's policy acts on the player still on turn."""
        now = self.clock()
        async with self.db.transaction() as tx:
            found = await self.timers.turn_timer(tx, timer)
            if found is None:
                return None
            row, game = found
            return await self._deadline(tx, row, game, await game_rules(tx, row), timer, now)

    async def _deadline(
        self,
        tx: Transaction,
        row: GameRow,
        cached: Game,
        rules: TurnRules,
        timer: Timer,
        now: datetime,
    ) -> Absence:
        seat = cached.current_player
        assert seat is not None
        player = row.players[seat]
        if rules.policy == Policy.NOTHING:
            return Absence(GameState(row, cached), player, AbsenceAction.NOTHING)
        missed = missed_in_a_row(cached, seat, row.stand_ins) + 1
        idle = (await server_settings(tx, row.guild_id)).limits.idle_rounds
        game = fresh_copy(cached)
        first = len(game.events)
        if rules.policy == Policy.AI_PLAYS:
            if not abandoned(row, game, idle, missing=seat):
                await self.timers.play_now(tx, row, player, now)
                return Absence(GameState(row, cached), player, AbsenceAction.AI_PLAYS, missed)
            action = AbsenceAction.ABANDONED
            game.end()
        elif cached.is_bonus_turn and not (rules.policy == Policy.REMOVE
                                           and missed >= rules.remove_after):
            return Absence(GameState(row, cached), player, AbsenceAction.BONUS, missed,
                           rules.remove_after)
        else:
            if rules.policy == Policy.REMOVE and missed >= rules.remove_after:
                action = AbsenceAction.REMOVE
                row = remove_seat(row, game, seat)
            else:
                action = AbsenceAction.SKIP
                game.skip_turn()
            if not game.is_over and abandoned(row, game, idle):
                action = AbsenceAction.ABANDONED
                game.end()
        state = await self.lifecycle.save_play(
            tx,
            row,
            game,
            action=Change(action.value),
            user_id=None,
            now=now,
            data={"turn": timer.turn, "player": player.id, "missed": missed},
        )
        return Absence(
            state,
            player,
            action,
            missed,
            rules.remove_after,
            events=list(game.events[first:]),
            idle_rounds=idle,
        )

    async def snooze(
        self, guild_id: int, channel_id: int, user_id: int, hours: int | None = None
    ) -> Snoozed:
        """The player on turn puts off their next reminder (the deadline stays)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row, game = await self._running(tx, guild_id, channel_id)
            state = GameState(row, game)
            current = state.current
            assert current is not None
            if current.id != user_id:
                raise NotAllowed(N_("Only the player on turn gets reminders; it is {current}'s "
                                    "turn."), current=Name(state.name(current)))
            rules = await game_rules(tx, row)
            if rules.reminder_every is None:
                raise NotAllowed(N_("This game sends no reminders, so there is nothing to "
                                    "snooze."))
            if hours is not None and not 1 <= hours <= MAX_SNOOZE_HOURS:
                raise GameError(N_("Snooze for 1 to {hours} hours."), hours=MAX_SNOOZE_HOURS)
            until = now + (timedelta(hours=hours) if hours else rules.reminder_every)
            deadline = await self.timers.snooze(tx, row, game.turn, user_id, until, rules, now)
        self.timers.wake()
        return Snoozed(state, until, deadline)

    async def kick(
        self,
        guild_id: int,
        channel_id: int,
        by: Player,
        target_id: int,
        *,
        can_manage: bool,
    ) -> Absence:
        """The host (or a moderator) removes a player from a running game; their
        followers leave the map. A removed host hands the role to the next player."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row, cached = await self._running(tx, guild_id, channel_id)
            if by.id != row.host_id and not can_manage:
                raise HostOnly(N_("Only the host (or a member with Manage Server) can remove a "
                                  "player."))
            seat = row.seat(target_id)
            if seat is None or not cached.active[seat]:
                raise NotAllowed(N_("That member is not playing in this game."))
            if target_id == by.id:
                raise NotAllowed(N_(
                    "You cannot remove yourself. Players can `/carcassonne vote-end` a stalled "
                    "game, or the host can `/carcassonne cancel` it."))
            on_turn = seat == cached.current_player
            game = fresh_copy(cached)
            first = len(game.events)
            row = remove_seat(row, game, seat)
            state = await self.lifecycle.save_play(
                tx,
                row,
                game,
                action=Change.KICK,
                user_id=by.id,
                now=now,
                data={"player": target_id},
                new_turn=on_turn,
            )
        return Absence(state, row.players[seat], AbsenceAction.REMOVE, by=by,
                       events=list(game.events[first:]))

    async def vote_end(self, guild_id: int, channel_id: int, user_id: int) -> Vote:
        """Vote to end a stalled game; it ends (and is scored) when every active
        player but the one on turn has voted."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row, cached = await self._running(tx, guild_id, channel_id)
            state = GameState(row, cached)
            seat = row.seat(user_id)
            if seat is None or not cached.active[seat]:
                raise NotAllowed(N_("Only the game's players can vote to end it."))
            # AI players have no vote: the people still in the game decide.
            current = state.current
            assert current is not None
            rules = await game_rules(tx, row)
            since = row.turn_started_at or row.updated_at
            if now - since < rules.stalled_after:
                raise NotStalled(state.name(current), since, since + rules.stalled_after)
            active = [p for i, p in enumerate(row.players) if cached.active[i] and not p.is_ai]
            voted = await tx.votes(row.id, cached.turn)
            if user_id in voted:
                # Said to the voter alone: the table has seen the tally once already.
                raise AlreadyVoted(tuple(state.name(p) for p in active
                                         if p.id not in voted and p.id != current.id))
            await tx.vote(row.id, user_id, cached.turn, now)
            voted.add(user_id)
            voters = tuple(p for p in active if p.id in voted)
            missing = tuple(p for p in active if p.id not in voted and p.id != current.id)
            if missing:
                return Vote(state, voters, missing)
            game = fresh_copy(cached)
            first = len(game.events)
            game.end()
            ended = await self.lifecycle.save_play(
                tx,
                row,
                game,
                action=Change.VOTE_END,
                user_id=user_id,
                now=now,
                data={"voters": [p.id for p in voters]},
                new_turn=False,
            )
        return Vote(ended, voters, (), list(game.events[first:]))

    async def _running(self, tx: Reads, guild_id: int, channel_id: int) -> tuple[GameRow, Game]:
        """The channel's running game, with someone on turn."""
        row = await find_row(tx, guild_id, channel_id)
        require_running(row)
        game = self.positions.of(row)
        if game.current_player is None:
            raise NotAllowed(N_("Nobody is on turn in this game."))
        return row, game


# ------------------------------------------------------------------ helpers


def missed_in_a_row(game: Game, seat: int, stand_ins: frozenset[int] = frozenset()) -> int:
    """How many of ``seat``'s latest turns in a row were missed at a deadline: skipped,
    or played by an AI standing in (``stand_ins``: those turns' record entries).

    Discards (a drawn tile that fits nowhere) are not the player's doing and
    neither count nor break the run, nor does a bonus tile an AI played for them
    (it comes with the turn before); a tile they placed themselves breaks it.
    """
    missed = 0
    for turn in range(len(game.history) - 1, -1, -1):
        entry = game.history[turn]
        if entry.player != seat or isinstance(entry.action, (Remove, Discard)):
            continue
        if turn in stand_ins:
            missed += not entry.bonus
        elif isinstance(entry.action, Skip):
            missed += 1
        else:
            break
    return missed


def abandoned(row: GameRow, game: Game, rounds: int, missing: int | None = None) -> bool:
    """Whether every person still in the game (AI players never miss a turn) missed
    their last ``rounds`` turns; ``missing``: a seat that misses one more now."""
    seats = [seat for seat, active in enumerate(game.active)
             if active and not row.players[seat].is_ai]
    return bool(seats) and all(
        missed_in_a_row(game, seat, row.stand_ins) + (seat == missing) >= rounds
        for seat in seats)
