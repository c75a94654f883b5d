"""AI players (issue 13): seated in a lobby, playing their own turns in the bot's worker
process, announced like any other turn, never mentioned or sent a message.

The AI moves here are computed by the real worker process (the bot's
ProcessPoolExecutor); simcord's settling waits for them like for any other work
of the bot (docs/simcord-notes.md). The levels are ``easy`` and ``medium``
(tens of milliseconds a move) and ``hard`` with a small budget, so the games stay quick.
"""

from __future__ import annotations

import asyncio
import functools
import json

import pytest
from bot_support import (
    ai_entries,
    ai_table,
    assert_no_ai_contact,
    assert_player_words,
    clicks_at_once,
    custom_ids,
    deliver,
    first_move,
    mentions,
    player_texts,
    prepared_slash,
    start_timers,
)

from bot.app import input as app_input
from bot.errors import BadInput
from bot.storage import Player
from bot.thinking import AISettings, Thinker
from bot.words.common import mark
from engine import BonusTileEarned, Game, Place


async def play(table, *, until=lambda state: False, limit: int = 120) -> list:
    """The person on turn plays (the last tile of the hand, its first place), the AIs
    play in between, until the game is over or ``until(state)``. Returns the person's
    results."""
    results = []
    for _ in range(limit):
        state = await table.state()
        if state.row.status != "running" or until(state):
            return results
        assert not state.current.is_ai, "an AI's turn was left waiting"
        tile = state.game.hand[-1]
        placement = app_input.placements(state, tile)[0]
        result = await (await table.on_turn()).slash(
            table.channel, "carcassonne place", tile=tile.id,
            position=f"{placement.x},{placement.y},{placement.rotation}")
        assert not result.ephemeral, result.response.content
        results.append(result)
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------- lobby


async def test_the_host_seats_ai_players_with_the_lobby_buttons(database) -> None:
    async with ai_table(database) as table:
        alice, bob = table.member("alice"), table.member("bob")
        lobby = (await alice.slash(table.channel, "carcassonne new")).response
        state = await table.state()
        assert custom_ids(lobby) == [
            *(f"carc:lobby:{state.id}:{a}" for a in ("join", "leave", "start", "rated")),
            *(f"carc:lobby:{state.id}:ai-{a}" for a in ("easy", "medium", "hard", "remove"))]
        assert "AI players" in lobby.embeds[0].footer.text
        added = await alice.click(lobby, label="🤖 Add AI: hard")
        added = await alice.click(lobby, label="🤖 Add AI: easy")
        players = added.response.embeds[0].fields[0]
        assert "(3/5)" in players.name
        assert players.value.splitlines()[1:] == ["**🤖 AI Hard 1**", "**🤖 AI Easy 1**"]
        # Only the host seats AIs or takes them away.
        refused = await bob.click(lobby, label="🤖 Add AI: medium")
        assert refused.ephemeral and "Only the host" in refused.response.content
        removed = await alice.click(lobby, label="Remove an AI")
        assert removed.response.embeds[0].fields[0].value.splitlines()[1:] == ["**🤖 AI Hard 1**"]
        state = await table.state()
        assert [(p.name, p.ai, p.id < 0) for p in state.players] == [
            ("alice", None, False), ("AI Hard 1", "hard", True)]
        await bob.click(lobby, label="Join")
        for _ in range(2):
            await alice.click(lobby, label="🤖 Add AI: medium")
        full = await table.state()
        assert [p.name for p in full.players][-2:] == ["AI Medium 1", "AI Medium 2"]
        assert len({p.id for p in full.players}) == 5
        message = table.channel.history()[0]
        buttons = {c.label: c.disabled for row in message.components for c in row.children}
        assert buttons["🤖 Add AI: easy"] and not buttons["Remove an AI"]  # full
        # The host leaves: the role goes to the next person, never to an AI.
        await alice.click(lobby, label="Leave")
        assert (await table.state()).row.host_id == bob.id
        # The last person leaves: AI players do not play alone, so the game closes.
        closed = await bob.click(lobby, label="Leave")
        assert (await table.state()).row.status == "cancelled"
        assert "closed" in closed.response.content
        assert_no_ai_contact(table.env, full)


