"""AI players (issue 13): seated in a lobby, playing their own turns in the bot's worker
process, announced like any other turn, never mentioned or sent a message.

The AI moves here are computed by the real worker process (the bot's
ProcessPoolExecutor); simcord's settling waits for them like for any other work
of the bot (docs/simcord-notes.md). The levels are ``easy`` and ``medium``
(tens of milliseconds a move) and ``hard`` with a small budget, so the games stay quick.
"""

from __future__ import annotations

import json

import pytest
from bot_support import (
    ai_entries,
    ai_table,
    assert_no_ai_contact,
    assert_player_words,
    custom_ids,
    first_move,
    mentions,
    player_texts,
)

from bot.games import GameService
from bot.thinking import AISettings, Thinker
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
        placement = GameService.placements(state, tile)[0]
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
            *(f"carc:lobby:{state.id}:{a}" for a in ("join", "leave", "start")),
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
        lobby = await alice.slash(table.channel, "carcassonne new", ai_players=4,
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


# ------------------------------------------------------------- whole games


async def test_a_person_plays_a_whole_game_against_two_ais(database, tmp_path) -> None:
    async with ai_table(database) as table:
        alice = table.member("alice")
        lobby = (await alice.slash(table.channel, "carcassonne new", ai_players=1)).response
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

        # Each AI turn was announced like any other: the message calling the AI (no
        # "Play your turn" under it), then the AI's move in the message after it.
        messages = table.channel.history()
        thinking = [m for m in messages if "is thinking…" in (m.content or "")]
        assert len(thinking) == len(ai_moves)
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


@pytest.mark.parametrize("options", [
    {"river": True, "farmers": "1st", "two_tile_city": True},
    {"winter": True, "hand": 3},
], ids=["river-1st-edition", "winter-hand"])
async def test_ai_players_play_every_kind_of_carcassonne(database, options) -> None:
    """Five rounds with two AIs: they play the River's course, the Winter bag, and with
    a hand of tiles they choose which one to play (not always the first)."""
    async with ai_table(database, seed=5) as table:
        alice = table.member("alice")
        await alice.slash(table.channel, "carcassonne new", ai_players=2, **options)
        await alice.slash(table.channel, "carcassonne start")
        await play(table, until=lambda state: len(ai_entries(state)) >= 10)
        state = await table.state()
        placed = [e for e in ai_entries(state) if isinstance(e.action, Place)]
        assert len(placed) >= 10 and not state.current.is_ai
        if options.get("river"):
            assert all(e.action.tile.startswith("RV") for e in placed[:4])  # the River first
        if options.get("hand"):
            assert all(e.action.tile in e.hand for e in placed)
            assert any(e.action.tile != e.hand[0] for e in placed if len(set(e.hand)) > 1)
        assert_no_ai_contact(table.env, state)


async def test_an_ai_that_earns_a_bonus_tile_plays_it_too(database) -> None:
    """Hunters and Gatherers, with a hand of tiles (HG-31): closing a forest with gold
    earns a bonus tile, played at once by the same player: an AI plays it as its next
    turn, announced as a bonus tile."""
    def bonus_played(state) -> bool:
        return any(e.bonus for e in ai_entries(state))

    async with ai_table(database, seed=5) as table:
        alice = table.member("alice")
        await alice.slash(table.channel, "carcassonne new", game="hunters-and-gatherers",
                          hand=2, ai_players=2, ai_level="medium")
        await alice.slash(table.channel, "carcassonne start")
        await play(table, until=bonus_played)
        state = await table.state()
        game = state.game
        earned = [e for e in game.events if isinstance(e, BonusTileEarned)
                  and state.players[e.player].is_ai]
        assert earned, "no AI earned a bonus tile in this game: choose another seed"
        event = earned[0]
        bonus = game.history[event.turn + 1]
        assert bonus.bonus and bonus.player == event.player
        assert bonus.action.tile == event.tile
        assert any("(bonus tile)" in text and "🤖" in text for text in player_texts(table.env))
        assert_no_ai_contact(table.env, state)


# ----------------------------------------------------------- AI turn order


async def test_after_the_persons_move_the_ais_play_in_turn_each_announced(database) -> None:
    thinker = Thinker(AISettings(hard_seconds=0.2))
    async with ai_table(database, thinker=thinker) as table:
        alice = table.member("alice")
        lobby = (await alice.slash(table.channel, "carcassonne new", ai_players=2,
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
        posts = table.channel.history()[seen:]
        assert len(posts) == 5
        order = [(before.seat(alice.id) + k) % 5 for k in range(1, 5)]
        thinking = [m for m in posts if "is thinking…" in (m.content or "")]
        assert [m.content.split("**")[1] for m in thinking] == [
            f"🤖 {after.players[s].name}" for s in order]
        # Each AI's move is the message right after the one that called it.
        for call, seat in zip(thinking, order):
            answer = posts[posts.index(call) + 1]
            assert f"🤖 {after.players[seat].name}** placed" in answer.embeds[0].description
        assert mentions(posts[-1].content) == [alice.id]
        assert after.game.history[-1].player == order[-1]
        assert_no_ai_contact(table.env, after)
