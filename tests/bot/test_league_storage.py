"""Leagues in the storage, on both backends (issue 22): one open league a channel,
players, pairings with their seats and results, and a stale league write refused."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import aiosqlite
import pytest

from bot.storage import Conflict, LeaguePlayer, Player, VersionConflict, sqlite
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


async def test_regression_only_a_unique_index_is_a_taken_channel_on_sqlite(database) -> None:
    """A CHECK failure (here a format the schema does not know) is the fault it is, not
    "this channel has a league already"; the open league of the channel still is (issue 22)."""
    store = await open_storage(database)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="CHECK") as raised:
            await new_league(store, time_rule="never")
        assert not isinstance(raised.value, Conflict)
        await new_league(store)
        with pytest.raises(Conflict):
            await new_league(store)
    finally:
        await store.close()


async def test_migration_10_keeps_a_v9_databases_leagues_and_takes_knockouts(tmp_path) -> None:
    """V10 builds SQLite's league tables again (a knockout is a new format): their rows,
    ids and links stay, nothing of them is deleted on the way, and the ids go on."""
    path = str(tmp_path / "v9.sqlite3")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await db.execute("PRAGMA foreign_keys = ON")
        assert await sqlite.migrate(db, until=9) == list(range(1, 10))
        await db.execute(
            "INSERT INTO leagues (guild_id, channel_id, organiser_id, name, format, options,"
            " round_hours, status, round, created_at, updated_at) VALUES (1, 2, 3, 'Cup',"
            " 'swiss', '{}', 24, 'running', 1, ?, ?)", (NOW.isoformat(), NOW.isoformat()))
        await db.execute("INSERT INTO league_players (league_id, user_id, name, joined_at)"
                         " VALUES (1, 3, 'ann', '2026-01-01'), (1, 4, 'bo', '2026-01-02')")
        await db.execute("INSERT INTO league_games (league_id, round, player_a, player_b,"
                         " score_a) VALUES (1, 1, 3, 4, 12)")
        assert await sqlite.migrate(db) == [10]
        async with db.execute("PRAGMA foreign_key_check") as cursor:
            assert list(await cursor.fetchall()) == []
    store = await open_storage(path)
    try:
        assert (await store.league(1)).name == "Cup"
        assert [p.user_id for p in await store.league_players(1)] == [3, 4]
        assert [(p.player_a, p.score_a) for p in await store.league_games(1)] == [(3, 12)]
        async with store.transaction() as tx:  # another channel: a knockout, the next id
            knockout = await tx.insert_league(
                guild_id=1, channel_id=5, organiser_id=3, name="KO", format="knockout",
                options={}, rounds=0, round_hours=24, time_rule="score", drop_rule="forfeit",
                starts_at=None, now=NOW)
            await tx.insert_league_games(knockout.id, 1, [(3, 4)])
        assert knockout.id == 2 and knockout.format == "knockout"
        with pytest.raises(sqlite3.IntegrityError):  # another format is still refused (CHECK)
            async with store.transaction() as tx:
                await tx.insert_league(
                    guild_id=1, channel_id=6, organiser_id=3, name="?", format="ladder",
                    options={}, rounds=0, round_hours=24, time_rule="score",
                    drop_rule="forfeit", starts_at=None, now=NOW)
    finally:
        await store.close()
