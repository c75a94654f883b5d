"""The bot's internals (issue 14): the move log, the cached game, timers as events,
a player's games from SQL, and a database written by an older bot."""

from __future__ import annotations

import json

import aiosqlite
from bot_support import DISCARD_SEED, first_move, seeded_table

from bot.app import App
from bot.app.input import MoveRequest
from bot.app.vocabulary import TimerKind
from bot.storage import Player, sqlite
from engine import Game, Options, Place, TileDiscarded

HOUR = 3600.0


async def test_regression_game_log_turn_of_a_slash_move_followed_by_a_discard(database) -> None:
    """A slash move whose next draw is discarded was logged under the discard's turn."""
    async with seeded_table(database, DISCARD_SEED) as table:
        await table.started("alice", "bob")
        result = await table.place()
        assert not result.ephemeral
        state = await table.state()
        assert [e.turn for e in state.game.events if isinstance(e, TileDiscarded)] == [1]
        log = await table.bot.storage.game_log(state.id)
        place = next(entry for entry in log if entry.action == "place")
        assert place.data["turn"] == 0  # the move's own turn, not the discard's
        assert place.data["move"].startswith(state.game.history[0].tile)


async def test_a_move_never_changes_the_position_a_reader_holds(table) -> None:
    """Moves are played on a copy of the cached game: a picture still being drawn
    from the position before the move sees it unchanged."""
    await table.started("alice", "bob")
    before = await table.state()
    held = before.game
    record = held.to_record()
    await table.place()
    after = await table.state()
    assert after.turn == before.turn + 1
    assert held.to_record() == record and held.turn == before.turn
    again = await table.state()
    assert again.game is after.game  # read from the cache, not replayed


async def test_a_stale_cached_game_is_never_played_on(table, database) -> None:
    """Two processes on one database: the version check makes the second replay
    the stored game when the first has moved it on."""
    state = await table.started("alice", "bob")
    other = App(table.bot.storage, table.bot.thinker, clock=table.env.now)
    seen = await other.queries.state(table.guild.id, game_id=state.id)  # cached at this version
    await table.place()  # the bot moves the game on
    moved = await table.state()
    current = moved.current
    move = first_move(moved)
    played = await other.moves.place(MoveRequest(
        table.guild.id, current.id, move.placement, game_id=state.id, turn=moved.turn
    ))
    assert played.state.turn == moved.turn + 1
    assert seen.game.turn == state.turn  # the stale copy was left alone
    stored = await table.state()
    assert stored.row.version == moved.row.version + 1
    assert stored.game.to_record() == played.state.game.to_record()


async def test_every_due_timer_is_fired_as_a_carcassonne_timer_event(table) -> None:
    fired = []

    async def on_carcassonne_timer(timer) -> None:
        fired.append(timer)

    table.bot.add_listener(on_carcassonne_timer)
    state = await table.started("alice", "bob")
    await table.env.advance_time(12 * HOUR)
    assert [(t.event, t.game_id, t.turn) for t in fired] == [
        (TimerKind.REMINDER, state.id, state.turn)]
    assert table.channel.last_message.content.startswith("⏰")  # and the listener reminded
    assert (await table.bot.storage.game_timers(state.id))[TimerKind.REMINDER].data["n"] == 2


async def test_my_games_needs_no_replay(table) -> None:
    """/carcassonne mygames answers from the storage: whose turn and since when are
    stored with each game."""
    other = table.guild.create_text_channel("second-table")
    first = await table.started("alice", "bob")
    await table.started("carol", "alice", channel=other)
    games = await table.bot.app.queries.my_games(table.guild.id, table.member("alice").id)
    assert {g.row.id for g in games} == {first.id, first.id + 1}
    for mine in games:
        stored = await table.bot.app.queries.state(table.guild.id, game_id=mine.row.id)
        assert mine.row.on_turn == stored.current.id and mine.row.turn == stored.turn


async def test_a_database_written_by_the_previous_bot_plays_on(tmp_path) -> None:
    """Schema 2 to 3: a running game's players are found, and its turn filled in."""
    path = str(tmp_path / "old.sqlite3")
    ann, bo = Player(101, "ann"), Player(102, "bo")
    game = Game.new(["ann", "bo"], Options(), seed=5)
    placement = next(game.legal_placements())
    game.play(Place(game.tile.id, *placement))
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await sqlite.migrate(db, until=2)
        await db.execute(
            "INSERT INTO games (guild_id, channel_id, host_id, options, seed, players, status,"
            " version, record, created_at, updated_at, turn_started_at) VALUES"
            " (1, 2, ?, '{}', 5, ?, 'running', 3, ?, ?, ?, ?)",
            (ann.id, json.dumps([{"id": p.id, "name": p.name} for p in (ann, bo)]),
             json.dumps(game.to_record()), *["2026-01-01T00:00:00+00:00"] * 3),
        )
    store = await sqlite.SQLiteStorage.open(path)
    try:
        assert (await store.game(1)).turn is None
        assert await App(store).lifecycle.summarise_old_games() == 1
        row = await store.game(1)
        assert (row.turn, row.on_turn) == (1, bo.id)
        assert [g.row.id for g in await store.player_games(1, ann.id)] == [1]
        assert [g.row.on_turn for g in await store.player_games(1, bo.id)] == [bo.id]
    finally:
        await store.close()
