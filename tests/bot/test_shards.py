"""Several bot processes on one PostgreSQL database, each on its own shards (issue 21).

Each "process" is a bot of its own in a simcord world of its own, on the shards it
is given; they share one PostgreSQL database, as the processes of a sharded bot do.
They play their servers' games side by side; one dies and a new process for its
shards takes over its games and timers; and two processes that race on one game
make one move, never two.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from bot_support import Table, bot_env, first_move, games_in_channels
from conftest import SEED
from test_async_reminders import HOUR, reminders

from bot import create_bot
from bot.app import App
from bot.app.input import MoveRequest
from bot.app.vocabulary import Change
from bot.errors import GameError, Stale
from bot.scheduler import Scheduler
from bot.storage import TIMER_LEASE, Player, Shards, shard_of
from bot.storage.databases import open_storage

COUNT = 2


@asynccontextmanager
async def shard_table(url: str, shard: int, seed: int = SEED):
    """A bot process on ``shard`` of :data:`COUNT`, with a server of that shard."""
    # A sharded process looks at the shared timers every 5 minutes: 12 virtual hours
    # are 144 looks at PostgreSQL, more than the usual 5 wall-clock seconds.
    async with bot_env(url, seed, shards=Shards((shard,), COUNT), settle_timeout=60) as env:
        # The processes are one application, which syncs its commands once (the first
        # to start); here each is in a Discord world of its own, which must have them.
        await env.bot.sync_commands(force=True)
        guild = env.create_guild(f"Shard {shard} Hall", shard_id=shard)
        assert shard_of(guild.id, COUNT) == shard
        await games_in_channels(env, guild)
        yield Table(env, guild, guild.create_text_channel("carcassonne"))


async def play(table: Table, moves: int) -> None:
    for _ in range(moves):
        result = await table.place()
        assert not result.ephemeral, result.response.content


def elsewhere(script: Coroutine[Any, Any, None]) -> Awaitable[None]:
    """Run ``script`` in a process of its own: a thread with its own event loop
    (simcord runs one world per event loop) and a context of its own (none of the
    test's simcord scope), alongside the test's."""
    return asyncio.get_running_loop().run_in_executor(
        None, contextvars.Context().run, asyncio.run, script)


async def test_two_shard_processes_play_and_a_new_one_takes_over_a_dead_ones_timers(
        postgres_server) -> None:
    url = postgres_server.create_database()

    async def process_two() -> None:
        async with shard_table(url, 1, SEED + 1) as two:
            assert two.bot.shard_ids == [1]
            await two.started("carol", "dave")
            await play(two, 6)
            await two.env.advance_time(12 * HOUR)
            assert len(reminders(two.channel)) == 1  # its own, once

    async def process_one() -> None:
        async with shard_table(url, 0) as one:
            assert one.bot.shard_ids == [0]
            await one.started("alice", "bob")
            await play(one, 3)
            # The process dies in the middle of its game; a new process runs shard 0.
            before = await one.state()
            await one.bot.close()
            await one.env.restart_bot(create_bot(database=url, seed=SEED,
                                                 shards=Shards((0,), COUNT)))
            assert (await one.state()).row.version == before.row.version
            # The game's reminder comes from the new process, once.
            await one.env.advance_time(12 * HOUR)
            sent = reminders(one.channel)
            assert len(sent) == 1 and before.current.id in [m.id for m in sent[0].mentions]
            await play(one, 2)  # and the game goes on there
            assert (await one.state()).row.version == before.row.version + 2
            # to its end: a game started by one process is finished by another.
            for _ in range(100):
                if (await one.state()).row.status != "running":
                    break
                await play(one, 1)
            final = await one.state()
            assert final.row.status == "finished" and final.game.is_over
            assert "Game over" in one.channel.history()[-1].content

    await asyncio.gather(process_one(), elsewhere(process_two()))


# ------------------------------------------- two processes at the storage level


NOW = datetime(2026, 1, 1, tzinfo=UTC)
ANN, BO = Player(3, "ann"), Player(4, "bo")


@asynccontextmanager
async def processes(url: str, count: int = 2):
    """``count`` storages on one PostgreSQL database: as many processes' connections."""
    opened = [await open_storage(url) for _ in range(count)]
    try:
        yield opened
    finally:
        for storage in opened:
            await storage.close()


def guild_on(shard: int, n: int = 0) -> int:
    """A server id on ``shard`` of :data:`COUNT`."""
    return ((1000 + n) * COUNT + shard) << 22


async def started_game(app: App, guild: int, channel: int = 7):
    await app.lobby.create(guild, channel, ANN, {"game": "carcassonne"})
    await app.lobby.join(guild, BO, channel_id=channel)
    return await app.lobby.start(guild, ANN.id, channel_id=channel)


def move_of(state) -> MoveRequest:
    move = first_move(state)
    return MoveRequest(state.row.guild_id, state.current.id, move.placement,
                       game_id=state.id, turn=state.turn)


async def test_a_race_of_two_processes_on_one_game_makes_one_move(postgres_server) -> None:
    async with processes(postgres_server.create_database()) as (one, two):
        first, second = App(one, seed=SEED), App(two, seed=SEED)
        state = await started_game(first, guild_on(0))
        seen = await second.queries.state(state.row.guild_id, game_id=state.id)
        assert seen.row.version == state.row.version  # both hold the position
        results = await asyncio.gather(first.moves.place(move_of(state)),
                                       second.moves.place(move_of(seen)),
                                       return_exceptions=True)
        played = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(played) == 1 and len(refused) == 1, results
        assert isinstance(refused[0], GameError), refused  # a player's refusal, no crash
        stored = await two.game(state.id)
        assert stored.version == state.row.version + 1
        assert [e.version for e in await two.game_log(state.id)] == list(
            range(1, stored.version + 1))


async def test_a_process_never_acts_on_a_position_another_moved_on(postgres_server) -> None:
    async with processes(postgres_server.create_database()) as (one, two):
        first, second = App(one, seed=SEED), App(two, seed=SEED)
        state = await started_game(first, guild_on(0))
        stale = await second.queries.state(state.row.guild_id, game_id=state.id)  # cached
        moved = (await first.moves.place(move_of(state))).state
        # The second process's cache is checked against the stored version: it reads
        # the new position, and its move is the next turn's.
        fresh = await second.queries.state(state.row.guild_id, game_id=state.id)
        assert fresh.row.version == moved.row.version and fresh.turn == moved.turn
        assert fresh.game.to_record() == moved.game.to_record() != stale.game.to_record()
        with pytest.raises(GameError):  # the stale turn's move is refused, nothing changes
            await second.moves.place(move_of(stale))
        again = (await second.moves.place(move_of(fresh))).state
        assert again.turn == moved.turn + 1
        assert (await first.queries.state(state.row.guild_id, game_id=state.id)
                ).game.to_record() == again.game.to_record()


async def test_a_thousand_due_timers_fire_once_each_across_two_processes(
        postgres_server) -> None:
    """Two processes run every shard at once (as in a rolling restart, the worst
    case): each timer is handed out by exactly one of them."""
    async with processes(postgres_server.create_database()) as (one, two):
        games = []
        async with one.transaction() as tx:
            for n in range(100):
                games.append(await tx.insert_game(
                    guild_id=guild_on(n % COUNT, n), channel_id=n, host=ANN,
                    options={"game": "carcassonne"}, now=NOW))
        due = NOW - timedelta(seconds=1)
        async with one.transaction() as tx:
            for n in range(1000):  # ten timers a game, each of its own event
                await tx.set_timer(f"event{n // 100}", due, now=NOW,
                                   game_id=games[n % 100].id, turn=1)
        fired: list[tuple[str, int]] = []
        everything = Shards((0, 1), COUNT)
        schedulers = [
            Scheduler(storage, lambda event, timer, who=who: fired.append((who, timer.id)),
                      clock=lambda: NOW, shards=everything)
            for who, storage in (("one", one), ("two", two))]
        for scheduler in schedulers:
            scheduler.start()
        try:
            for _ in range(600):
                if len(fired) >= 1000 and all(s.next_due is None for s in schedulers):
                    break
                await asyncio.sleep(0.05)
        finally:
            for scheduler in schedulers:
                await scheduler.stop()
        ids = [timer_id for _, timer_id in fired]
        assert len(ids) == 1000 and len(set(ids)) == 1000
        assert {who for who, _ in fired} == {"one", "two"}  # both took a share


async def test_timers_go_to_their_shards_process_and_are_taken_back_from_a_dead_one(
        any_database) -> None:
    async with processes(any_database, 3) as (one, two, new_one):
        rows = {}
        async with one.transaction() as tx:
            for shard in range(COUNT):
                rows[shard] = await tx.insert_game(
                    guild_id=guild_on(shard), channel_id=shard, host=ANN,
                    options={"game": "carcassonne"}, now=NOW)
                await tx.set_timer("reminder", NOW, now=NOW, game_id=rows[shard].id, turn=1)
        zero, other = Shards((0,), COUNT), Shards((1,), COUNT)
        mine = await one.next_timer(zero)
        assert mine.game_id == rows[0].id and (await two.next_timer(other)).game_id == rows[1].id
        assert await one.dispatch_timer(mine, NOW)
        assert not await two.dispatch_timer(mine, NOW)  # handed out once only
        assert await one.next_timer(zero) is None
        # Process one dies holding it. A new process for shard 0 cannot tell it from a
        # live one: it leaves the timer alone, until the lease is over; then any
        # process takes back every timer held past it.
        await two.dispatch_timer(await two.next_timer(other), NOW)
        assert await new_one.next_timer(zero) is None
        assert await two.release_stale_timers(NOW - TIMER_LEASE) == 0
        assert await two.release_stale_timers(NOW + TIMER_LEASE) == 2
        assert (await new_one.next_timer(zero)).id == mine.id
        assert (await two.next_timer(other)).game_id == rows[1].id


LATER = NOW + timedelta(hours=1)


async def looked(scheduler: Scheduler, done: Callable[[], bool] = lambda: True) -> None:
    """Wait until ``done`` and ``scheduler`` has looked and sleeps until :data:`LATER`."""
    for _ in range(1000):
        if done() and scheduler.next_due == LATER:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the scheduler did not settle (next due: {scheduler.next_due})")


async def test_regression_a_process_starting_on_the_shards_of_a_running_one_fires_no_timer_twice(
        any_database) -> None:
    """Seen once in a loaded run of the thousand timers above: 1001 firings. A sharded
    process took back, as it started, every timer of its shards handed out and not
    acted on, as if left by a stopped process; but the process running the same
    shards beside it (a rolling restart; there, the first of two that start at once)
    held them, alive, and they fired twice. Now, with shards, only the lease takes a
    timer back (issue 21), on PostgreSQL and SQLite alike."""
    async with processes(any_database) as (one, two):
        async with one.transaction() as tx:
            for shard in range(COUNT):
                game = await tx.insert_game(
                    guild_id=guild_on(shard), channel_id=shard, host=ANN,
                    options={"game": "carcassonne"}, now=NOW)
                for event in ("reminder", "deadline", "ai_turn"):
                    await tx.set_timer(event, NOW - timedelta(seconds=1), now=NOW,
                                       game_id=game.id, turn=1)
            # Not due: a scheduler that sleeps until it has looked at everything due.
            await tx.set_timer("lobby_expiry", LATER, now=NOW, game_id=game.id, turn=1)
        now, fired = NOW, []
        everything = Shards((0, 1), COUNT)
        running, starting = (
            Scheduler(storage, lambda event, timer, who=who: fired.append((who, timer.id)),
                      clock=lambda: now, shards=everything)
            for who, storage in (("running", one), ("starting", two)))
        try:
            running.start()
            await looked(running, lambda: len(fired) == 6)
            starting.start()  # beside it, on the same shards: it finds nothing due
            await looked(starting)
            assert [who for who, _ in fired] == ["running"] * 6 and len(set(fired)) == 6
            # The running process stops holding them all: past the lease, the other takes
            # them back, each once.
            await running.stop()
            now = NOW + TIMER_LEASE + timedelta(seconds=1)
            starting.wake()
            await looked(starting, lambda: len(fired) == 12)
        finally:
            await running.stop()
            await starting.stop()
        assert Counter(timer_id for _, timer_id in fired) == Counter(
            {timer_id: 2 for _, timer_id in fired[:6]})
        assert [who for who, _ in fired[6:]] == ["starting"] * 6


async def test_regression_a_lobby_change_another_process_saved_first_is_refused_to_try_again(
        postgres_server) -> None:
    """A lobby action that lost a race to another process got the generic "something went
    wrong"; now it is a refusal that says to try again, and nothing of it is saved."""
    async with processes(postgres_server.create_database()) as (one, two):
        first, second = App(one, seed=SEED), App(two, seed=SEED)
        guild, carl = guild_on(0), Player(5, "carl")
        await first.lobby.create(guild, 7, ANN, {"game": "carcassonne"})
        async with two.transaction() as tx:
            row = await tx.open_game(guild, 7)  # the second process has read the lobby…
            assert row is not None
            await first.lobby.join(guild, BO, channel_id=7)  # …and the first saves a join
            with pytest.raises(Stale, match="changed at that very moment; please try again"):
                await second.lifecycle.save_change(
                    tx, row, replace(row, players=(*row.players, carl)), action=Change.JOIN,
                    user_id=carl.id, now=NOW)
        stored = await two.game(row.id)
        assert stored is not None and stored.players == (ANN, BO)
        assert len(await two.game_log(row.id)) == stored.version


async def test_a_league_timer_of_a_server_on_shard_1_is_fired_by_shard_1s_process_only(
        any_database) -> None:
    """Issue 22 on shards (README "Many servers"): a league's timers (its start date, its
    round opened, its time up) belong to no game; they keep their server, so that its
    shard's process fires them, not shard 0's."""
    async with processes(any_database) as (one, two):
        app = App(one, seed=SEED)
        guild, channel = guild_on(1), 7
        await app.settings.update_server_settings(guild, can_manage=True, threads=True)
        await app.leagues.create(guild, channel, ANN.id, "Cup", format="knockout",
                                 options={"game": "carcassonne"}, round_hours=24, start_in=1)
        zero, other = Shards((0,), COUNT), Shards((1,), COUNT)
        assert await one.next_timer(zero) is None
        start_date = await two.next_timer(other)
        assert start_date is not None and start_date.event == "league_start"
        for user in (ANN, BO, Player(5, "cy")):
            await app.leagues.join(guild, channel, user)
        await app.leagues.start(guild, channel, ANN.id, can_manage=False)
        # The round's timers too: shard 0's process sees none of them.
        assert await one.next_timer(zero) is None
        # Two schedulers, one a shard, both running: only shard 1's fires them.
        fired: list[tuple[str, str]] = []
        due = datetime.now(UTC) + timedelta(days=30)  # past every timer of the league
        schedulers = [
            Scheduler(storage, lambda event, timer, who=who: fired.append((who, timer.event)),
                      clock=lambda: due, shards=shards)
            for who, storage, shards in (("zero", one, zero), ("one", two, other))]
        for scheduler in schedulers:
            scheduler.start()
        try:
            for _ in range(200):
                if len(fired) >= 3:
                    break
                await asyncio.sleep(0.02)
        finally:
            for scheduler in schedulers:
                await scheduler.stop()
        assert sorted(fired) == [("one", "league_open"), ("one", "league_round"),
                                 ("one", "league_start")], fired
