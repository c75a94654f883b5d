"""The values of leagues (issue 22), as the storage holds them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class League:
    """A league (issue 22): a named set of players in one channel, paired round by
    round; ``options`` are its games' options, ``round`` the round being played."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    format: str
    options: dict[str, Any]
    rounds: int
    round_hours: int
    status: str
    round: int
    round_ends_at: datetime | None
    version: int
    created_at: datetime
    #: At a round's time-up, unfinished games are scored as they stand (``score``)
    #: or AI stand-ins play them on (``ai``).
    time_rule: str = "score"
    #: A dropped player's games are forfeited (``forfeit``) or played by an AI (``ai``).
    drop_rule: str = "forfeit"
    #: When the league starts by itself (None: when its organiser starts it).
    starts_at: datetime | None = None


@dataclass(frozen=True)
class LeaguePlayer:
    user_id: int
    name: str
    #: The round in which the player dropped out (None: still in).
    dropped_round: int | None = None


@dataclass(frozen=True)
class LeagueGame:
    """One pairing of a league's round (``player_b`` None: a bye), its game and result."""

    id: int
    league_id: int
    round: int
    player_a: int
    player_b: int | None
    game_id: int | None
    status: str
    score_a: int = 0
    score_b: int = 0
    forfeit_by: int | None = None
    #: The league players in the game's seat order (an AI standing in keeps the seat's).
    seats: tuple[int, ...] | None = None