async def test_new_seats_ai_players_and_one_person_plays_alone(database) -> None:
    async with ai_table(database) as table:
        alice = table.member("alice")
        lobby = await alice.slash(table.channel, "carcassonne new", ai=4,
                                  ai_level="easy")
        assert lobby.response.embeds[0].fields[0].name.endswith("(5/5)")
        full = await table.member("bob").slash(table.channel, "carcassonne join")
        assert full.ephemeral and "full" in full.response.content
        started = await alice.slash(table.channel, "carcassonne start")
        state = await table.state()
        assert sorted(p.name for p in state.players if p.is_ai) == [
            f"AI Easy {n}" for n in range(1, 5)]
        seating = table.channel.history()
        begins = next(m for m in seating if m.embeds and m.embeds[0].title.endswith("begins"))
        for player in state.players:
            shown = f"<@{player.id}>" if not player.is_ai else f"**🤖 {player.name}**"
            assert shown in begins.embeds[0].description
        # The AIs seated before alice have played; now she is called, by mention.
        assert not state.current.is_ai and not started.ephemeral
        assert state.turn == state.seat(alice.id)
        assert mentions(table.channel.last_message.content) == [alice.id]
        assert_no_ai_contact(table.env, state)


async def test_a_level_alone_seats_one_ai_of_that_level(database) -> None:
    async with ai_table(database) as table:
        lobby = await table.member("alice").slash(table.channel, "carcassonne new",
                                                  ai_level="hard")
        assert lobby.response.embeds[0].fields[0].value.splitlines()[1:] == ["**🤖 AI Hard 1**"]
        assert [p.ai for p in (await table.state()).players] == [None, "hard"]


async def test_every_wrong_ai_seat_is_refused_and_changes_nothing(database) -> None:
    """A full lobby, a vanished AI, a started game, a value Discord would not offer:
    each answered privately, in a sentence, and nothing changes."""
    async with ai_table(database) as table:
        alice, bob = table.member("alice"), table.member("bob")
        for option, answer in [
            ({"name": "ai_level", "type": 3, "value": "godlike"},
             "`ai_level` must be one of the choices Discord shows."),
            ({"name": "ai", "type": 4, "value": 9},
             "`ai` must be a whole number from 1 to 5."),
        ]:
            [refused] = await deliver(table.env, prepared_slash(
                table.env, alice, table.channel, "carcassonne new", raw=[option]))
            assert refused.ephemeral and refused.response.content.startswith(answer)
        assert table.channel.history() == []  # no lobby was opened
        with pytest.raises(BadInput):  # nor by a caller of the application layer
            await table.bot.app.lobby.create(table.guild.id, table.channel.id,
                                         Player(alice.id, "alice"), {}, ai=("godlike",),
                                         name_ai=lambda level, number: "AI")
        assert await table.bot.storage.open_game(table.guild.id, table.channel.id) is None

        lobby = (await alice.slash(table.channel, "carcassonne new", ai=3)).response
        # Two clicks on the last free seat at once: one AI takes it, the other is told.
        added, late = await clicks_at_once(table.env, [(alice, lobby, "🤖 Add AI: easy")] * 2)
        assert not added.ephemeral
        assert late.ephemeral and late.response.content == "This game is full: 5 players at most."
        full = await table.state()
        assert len(full.players) == 5
        joined = await bob.slash(table.channel, "carcassonne join")
        assert joined.ephemeral and "full" in joined.response.content
        assert (await table.state()).row.version == full.row.version

        for _ in range(3):
            await alice.click(lobby, label="Remove an AI")
        removed, gone = await clicks_at_once(table.env, [(alice, lobby, "Remove an AI")] * 2)
        assert gone.ephemeral
        assert gone.response.content == "There is no AI player in this game to remove."
        alone = await table.state()
        assert [p.name for p in alone.players] == ["alice"]

        # The game starts while the host's click on "Add AI" is on its way.
        await alice.click(lobby, label="🤖 Add AI: medium")
        started, stale = await clicks_at_once(table.env, [(alice, lobby, "Start"),
                                                          (alice, lobby, "🤖 Add AI: hard")])
        assert not started.ephemeral
        assert stale.ephemeral and stale.response.content == "This game has already started."
        running = await table.state()
        assert running.row.status == "running" and len(running.players) == 2
        assert_no_ai_contact(table.env, running)


async def test_status_scores_and_mygames_mark_the_ai_on_turn(database) -> None:
    async with ai_table(database) as table:
        alice = table.member("alice")
        await table.started("alice", ai=1, ai_level="easy")
        bot = table.bot
        await bot.scheduler.stop()  # the AI's turn waits below
        await table.place()
        waiting = await table.state()
        assert waiting.current.is_ai
        ai = f"**🤖 {waiting.current.name}**"
        status = (await alice.slash(table.channel, "carcassonne status")).response.embeds[0]
        fields = {f.name: f.value for f in status.fields}
        assert any(value.startswith(f"{mark(waiting.seat(waiting.current.id))} {ai}, since")
                   for value in fields.values())
        assert any(f"{ai}:" in value for value in fields.values())  # its scores line
        mine = (await alice.slash(table.channel, "carcassonne mygames")).response
        assert f"🤖 {waiting.current.name}'s turn since" in mine.embeds[0].description
        # Nobody moves for the AI.
        refused = await table.member("alice").slash(table.channel, "carcassonne place",
                                                     position="0,1,0")
        assert refused.ephemeral and "not your turn" in refused.response.content
        assert (await table.state()).row.version == waiting.row.version

        start_timers(table.env)
        await table.env.settle()
        assert (await table.state()).current.id == alice.id
        assert_no_ai_contact(table.env, waiting)


