"""A league's rounds in the database: a result recorded, the next round paired.

:func:`game_finished` is the one call :mod:`bot.app.lifecycle` makes when a
game ends scored (in that game's transaction): if the game is a league's,
its final scores become the pairing's result, a ``league_result`` timer posts
the standings, and a round whose every pairing is done gives way to the next
(:func:`advance`). Everything here runs in the caller's transaction.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from engine import Game

from ...storage import GameRow, League, LeagueGame, LeaguePlayer, Reads, Transaction
from ..vocabulary import LeaguePayload, TimerKind
from . import knockout
from .pairing import Pairing, round_robin, swiss, swiss_rounds
from .standings import Line, Result, ranked, standings

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
PENDING, PLAYING, DONE = "pending", "running", "done"
ROUND_ROBIN, SWISS, KNOCKOUT = "round-robin", "swiss", "knockout"
#: The league's rules: at time-up, score the games as they stand or AI stand-ins play
#: on; a dropped player's games forfeited or played by an AI.
SCORE, AI, FORFEIT = "score", "ai", "forfeit"


def results(pairings: list[LeagueGame]) -> list[Result]:
    """The results of the pairings that are done."""
    return [Result(p.player_a, p.player_b, p.score_a, p.score_b, p.forfeit_by)
            for p in pairings if p.status == DONE]


def table(players: list[LeaguePlayer], pairings: list[LeagueGame]) -> list[Line]:
    """The standings of a league's players after its results."""
    return standings([(p.user_id, p.name, p.dropped_round is not None) for p in players],
                     results(pairings))


def total_rounds(league: League, players: list[LeaguePlayer]) -> int:
    """How many rounds the league has: every pair once (round robin), until one player
    is left (knockout), or its Swiss rounds."""
    if league.format == ROUND_ROBIN:
        return len(round_robin([p.user_id for p in players]))
    if league.format == KNOCKOUT:
        return knockout.rounds_for(len(players))
    return league.rounds or swiss_rounds(len(players))


def next_pairings(league: League, players: list[LeaguePlayer],
                  pairings: list[LeagueGame], number: int) -> list[Pairing]:
    """Round ``number``'s pairings: the round robin's fixed round, the knockout's
    bracket (the winners of the last round), or Swiss pairings of the players still
    in by their standings (no rematch while avoidable)."""
    if league.format == ROUND_ROBIN:
        return round_robin([p.user_id for p in players])[number - 1]
    if league.format == KNOCKOUT:
        if number == 1:
            return knockout.first_round([p.user_id for p in players])
        return knockout.next_round(winners(players, pairings, number - 1))
    lines = table(players, pairings)
    # Dropped players leave a Swiss field, unless an AI plays their games.
    order = ranked(lines) if league.drop_rule == FORFEIT else [line.player for line in lines]
    played = [(p.player_a, p.player_b) for p in pairings if p.player_b is not None]
    byes = [p.player_a for p in pairings if p.player_b is None]
    return swiss(order, [(a, b) for a, b in played if b is not None], byes)


def seeds(players: list[LeaguePlayer]) -> dict[int, int]:
    """A knockout's seeds: the players in sign-up order (1 the first)."""
    return {p.user_id: number for number, p in enumerate(players, start=1)}


def goes_through(players: list[LeaguePlayer], pairing: LeagueGame) -> int | None:
    """Who goes through from a knockout's pairing: None while it is not done, or if
    its players had all dropped out by its round (nobody goes through)."""
    if pairing.status != DONE:
        return None
    (result,) = results([pairing])
    out = {p.user_id for p in players
           if p.dropped_round is not None and p.dropped_round <= pairing.round}
    return knockout.goes_through(result, seeds(players), out)


def winners(players: list[LeaguePlayer], pairings: list[LeagueGame],
            number: int) -> list[int | None]:
    """Who went through from each place of a knockout's round ``number``, in the
    bracket's order: None where nobody did (two dropped-out players, or two such
    places before it, which made no pairing) or the pairing is not done."""
    played = [p for p in pairings if p.round == number]
    if number == 1:
        return [goes_through(players, p) for p in played]
    found: list[int | None] = []
    before = winners(players, pairings, number - 1)
    games = iter(played)
    for index in range(0, len(before) - 1, 2):
        if before[index] is None and before[index + 1] is None:
            found.append(None)  # no pairing in this place
        else:
            pairing = next(games, None)
            found.append(goes_through(players, pairing) if pairing is not None else None)
    return found


