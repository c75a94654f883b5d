"""Fair draws in Discord (issue 12): the bag is sealed when a game starts (the
SHA-256 of its seed is shown), the seed stays out of everything players see
and of the stored record while the game runs, and the record of a game that is
over reveals it, which ``python -m engine verify`` accepts. Migration V4 moved
the seeds of games stored by older bots out of their records.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3

import aiosqlite
import simcord
from bot_support import ROOT, Table, first_move, spot_number, verify

from bot import create_bot
from bot.storage import Player, sqlite
from engine import EngineError, Game, Options, Place

STORED_GAMES = json.loads((ROOT / "tests/engine/fixtures/v1_seeded_games.json").read_text())


def sealed(seed: int, state=None) -> str:
    """The commitment, computed here from its definition (not by the engine): of the
    seed and the game's setup (record version 3), or without ``state`` of the seed
    alone (the older games' records, version 1 and 2)."""
    if state is None:
        return hashlib.sha256(str(seed).encode()).hexdigest()
    game = state.game
    text = json.dumps({"format": "carcassonne-record/3", "game": game.options.game.value,
                       "options": game.options.to_dict(), "players": list(game.players),
                       "seed": str(seed), "start": {"rotation": 0, "tile": game.rules.start}},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def version_2(game: Game) -> dict:
    """``game``'s record as the bot wrote it before issue 18: version 2, its commitment
    the seed's alone."""
    return {**game.to_record(), "format": "carcassonne-record/2",
            "commitment": sealed(game.seed)}


def stored_games(database: str) -> dict[int, sqlite3.Row]:
    """Every game as the database holds it, read past the bot."""
    with sqlite3.connect(database) as db:
        db.row_factory = sqlite3.Row
        rows = db.execute("SELECT *, typeof(seed) AS seed_type FROM games").fetchall()
    return {row["id"]: row for row in rows}


async def seen_by_players(table: Table) -> list[bytes]:
    """Everything the bot posted in the table's channel, each player's ephemeral
    answers included: texts, embeds and attached files."""
    messages = {m.id: m for member in table.members.values()
                for m in table.channel.history(viewer=member)}
    seen = []
    for message in messages.values():
        seen.append(message.content.encode())
        seen.extend(json.dumps(embed.to_dict()).encode() for embed in message.embeds)
        seen.extend([await attachment.read() for attachment in message.attachments])
    return seen


async def test_the_start_message_shows_the_bag_sealed_by_the_seed(table) -> None:
    state = await table.started("alice", "bob")
    seed = state.row.seed
    assert seed is not None and seed >= 2**64  # 128 bits, as the engine's own seeds
    embed = table.channel.last_message.embeds[0]
    assert f"🔒 Bag sealed: `{sealed(seed, state)[:12]}…`" in embed.description
    assert sealed(seed, state) in embed.footer.text  # the whole hash, to compare at the end
    status = await table.member("carol").slash(table.channel, "carcassonne status")
    fields = {f.name: f.value for f in status.response.embeds[0].fields}
    assert fields["Bag seal (SHA-256)"] == f"`{sealed(seed, state)}`"
    assert "Bag seed" not in fields


async def test_a_running_game_keeps_its_seed_out_of_every_message_and_export(
    table, database
) -> None:
    state = await table.started("alice", "bob")
    for _ in range(3):
        await table.place()
    me = await table.on_turn()
    await me.click(table.channel.last_message, label="Play your turn")
    carol = table.member("carol")
    for command in ("board", "status", "tiles", "history", "help", "mygames"):
        await carol.slash(table.channel, f"carcassonne {command}")
    exported = await carol.slash(table.channel, "carcassonne export")
    record = json.loads(await exported.response.attachments[0].read())
    seed = state.row.seed
    assert "seed" not in record and record["commitment"] == sealed(seed, state)
    assert record["format"] == "carcassonne-record/3" and len(record["turns"]) == 3
    seen = await seen_by_players(table)
    assert b"Bag sealed" in b"".join(seen) and b"Your tile: " in b"".join(seen)  # the panel
    assert not [text for text in seen if str(seed).encode() in text]
    stored = stored_games(database)[state.id]
    assert "seed" not in json.loads(stored["record"])
    assert (stored["seed_type"], stored["seed"]) == ("text", str(seed))  # kept apart


async def test_a_cancelled_game_reveals_its_seed_and_verifies(table, tmp_path) -> None:
    state = await table.started("alice", "bob")
    await table.place()
    await table.member("alice").slash(table.channel, "carcassonne cancel")
    exported = await table.member("carol").slash(table.channel, "carcassonne export")
    data = await exported.response.attachments[0].read()
    record = json.loads(data)
    assert record["seed"] == state.row.seed
    assert record["commitment"] == sealed(state.row.seed, state)
    checked = verify(data, tmp_path)
    assert checked.returncode == 0 and checked.stdout.startswith("ok:"), checked.stderr
    status = await table.member("carol").slash(table.channel, "carcassonne status")
    fields = {f.name: f.value for f in status.response.embeds[0].fields}
    assert fields["Bag seed"] == f"`{state.row.seed}`"


# ----------------------------------------------------------- migration V4


async def store_as_schema_3(
    db: aiosqlite.Connection,
    channel: simcord.ChannelHandle,
    players: list[simcord.MemberActor],
    *,
    seed: int,
    record: dict | None,
) -> int:
    """A game written as the bot of schema 3 wrote it: the seed in an INTEGER
    column and in the record too."""
    seats = [Player(p.id, p.name) for p in players]
    try:
        game = Game.from_record(record) if record is not None else None
    except EngineError:  # a record that no longer replays
        game = None
    status = "lobby" if record is None else "running"
    on_turn = None
    if game is not None and game.current_player is not None:
        on_turn = seats[game.current_player].id
    stamp = "2025-12-31T00:00:00.000+00:00"  # the day before the virtual clock starts
    cursor = await db.execute(
        "INSERT INTO games (guild_id, channel_id, host_id, options, seed, players, status,"
        " version, record, created_at, updated_at, turn_started_at, turn, on_turn)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, 3, ?, ?, ?, ?, ?, ?)",
        (channel.guild.id, channel.id, seats[0].id,
         json.dumps(record["options"] if record else {"game": "carcassonne"}), seed,
         json.dumps([{"id": p.id, "name": p.name} for p in seats]), status,
         json.dumps(record) if record is not None else None, stamp, stamp, stamp,
         len(record["turns"]) if record else 0, on_turn),
    )
    game_id = cursor.lastrowid
    await db.executemany(
        "INSERT INTO game_players (game_id, seat, user_id, removed) VALUES (?, ?, ?, ?)",
        [(game_id, seat, p.id, int(game is not None and not game.active[seat]))
         for seat, p in enumerate(seats)],
    )
    return game_id


async def place_by_slash(table: Table, channel, move: Place) -> None:
    """The player on turn plays ``move`` (with its tile: games with hands) by slash."""
    options = {"position": f"{move.x},{move.y},{move.rotation}", "tile": move.tile}
    if move.figure is not None:
        options["follower"] = str(spot_number(await table.state(channel), move))
    result = await (await table.on_turn(channel)).slash(channel, "carcassonne place", **options)
    assert not result.ephemeral, result.response.content


async def test_migration_4_moves_seeds_out_of_records_and_stored_games_play_on(
    table, tmp_path
) -> None:
    """A database of schema 3, its games stored as the bot stored them before (a
    version 2 record with its 62-bit seed inside; a version 1 record of a game with
    hands, from before issue 12; a lobby; a record that no longer replays): the
    migration keeps every game, and each comes back with the same hands, bag and
    future draws."""
    guild = table.guild
    ann, bo = table.member("ann"), table.member("bo")
    seated = [table.member(name) for name in ("P0", "P1", "P2")]
    channels = {name: guild.create_text_channel(name)
                for name in ("today", "hands", "lobby", "damaged")}

    today = Game.new(["ann", "bo"], Options(), seed=2**61 + 12345)  # as the bot drew them
    for _ in range(4):
        today.play(Place(today.tile.id, *next(today.legal_placements())))
    hands = next(g for g in STORED_GAMES if g["name"] == "river_hand3")
    damaged = json.loads(json.dumps(next(g for g in STORED_GAMES if g["name"] == "base")))
    damaged["middle"]["record"]["turns"][3]["x"] += 40  # a tile far from the others
    old = str(tmp_path / "schema3.sqlite3")
    async with aiosqlite.connect(old, isolation_level=None) as db:
        assert await sqlite.migrate(db, until=3) == [1, 2, 3]
        ids = {
            "today": await store_as_schema_3(db, channels["today"], [ann, bo],
                                             seed=today.seed, record=version_2(today)),
            "hands": await store_as_schema_3(db, channels["hands"], seated, seed=102,
                                             record=hands["middle"]["record"]),
            "lobby": await store_as_schema_3(db, channels["lobby"], [ann, bo], seed=7,
                                             record=None),
            "damaged": await store_as_schema_3(db, channels["damaged"], [ann, bo], seed=101,
                                               record=damaged["middle"]["record"]),
        }
    await table.bot.close()
    await table.env.restart_bot(create_bot(database=old))  # migrates, then plays

    rows = {name: stored_games(old)[game_id] for name, game_id in ids.items()}
    with sqlite3.connect(old) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(sqlite.migrations())
    for name, row in rows.items():
        assert row["record"] is None or "seed" not in json.loads(row["record"]), name
    for name in ("today", "hands"):
        assert json.loads(rows[name]["record"])["commitment"] == sealed(int(rows[name]["seed"]))
    assert (rows["today"]["seed_type"], rows["today"]["seed"]) == ("text", str(today.seed))
    assert rows["hands"]["seed"] == "102" and rows["lobby"]["seed"] is None
    record = json.loads(rows["hands"]["record"])
    assert record["format"] == "carcassonne-record/2"  # its commitment: the seed's alone
    assert all("hand" in turn for turn in record["turns"] if "tile" in turn)
    assert rows["damaged"]["damaged"] and rows["damaged"]["seed"] == "101"
    assert json.loads(rows["damaged"]["record"])["turns"] == \
        damaged["middle"]["record"]["turns"]  # its moves kept for whoever looks into it

    # The game with hands: the same hands and bag, and every future draw.
    state = await table.state(channels["hands"])
    middle = hands["middle"]
    assert [t.id for t in state.game.hand] == middle["hand"]
    assert state.game.remaining() == middle["remaining"]
    future = Game.from_record(hands["finished"]).history[state.game.turn:]
    for entry in future[:6]:  # two rounds through Discord
        await place_by_slash(table, channels["hands"], entry.action)
    state = await table.state(channels["hands"])
    rest = state.game.copy()  # the rest through the engine, as the bot dealt it
    for entry in future[6:]:
        rest.play(entry.action)
    assert rest.is_over and list(rest.scores) == hands["scores"]

    # Today's game: the same next tiles; over, its record reveals the seed and verifies.
    for _ in range(3):
        state = await table.state(channels["today"])
        assert state.game.tile == today.tile and state.game.hand_of(1) == today.hand_of(1)
        move = first_move(state)
        await place_by_slash(table, channels["today"], move)
        today.play(move)
    await ann.slash(channels["today"], "carcassonne cancel")
    exported = await bo.slash(channels["today"], "carcassonne export")
    data = await exported.response.attachments[0].read()
    assert json.loads(data)["seed"] == today.seed
    checked = verify(data, tmp_path)
    assert checked.returncode == 0, checked.stderr

    # The lobby starts with a new seed, drawn by the engine (this bot has no test seed).
    started = await ann.slash(channels["lobby"], "carcassonne start")
    assert not started.ephemeral, started.response.content
    state = await table.state(channels["lobby"])
    assert 0 <= state.row.seed < 2**128 and state.row.seed != 7
    assert state.game.commitment == sealed(state.row.seed, state)
    stored = stored_games(old)[ids["lobby"]]
    assert stored["seed"] == str(state.row.seed) and "seed" not in json.loads(stored["record"])
    embed = channels["lobby"].last_message.embeds[0]
    assert sealed(state.row.seed, state) in embed.footer.text

    # The damaged game says so, and stays alone in that.
    answer = await ann.slash(channels["damaged"], "carcassonne board")
    assert answer.ephemeral and "can no longer be read" in answer.response.content
