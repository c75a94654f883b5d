"""Leagues in the storage, on both backends (issue 22): one open league a channel,
players, pairings with their seats and results, and a stale league write refused."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.storage import Conflict, LeaguePlayer, Player, VersionConflict
from bot.storage.databases import open_storage

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
async def store(any_database):
    db = await open_storage(any_database)
    try:
        yield db
    finally:
        await db.close()


async def new_league(store, channel: int = 2, **rules):
    async with store.transaction() as tx:
        return await tx.insert_league(
            guild_id=1, channel_id=channel, organiser_id=3, name="Cup", format="swiss",
            options={"game": "carcassonne"}, rounds=2, round_hours=24,
            time_rule=rules.get("time_rule", "score"), drop_rule=rules.get("drop_rule", "ai"),
            starts_at=rules.get("starts_at"), now=NOW)


async def test_a_league_its_players_and_pairings_round_trip(store) -> None:
    league = await new_league(store, starts_at=NOW + timedelta(hours=5))
    assert (league.format, league.drop_rule, league.starts_at) == ("swiss", "ai",
                                                                   NOW + timedelta(hours=5))
    with pytest.raises(Conflict):  # one open league a channel
        await new_league(store)
    async with store.transaction() as tx:
        for second, (user, name) in enumerate(((5, "bo"), (3, "ann"), (4, "cy"))):
            assert await tx.add_league_player(league.id, LeaguePlayer(user, name),
                                              NOW + timedelta(seconds=second))
        assert not await tx.add_league_player(league.id, LeaguePlayer(5, "bo"), NOW)
        assert await tx.remove_league_player(league.id, 4)
        await tx.drop_league_player(league.id, 5, 1)
        await tx.insert_league_games(league.id, 1, [(3, 5), (6, None)])
    assert [(p.user_id, p.dropped_round) for p in await store.league_players(league.id)] == [
        (5, 1), (3, None)]
    game_pairing, bye = await store.league_games(league.id)
    assert (game_pairing.status, bye.status) == ("pending", "done")  # a bye is done at once
    async with store.transaction() as tx:
        game = await tx.insert_game(guild_id=1, channel_id=9, host=Player(3, "ann"),
                                    options={"game": "carcassonne"}, now=NOW)
        await tx.set_league_game(replace(game_pairing, game_id=game.id, status="running",
                                         seats=(5, 3)), NOW)
    found = await store.league_game_of(game.id)
    assert found is not None and found.seats == (5, 3) and found.status == "running"
    async with store.transaction() as tx:
        await tx.set_league_game(replace(found, status="done", score_a=12, score_b=7), NOW)
    assert (await store.league_game_of(game.id)).score_a == 12
    assert (await store.channel_league(1, 2)).id == league.id
    assert await store.channel_league(1, 3) is None


async def test_a_stale_league_write_is_refused(store) -> None:
    league = await new_league(store)
    async with store.transaction() as tx:
        saved = await tx.save_league(league, replace(league, status="running", round=1,
                                                     round_ends_at=NOW), NOW)
    assert saved.version == league.version + 1
    with pytest.raises(VersionConflict):
        async with store.transaction() as tx:
            await tx.save_league(league, replace(league, status="cancelled"), NOW)
    again = await store.league(league.id)
    assert (again.status, again.round, again.round_ends_at) == ("running", 1, NOW)
    # A finished league frees its channel for the next one; the channel's latest is it.
    async with store.transaction() as tx:
        await tx.save_league(again, replace(again, status="finished"), NOW)
    newer = await new_league(store)
    assert (await store.channel_league(1, 2)).id == newer.id
