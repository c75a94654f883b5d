"""A league as its members read it (issue 22): players, pairings, standings, and a
knockout's bracket (who goes through, who is still in, who won)."""

from __future__ import annotations

from dataclasses import dataclass

from ...storage import League, LeagueGame, LeaguePlayer
from . import rounds
from .rounds import FINISHED, KNOCKOUT
from .standings import Line


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

    @property
    def knockout(self) -> bool:
        return self.league.format == KNOCKOUT

    def goes_through(self, pairing: LeagueGame) -> int | None:
        """A knockout's pairing: who goes through (None while it is not done)."""
        return rounds.goes_through(list(self.players), pairing)

    def still_in(self) -> list[int]:
        """A knockout's players not knocked out: the current round's, less its losers."""
        found: list[int] = []
        for pairing in self.round(self.league.round):
            through = self.goes_through(pairing)
            if pairing.status != rounds.DONE:
                found.extend(p for p in (pairing.player_a, pairing.player_b) if p is not None)
            elif through is not None:
                found.append(through)
        return found

    def nobody_through(self, pairing: LeagueGame) -> bool:
        """A knockout's done pairing whose players had all dropped out: nobody goes
        through."""
        return (self.knockout and pairing.status == rounds.DONE
                and self.goes_through(pairing) is None)

    def winners(self) -> list[int]:
        """Who won the league: a knockout's last player left (none if its final's
        players had both dropped out), else the first in the standings (several if
        they tie on everything); none before it finished."""
        if self.league.status != FINISHED:
            return []
        if self.knockout:
            return [player for player in rounds.winners(
                list(self.players), list(self.pairings), self.league.round)
                if player is not None]
        return [line.player for line in self.lines if line.rank == 1]