async def game_finished(tx: Transaction, row: GameRow, game: Game, now: datetime) -> None:
    """A game ended scored: if a league plays it, its result, then the round's end."""
    pairing = await tx.league_game_of(row.id)
    outcome = game.outcome()
    if pairing is None or pairing.status == DONE or outcome is None:
        return
    # By seat: an AI standing in for a league player holds that player's seat.
    seats = pairing.seats or tuple(player.id for player in row.players)
    scores = dict(zip(seats, outcome.scores, strict=False))
    await tx.set_league_game(replace(
        pairing, status=DONE, score_a=scores.get(pairing.player_a, 0),
        score_b=scores.get(pairing.player_b or 0, 0)), now)
    await tx.set_timer(TimerKind.LEAGUE_RESULT, now, now=now, game_id=row.id,
                       data=LeaguePayload(pairing.league_id, pairing.round).to_dict())
    league = await tx.league(pairing.league_id)
    if league is not None:
        await advance(tx, league, now)


async def advance(tx: Transaction, league: League, now: datetime) -> League:
    """Open the next round of a running league whose round is done (and the one after,
    if a round is all byes and forfeits), or finish the league after its last round;
    the league as it is then. A round that opens has its games opened by a
    ``league_open`` timer, and its time counted by a ``league_round`` one."""
    while league.status == RUNNING:
        pairings = await tx.league_games(league.id)
        if any(p.round == league.round and p.status != DONE for p in pairings):
            return league
        players = await tx.league_players(league.id)
        number = league.round + 1
        if number > total_rounds(league, players) or (
                league.format == SWISS and len(ranked(table(players, pairings))) < 2):
            # Its winner is announced once, however the last round ended (a result,
            # a time-up, a forfeit).
            await tx.set_timer(TimerKind.LEAGUE_OVER, now, now=now, guild_id=league.guild_id,
                               data=LeaguePayload(league.id).to_dict())
            return await tx.save_league(league, replace(league, status=FINISHED,
                                                        round_ends_at=None), now)
        ends = now + timedelta(hours=league.round_hours)
        league = await tx.save_league(league, replace(league, round=number, round_ends_at=ends),
                                      now)
        await tx.insert_league_games(league.id, number,
                                     next_pairings(league, players, pairings, number))
        if league.drop_rule == FORFEIT or league.format == KNOCKOUT:
            await forfeit_dropped(tx, league, players, now)
        payload = LeaguePayload(league.id, number).to_dict()
        # A league's timers belong to its server's shard (its game's, for a game's timer).
        await tx.set_timer(TimerKind.LEAGUE_OPEN, now, now=now, data=payload,
                           guild_id=league.guild_id)
        await tx.set_timer(TimerKind.LEAGUE_ROUND, ends, now=now, turn=number, data=payload,
                           guild_id=league.guild_id)
    return league


async def forfeit_dropped(tx: Transaction, league: League, players: list[LeaguePlayer],
                          now: datetime) -> None:
    """The current round's unplayed pairings of players who dropped out: given up
    (the rule ``ai``: only a knockout's pairing of two of them, which nobody plays)."""
    dropped = {p.user_id for p in players if p.dropped_round is not None}
    for pairing in await tx.league_games(league.id):
        if pairing.round != league.round or pairing.status != PENDING:
            continue
        if league.drop_rule != FORFEIT and not {pairing.player_a, pairing.player_b} <= dropped:
            continue
        out = next((p for p in (pairing.player_a, pairing.player_b) if p in dropped), None)
        if out is not None:
            await tx.set_league_game(replace(pairing, status=DONE, forfeit_by=out), now)


async def current(db: Reads, league_id: int) -> tuple[League, list[LeaguePlayer],
                                                         list[LeagueGame]] | None:
    """A league with its players and pairings, if it is there."""
    league = await db.league(league_id)
    if league is None:
        return None
    return league, await db.league_players(league_id), await db.league_games(league_id)
