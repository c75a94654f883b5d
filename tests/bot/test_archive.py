"""The archive with replays (issue 22, "Statistics and the archive"): ``/archive``
lists the server's finished games (not running, not cancelled, not another
server's), newest first, by page and by member; a game shows its final map,
scores, statistics and record; its replay steps through the record turn by turn
with buttons that survive a restart."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from bot_support import custom_ids, deliver, prepared_click

import render
from bot import create_bot, records
from bot.app.archive import PAGE_SIZE
from bot.i18n import SOURCE, Language, messages
from bot.i18n.pictures import labels_of
from bot.storage import Player, Status
from bot.words.lobby import ai_namer
from engine import Game, Options
from engine.replays import positions
from engine.selfplay import play_random_moves
from engine.statistics import game_statistics

HOUR = 3600.0


async def finished_by_vote(table, *names: str, moves: int = 3, channel=None):
    """A game of ``names`` played ``moves`` turns by slash, then voted to an end."""
    channel = channel or table.channel
    await table.started(*names, channel=channel)
    for _ in range(moves):
        await table.place(channel=channel)
    await table.env.advance_time(12 * HOUR)
    waiting = await table.on_turn(channel)
    for name in names:
        if table.member(name).id != waiting.id:
            await table.member(name).slash(channel, "carcassonne vote-end")
    state = await table.state(channel)
    assert state.row.status == Status.FINISHED
    return state


async def stored_game(table, names: tuple[str, ...], status: Status, *, turns: int = 4,
                      seed: int = 1, guild_id: int | None = None):
    """A game written through the storage layer as it would be after ``turns`` random
    moves and the ``status`` given (a finished one scored): many games, fast."""
    players = tuple(Player(table.member(n).id, n) for n in names)
    game = Game([p.name for p in players], Options(), seed=seed)
    play_random_moves(game, random.Random(seed), turns)
    if status == Status.FINISHED:
        game.end()
    now = table.env.now()
    storage = table.bot.storage
    async with storage.transaction() as tx:
        row = await tx.insert_game(guild_id=guild_id or table.guild.id, channel_id=seed,
                                   host=players[0], options={"game": "carcassonne"}, now=now)
        return await tx.save_game(row, replace(
            row, players=players, status=status, record=records.stored(game), seed=game.seed,
            turn=game.turn, finished_at=now if status != Status.RUNNING else None,
            on_turn=None), action="start", user_id=players[0].id, now=now)


def answer(result):
    """The message an interaction answered with (a deferred answer's is its followup)."""
    return result.followups[-1] if result.followups else result.response


def listed(result) -> list[int]:
    """The game ids of the archive page's menu, in order."""
    for row in result.response.components:
        for child in row["components"]:
            if child["custom_id"].startswith("carc:archgame:"):
                return [int(option["value"]) for option in child["options"]]
    return []


async def test_the_archive_lists_finished_games_newest_first_and_by_member(table) -> None:
    """Running, cancelled and another server's games are not listed; a member's filter
    keeps the games they had a seat in."""
    first = await stored_game(table, ("alice", "bob"), Status.FINISHED, seed=1)
    await stored_game(table, ("alice", "bob"), Status.CANCELLED, seed=2)
    await stored_game(table, ("alice", "carol"), Status.RUNNING, seed=3)
    other = table.env.create_guild("Elsewhere")
    await stored_game(table, ("alice", "bob"), Status.FINISHED, seed=4, guild_id=other.id)
    second = await stored_game(table, ("bob", "carol"), Status.FINISHED, seed=5)

    dave = table.member("dave")
    everyone = await dave.slash(table.channel, "archive")
    assert everyone.ephemeral
    assert listed(everyone) == [second.id, first.id]
    page = everyone.response.embeds[0]
    assert page.title == "Finished games of this server"
    description = page.description
    assert description.index(f"#{second.id}") < description.index(f"#{first.id}")
    final = records.load(first.record, first.seed)
    assert f"{final.scores[0]}" in description and "alice" in description and "<t:" in description
    assert page.footer.text == "Page 1 of 1 · 2 games"

    carol = await dave.slash(table.channel, "archive", member=table.member("carol").user)
    assert listed(carol) == [second.id]
    assert carol.response.embeds[0].title == "Finished games of carol"
    nobody = await dave.slash(table.channel, "archive", member=dave.user)
    assert listed(nobody) == [] and "No finished games yet" in nobody.response.embeds[0].description


async def test_the_archive_pages_with_buttons(table) -> None:
    for seed in range(1, PAGE_SIZE + 3):
        await stored_game(table, ("alice", "bob"), Status.FINISHED, seed=seed, turns=1)
    alice = table.member("alice")
    shown = await alice.slash(table.channel, "archive")
    ids = listed(shown)
    assert len(ids) == PAGE_SIZE and ids == sorted(ids, reverse=True)
    assert shown.response.embeds[0].footer.text == f"Page 1 of 2 · {PAGE_SIZE + 2} games"
    assert [c for c in custom_ids(shown.response) if c.startswith("carc:arch:")] == [
        "carc:arch:0:2"]
    second = await alice.click(shown.response, label="▶️")
    assert second.response.id == shown.response.id  # the same message, redrawn
    rest = listed(second)
    assert len(rest) == 2 and max(rest) < min(ids)
    assert second.response.embeds[0].footer.text == f"Page 2 of 2 · {PAGE_SIZE + 2} games"
    back = await alice.click(second.response, label="◀️")
    assert listed(back) == ids


async def test_a_game_of_the_archive_shows_its_map_scores_statistics_and_record(table) -> None:
    state = await finished_by_vote(table, "alice", "bob", moves=3)
    carol = table.member("carol")
    shown = await carol.slash(table.channel, "archive")
    chosen = await carol.select(shown.response, [str(state.id)])
    assert chosen.ephemeral
    game = answer(chosen)
    embed = game.embeds[0]
    assert embed.title == f"Carcassonne #{state.id}"
    statistics = game_statistics(state.game)
    for seat, player in enumerate(state.players):
        field = next(f for f in embed.fields if f.name.endswith(
            f"{player.name}: {state.game.scores[seat]} points"))
        assert (f"**Turns**: {statistics.players[seat].turns} tile"
                in field.value), field.value
    names = [a.filename for a in game.attachments]
    assert names == [f"board-{state.id}.png", f"carcassonne-{state.id}-turn{state.turn}.json"]
    record = json.loads(await game.attachments[1].read())
    exported = await carol.slash(table.channel, "carcassonne export")
    same = exported.followups[-1] if exported.followups else exported.response
    assert record == json.loads(await same.attachments[0].read())  # the export's own file
    assert record["finished"] is True and "seed" in record
    # Shared: the same game for everyone in the channel, with its Replay for anyone.
    shared = await carol.click(game, label="📣 Share with everyone")
    assert not shared.ephemeral
    public = answer(shared)
    assert f"<@{carol.id}> shares this:" in public.content
    assert public.embeds[0].title == f"Carcassonne #{state.id}"
    assert any(c.startswith("carc:replay:") for c in custom_ids(public))


def replay_picture(record: dict, seed: int, turn: int) -> bytes:
    """The picture of a replay's turn ``turn``, drawn here by the renderer itself on the
    record replayed by the engine (positions before each entry; the whole game last)."""
    if turn == len(record["turns"]):
        game = Game.from_record(record, seed=seed)
    else:
        game = next(p.game for p in positions(record, seed=seed) if p.index == turn)
    labels = labels_of(messages(SOURCE), "carcassonne")
    return render.to_png(render.render_board(game, recent=False, labels=labels))


async def test_a_finished_game_is_replayed_turn_by_turn_across_a_restart(table, database,
                                                                          tmp_path) -> None:
    """Each step's picture is the record replayed to that turn; ◀ at the start and ▶ at
    the end are disabled (and refused if sent anyway); a bad turn number is refused; the
    buttons of a replay sent before a restart work after it."""
    state = await finished_by_vote(table, "alice", "bob", moves=3)
    record, seed, last = state.row.record, state.row.seed, state.turn
    bob = table.member("bob")
    shown = await bob.slash(table.channel, "archive")
    game = answer(await bob.select(shown.response, [str(state.id)]))
    opened = await bob.click(game, label="▶️ Replay")
    replay = answer(opened)
    assert replay.ephemeral

    async def step_shows(message, turn: int) -> None:
        assert message.embeds[0].title == f"Carcassonne #{state.id}: replay, turn {turn} of {last}"
        png = await message.attachments[0].read()
        assert message.attachments[0].filename == f"replay-{state.id}-{turn}.png"
        assert png == replay_picture(record, seed, turn), turn
        (tmp_path / f"replay-{turn}.png").write_bytes(png)

    def disabled(message) -> dict[str, bool]:
        return {child["label"]: bool(child.get("disabled")) for row in message.components
                for child in row["components"]}

    await step_shows(replay, 0)
    assert "start tile" in replay.embeds[0].description
    assert disabled(replay) | {"⏮️": True, "◀️": True} == disabled(replay)
    assert not disabled(replay)["▶️"]
    # ◀ sent anyway (an old client): refused, nothing changes.
    [back] = await deliver(table.env, prepared_click(
        table.env, bob, replay, custom_id=f"carc:replay:{state.id}:0:prev"))
    assert back.ephemeral and "no turn before" in back.response.content
    for turn in (1, 2):
        replay = (await bob.click(replay, label="▶️")).response
        await step_shows(replay, turn)
    mover = state.players[state.game.history[1].player].name
    assert mover in replay.embeds[0].description  # the move of turn 2, in the history's words

    old = table.bot
    await old.close()
    await table.env.restart_bot(create_bot(database=database))

    replay = (await bob.click(replay, label="⏭️")).response
    await step_shows(replay, last)
    assert disabled(replay)["▶️"] and disabled(replay)["⏭️"] and not disabled(replay)["◀️"]
    assert "Game over" in replay.embeds[0].description or "game is over" in \
        replay.embeds[0].description
    [forward] = await deliver(table.env, prepared_click(
        table.env, bob, replay, custom_id=f"carc:replay:{state.id}:{last}:next"))
    assert forward.ephemeral and "no turn after" in forward.response.content

    asked = await bob.click(replay, label="Jump to a turn")
    assert asked.modal is not None
    for bad in ("99", "x", "-1"):
        refused = await bob.submit_modal(asked, {next(iter(field_ids(asked.modal))): bad})
        assert refused.ephemeral
        assert refused.response.content == (
            f"Game #{state.id} has turns 0 to {last}: write one of those numbers.")
        asked = await bob.click(replay, label="Jump to a turn")
    jumped = await bob.submit_modal(asked, {next(iter(field_ids(asked.modal))): "1"})
    await step_shows(jumped.response, 1)


def field_ids(modal: dict) -> list[str]:
    ids = []
    for row in modal.get("components", []):
        for child in row.get("components", [row.get("component")]):
            if child and child.get("custom_id"):
                ids.append(child["custom_id"])
    return ids


async def test_only_this_servers_finished_games_can_be_opened(table) -> None:
    """A game of another server, a running game and a cancelled one are refused, in
    plain words, whichever custom id is sent."""
    await table.started("alice", "bob")
    await table.place()
    running = await table.state()
    cancelled = await stored_game(table, ("alice", "bob"), Status.CANCELLED, seed=7)
    other = table.env.create_guild("Elsewhere")
    theirs = await stored_game(table, ("alice", "bob"), Status.FINISHED, seed=8,
                               guild_id=other.id)
    mine = await stored_game(table, ("alice", "bob"), Status.FINISHED, seed=9)
    carol = table.member("carol")
    shown = (await carol.slash(table.channel, "archive")).response
    answers = {}
    for game_id in (running.id, cancelled.id, theirs.id):
        for custom_id in (f"carc:replay:{game_id}:0:start", f"carc:archshare:{game_id}:game",
                          f"carc:replay:{game_id}:1:next"):
            [result] = await deliver(table.env, prepared_click(table.env, carol, shown,
                                                               custom_id=custom_id))
            assert result.ephemeral
            answers.setdefault(game_id, set()).add(result.response.content)
    assert answers[running.id] == {
        f"Game #{running.id} is not over yet: the archive shows finished games only."}
    assert answers[cancelled.id] == {
        f"Game #{cancelled.id} was cancelled: the archive keeps finished games only."}
    assert answers[theirs.id] == {"That game does not exist on this server."}
    assert listed(await carol.slash(table.channel, "archive")) == [mine.id]
    assert (await table.state()).turn == running.turn  # nothing changed


async def test_regression_ai_names_read_in_the_readers_language(table) -> None:
    """Issue 22: an AI seat's name is stored in the server's language when it joined
    ("Könnyű MI 1"); a member reading /archive privately in English saw it in
    Hungarian. Now it is named in the reader's language, the stored row unchanged; a
    stand-in under a person's name keeps it."""
    await table.admin().slash(table.channel, "carcassonne settings", language="hu")
    hungarian = ai_namer(messages(Language.HUNGARIAN))("easy", 1)
    assert hungarian != "AI Easy 1"
    alice = table.member("alice")
    seats = (Player(alice.id, "alice"), Player(-1, hungarian, "easy"), Player(-2, "bob", "hard"))
    game = Game([p.name for p in seats], Options(), seed=1)
    play_random_moves(game, random.Random(1), 3)
    game.end()
    now = table.env.now()
    async with table.bot.storage.transaction() as tx:
        row = await tx.insert_game(guild_id=table.guild.id, channel_id=1, host=seats[0],
                                   options={"game": "carcassonne"}, now=now)
        row = await tx.save_game(row, replace(
            row, players=seats, status=Status.FINISHED, record=records.stored(game),
            seed=game.seed, turn=game.turn, finished_at=now, on_turn=None),
            action="start", user_id=alice.id, now=now)
    shown = await table.member("dave").slash(table.channel, "archive")
    page = shown.response.embeds[0].description
    assert "AI Easy 1" in page and hungarian not in page and "bob" in page
    chosen = answer(await table.member("dave").select(shown.response, [str(row.id)]))
    fields = " ".join(field.name for field in chosen.embeds[0].fields)
    assert "AI Easy 1" in fields and hungarian not in fields
    stored = await table.bot.storage.game(row.id)
    assert stored is not None and stored.players[1].name == hungarian
