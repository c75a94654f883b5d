"""The application's words for things: enums and typed payloads, not free strings.

Each is a :class:`~enum.StrEnum`, so what the storage keeps (timer events,
log actions, settings) stays the plain text it always was, and a value read
back compares equal to its member.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import Any

from ..storage import Timer


class TimerKind(StrEnum):
    """A timer's event: the scheduler fires it, a listener of that name acts on it."""

    #: Remind the player on turn (carries the reminder's number).
    REMINDER = "reminder"
    #: The turn's deadline: the policy acts on an absent player.
    DEADLINE = "deadline"
    #: A game ended: tidy its messages (due at once).
    GAME_OVER = "game_over"
    #: A lobby that was never started closes.
    LOBBY_EXPIRY = "lobby_expiry"
    #: An AI plays the turn: an AI player's, or an absent player's at their deadline.
    AI_TURN = "ai_turn"
    #: A league's round began: open its games (issue 22; of no game, carries the league).
    LEAGUE_OPEN = "league_open"
    #: A league game ended: post the standings (set for that game, due at once).
    LEAGUE_RESULT = "league_result"
    #: A league round's time is up: its unfinished games are decided by the league's rule.
    LEAGUE_ROUND = "league_round"
    #: A league's start date: it starts if enough players signed up.
    LEAGUE_START = "league_start"
    #: A league finished: announce its winner, once (of no game, due at once).
    LEAGUE_OVER = "league_over"


#: The timers of a running turn.
TURN_TIMERS: tuple[TimerKind, ...] = (TimerKind.REMINDER, TimerKind.DEADLINE, TimerKind.AI_TURN)

#: When an AI player's turn begins, its timer is set this far ahead, and brought
#: forward to "now" as soon as the message announcing the turn is out, so that
#: the AI's move always follows that message; the wait only matters if the
#: announcement never goes out (the bot stopped, the channel is closed to it).
AI_TURN_WAIT = timedelta(seconds=30)


class Policy(StrEnum):
    """What a missed deadline does: say so; skip the turn; skip, and remove the player
    after so many; or an AI plays the turn for the player (who is back in control as
    soon as they act)."""

    NOTHING = "nothing"
    SKIP = "skip"
    REMOVE = "remove"
    AI_PLAYS = "ai"


class AbsenceAction(StrEnum):
    """What was done about an absent player (:class:`~bot.app.absence.Absence`)."""

    #: The deadline passed under the policy "nothing".
    NOTHING = "nothing"
    #: A bonus tile cannot be skipped: nothing happened.
    BONUS = "bonus"
    SKIP = "skip"
    REMOVE = "remove"
    #: An AI is about to play the turn (its move says so).
    AI_PLAYS = "ai"
    #: Every person missed their turns: the game ended.
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class TurnPayload:
    """What a turn timer carries: the player it waits on, the reminder's number,
    and (an AI turn) how many tries its move has had."""

    player: int | None
    number: int = 1
    attempts: int = 0

    @classmethod
    def of(cls, timer: Timer) -> TurnPayload:
        data = timer.data
        player = data.get("player")
        return cls(int(player) if player is not None else None, int(data.get("n", 1)),
                   int(data.get("attempts", 0)))

    def reminder(self) -> dict[str, Any]:
        """As a reminder stores it: the player and the reminder's number."""
        return {"player": self.player, "n": self.number}

    def turn(self) -> dict[str, Any]:
        """As a deadline or an AI turn stores it: the player."""
        return {"player": self.player}

    @staticmethod
    def retried(timer: Timer, attempts: int) -> dict[str, Any]:
        """An AI turn's timer set again, after ``attempts`` tries."""
        return {**timer.data, "attempts": attempts}


@dataclass(frozen=True)
class LobbyPayload:
    """What a lobby's expiry carries: the hours it was given."""

    hours: int

    @classmethod
    def of(cls, timer: Timer) -> LobbyPayload:
        return cls(int(timer.data.get("hours", 0)))

    def to_dict(self) -> dict[str, Any]:
        return {"hours": self.hours}


@dataclass(frozen=True)
class LeaguePayload:
    """What a league's timer carries: the league, and the round it was set for."""

    league: int
    round: int = 0

    @classmethod
    def of(cls, timer: Timer) -> LeaguePayload:
        return cls(int(timer.data.get("league", 0)), int(timer.data.get("round", 0)))

    def to_dict(self) -> dict[str, Any]:
        return {"league": self.league, "round": self.round}


class Change(StrEnum):
    """A change of a game, as its log notes it (one version each)."""

    JOIN = "join"
    ADD_AI = "add-ai"
    REMOVE_AI = "remove-ai"
    LEAVE = "leave"
    HOST = "host"
    START = "start"
    PLACE = "place"
    AI = "ai"
    STAND_IN = "stand-in"
    KICK = "kick"
    VOTE_END = "vote-end"
    CANCEL = "cancel"
    EXPIRE = "expire"
    SUMMARISE = "summarise"
    HINT = "hint"
    SKIP = "skip"
    REMOVE = "remove"
    ABANDONED = "abandoned"
    RATED = "rated"
    #: A league round's time was up: the game was scored as it stood (issue 22).
    LEAGUE_END = "league-end"
    #: A league player dropped out: their game was given up.
    FORFEIT = "forfeit"
    #: AI players took league players' seats (a round's time-up, a player who dropped out).
    AI_SEAT = "ai-seat"