# ------------------------------------------------------------- whole games


async def test_a_person_plays_a_whole_game_against_two_ais(database, tmp_path) -> None:
    async with ai_table(database) as table:
        alice = table.member("alice")
        lobby = (await alice.slash(table.channel, "carcassonne new", ai=1)).response
        await alice.click(lobby, label="🤖 Add AI: easy")
        await alice.slash(table.channel, "carcassonne start")
        results = await play(table)
        state = await table.state()
        game = state.game
        assert state.row.status == "finished" and game.is_over
        ai_seats = [s for s, p in enumerate(state.players) if p.is_ai]
        assert len(ai_seats) == 2 and len(results) < 40

        # Every AI turn was played once, as the AI's, in the log and in the record.
        log = await table.bot.storage.game_log(state.id)
        ai_moves = [e for e in log if e.action == "ai"]
        placed_by_ais = [e for e in game.history if e.player in ai_seats
                         and isinstance(e.action, Place)]
        assert len(ai_moves) == len(placed_by_ais) > 20
        assert {e.user_id for e in ai_moves} == {state.players[s].id for s in ai_seats}
        assert sorted(e.data["turn"] for e in ai_moves) == [
            t for t, e in enumerate(game.history) if e in placed_by_ais]

        # Each round of AIs was announced like any other turn: the message calling the
        # first AI (no "Play your turn" under it), then one message for the AIs' moves
        # (issue 20): a "thinking" message for each of alice's moves (perhaps not the
        # last), and the first message if an AI begins.
        messages = table.channel.history()
        thinking = [m for m in messages if "is thinking…" in (m.content or "")]
        assert len(results) - 1 <= len(thinking) <= len(results) + 1 < len(ai_moves)
        assert all(not any(c.startswith("carc:play:") for c in custom_ids(m)) for m in thinking)
        assert all("**🤖 AI " in m.content and not mentions(m.content) for m in thinking)
        calls = [m for m in messages if "your turn:" in (m.content or "")]
        assert all(mentions(m.content) == [alice.id] for m in calls)

        # The end: the results mark the AIs, and mention only the person.
        final = messages[-1]
        assert "Game over" in final.content
        fields = {f.name: f.value for f in final.embeds[0].fields}
        for seat in ai_seats:
            assert any(f"🤖 {state.players[seat].name}" in name for name in fields)
        outcome = game.outcome()
        assert set(mentions(final.content)) == {state.players[s].id for s in outcome.winners
                                                 if not state.players[s].is_ai}
        # The record names the AIs (the pictures' legend draws these names).
        exported = await alice.slash(table.channel, "carcassonne export")
        record = json.loads(await exported.response.attachments[0].read())
        assert {record["players"][s] for s in ai_seats} == {"AI Medium 1", "AI Easy 1"}
        assert Game.from_record(record).outcome() == outcome
        history = await alice.slash(table.channel, "carcassonne history", page=1)
        assert "🤖 AI " in history.response.embeds[0].description
        assert_no_ai_contact(table.env, state)
        assert assert_player_words(table.env) > 200


def assert_every_ai_turn_played_once(state, log) -> None:
    """Each AI seat's placed tile is logged once, as that AI's move of that turn."""
    ai_moves = [e for e in log if e.action == "ai"]
    placed = [t for t, e in enumerate(state.game.history)
              if state.players[e.player].is_ai and isinstance(e.action, Place)]
    assert sorted(e.data["turn"] for e in ai_moves) == placed
    assert all(e.user_id == state.players[state.game.history[e.data["turn"]].player].id
               for e in ai_moves)


@pytest.mark.parametrize("options", [
    {"river": True, "winter": True, "farmers": "1st", "two_tile_city": True, "hand": 3,
     "ai_level": "easy"},
    {"game": "hunters-and-gatherers", "hand": 2, "ai_level": "medium"},
], ids=["carcassonne-every-option", "hunters-and-gatherers"])
async def test_ai_players_play_every_kind_of_game_to_the_end(database, options) -> None:
    """One person and two AIs play the game to its end. Carcassonne with every option at
    once (the whole game without options: the test above): the River's course first,
    the Winter bag, the 1st edition's farmers and 2-tile city, a hand of three, of which
    the AI chooses the tile to play (not always the first). Hunters and Gatherers with a
    hand of two, where an AI that earns a bonus tile (HG-31) plays it as its next turn,
    announced as a bonus tile."""
    async with ai_table(database, seed=5) as table:
        await table.started("alice", ai=2, **options)
        await play(table)
        state = await table.state()
        game = state.game
        assert state.row.status == "finished" and game.is_over and not game.bag
        assert "Game over" in table.channel.last_message.content
        assert_every_ai_turn_played_once(state, await table.bot.storage.game_log(state.id))
        placed = [e for e in ai_entries(state) if isinstance(e.action, Place)]
        assert len(placed) > 30
        if options.get("river"):
            assert all(e.action.tile.startswith("RV") for e in placed[:4])  # the River first
        if options.get("hand") == 3:
            assert all(e.action.tile in e.hand for e in placed)
            assert any(e.action.tile != e.hand[0] for e in placed if len(set(e.hand)) > 1)
        if options.get("game") == "hunters-and-gatherers":
            earned = [e for e in game.events if isinstance(e, BonusTileEarned)
                      and state.players[e.player].is_ai]
            assert earned, "no AI earned a bonus tile in this game: choose another seed"
            bonus = game.history[earned[0].turn + 1]
            assert bonus.bonus and bonus.player == earned[0].player
            assert bonus.action.tile == earned[0].tile
            assert any("(bonus tile)" in text and "🤖" in text
                       for text in player_texts(table.env))
        assert_no_ai_contact(table.env, state)


# ----------------------------------------------------------- AI turn order


async def test_after_the_persons_move_the_ais_play_in_turn_in_one_message(database) -> None:
    thinker = Thinker(AISettings(hard_seconds=0.2))
    async with ai_table(database, thinker=thinker) as table:
        alice = table.member("alice")
        lobby = (await alice.slash(table.channel, "carcassonne new", ai=2,
                                   ai_level="hard")).response
        await alice.click(lobby, label="🤖 Add AI: easy")
        await alice.click(lobby, label="🤖 Add AI: medium")
        await alice.slash(table.channel, "carcassonne start")
        before = await table.state()
        assert before.current.id == alice.id
        seen = len(table.channel.history())
        await table.place(first_move(before))
        after = await table.state()
        # One move of alice's, then one of each AI's in seating order, and alice again.
        assert after.turn == before.turn + 5 and after.current.id == alice.id
        # Two messages (issue 20): her move, calling the first AI; then, after the
        # round of AIs, the call to her, telling each AI's move in seating order.
        posts = table.channel.history()[seen:]
        assert len(posts) == 2
        order = [(before.seat(alice.id) + k) % 5 for k in range(1, 5)]
        assert posts[0].content.split("**")[1] == f"🤖 {after.players[order[0]].name}"
        assert "is thinking…" in posts[0].content
        told = posts[1].embeds[0].description
        placed = [told.index(f"🤖 {after.players[seat].name}** placed") for seat in order]
        assert placed == sorted(placed)
        assert mentions(posts[-1].content) == [alice.id]
        assert after.game.history[-1].player == order[-1]
        assert_no_ai_contact(table.env, after)


async def test_the_bot_answers_others_while_an_ai_thinks(database, tmp_path) -> None:
    """The search runs in the worker process: while an AI thinks (here until the test
    lets it finish), a member's command in another channel is answered. A search on
    the event loop would hold everything up until it was done, and this never would be."""
    from ai_workers import gated_choose

    gate = tmp_path / "gate"
    thinker = Thinker(choose=functools.partial(gated_choose, gate=str(gate)))
    async with ai_table(database, thinker=thinker) as table:
        alice = table.member("alice")
        await alice.slash(table.channel, "carcassonne new", ai=1, ai_level="easy")
        bot = table.bot
        await bot.scheduler.stop()  # the AI's turn is fired by hand below
        await alice.slash(table.channel, "carcassonne start")
        if not (await table.state()).current.is_ai:
            await table.place()
        waiting = await table.state()
        timer = (await bot.app.timers.pending(waiting.id))["ai_turn"]
        with table.env._bot_scope():  # the AI starts thinking
            bot.dispatch("carcassonne_timer", timer)
        asked = prepared_slash(table.env, table.member("bob"),
                               table.guild.create_text_channel("elsewhere"), "carcassonne help")
        table.env.backend.emit("INTERACTION_CREATE", asked.payload)
        for _ in range(500):
            if asked.record.responded:
                break
            await asyncio.sleep(0.01)
        assert asked.record.responded and asked.record.ephemeral
        assert (await table.state()).turn == waiting.turn  # the AI is still thinking
        gate.touch()
        await table.env.settle()
        assert (await table.state()).turn == waiting.turn + 1
