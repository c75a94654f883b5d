"""The deadline policy ``ai`` (issue 13): an AI plays an absent player's turn, and they
are back in control as soon as they act; AI turns survive a restart and are played
once; a stale or repeated AI turn changes nothing; a failing worker stops no game."""

from __future__ import annotations

from bot_support import (
    AI_SETTLE,
    ai_entries,
    ai_table,
    assert_no_ai_contact,
    custom_ids,
    fire,
    first_move,
    mentions,
    seeded_table,
    start_timers,
)

from bot import create_bot
from bot.app.ai_turns import first_move as first_legal_move
from bot.thinking import Thinker
from engine import Place

HOUR = 3600.0


def log_actions(log, action: str) -> list:
    return [entry for entry in log if entry.action == action]


async def test_an_ai_plays_for_an_absent_player_who_is_back_when_they_act(database) -> None:
    async with ai_table(database) as table:
        state = await table.started("alice", "bob")
        host = table.member("alice")
        clock = await host.slash(table.channel, "carcassonne deadline", hours=1, policy="ai",
                                 reminder_hours=0)
        assert "an AI plays the turn for the player" in clock.response.embeds[0].description
        absent = state.current
        await table.env.advance_time(HOUR)

        after = await table.state()
        assert after.turn == state.turn + 1 and after.current.id != absent.id
        assert after.row.stand_ins == {state.turn}
        entry = after.game.history[state.turn]
        assert entry.player == state.seat(absent.id) and isinstance(entry.action, Place)
        log = await table.bot.storage.game_log(after.id)
        stand_in = log_actions(log, "stand-in")
        assert len(stand_in) == 1 and stand_in[0].user_id is None
        assert stand_in[0].data["player"] == absent.id and stand_in[0].data["level"] == "medium"
        # Announced as such, calling the next player; the move is marked the AI's.
        post = table.channel.last_message
        assert f"**{absent.name}** missed the deadline, so the AI played the turn for them" \
            in post.embeds[0].description
        assert "(🤖 played for them by the AI)" in post.embeds[0].description
        assert mentions(post.content) == [after.current.id]

        # The next player plays; then the absent one is called as ever, and acts.
        await table.place(first_move(after))
        back = await table.state()
        assert back.current.id == absent.id
        call = table.channel.last_message
        assert mentions(call.content) == [absent.id] and "your turn" in call.content
        assert f"carc:play:{back.id}:{back.turn}" in custom_ids(call)
        await table.place(first_move(back))
        log = await table.bot.storage.game_log(back.id)
        assert log[-1].action == "place" and log[-1].user_id == absent.id
        assert (await table.state()).row.stand_ins == {state.turn}
        history = await host.slash(table.channel, "carcassonne history")
        assert "(🤖 played for them by the AI)" in history.response.embeds[0].description
        assert_no_ai_contact(table.env, back)


async def test_a_player_who_acts_before_the_ai_stands_in_keeps_the_turn(database) -> None:
    """The deadline passed and the AI's turn is queued, but the player moves first: the
    AI's turn is dropped, and its timer, fired late or twice, changes nothing."""
    async with ai_table(database) as table:
        state = await table.started("alice", "bob")
        await table.member("alice").slash(table.channel, "carcassonne deadline", hours=1,
                                          policy="ai", reminder_hours=0)
        bot = table.bot
        deadline = (await bot.app.timers.pending(state.id))["deadline"]
        await bot.scheduler.stop()  # timers are fired by hand below
        await table.env.advance_time(HOUR)
        await fire(table.env, deadline)  # the deadline, as the scheduler fires it
        queued = (await bot.app.timers.pending(state.id))["ai_turn"]
        assert queued.turn == state.turn and queued.data["player"] == state.current.id

        result = await table.place(first_move(state))  # the player is back first
        assert not result.ephemeral
        moved = await table.state()
        seen = len(table.channel.history())
        for _ in range(2):  # the AI's timer, fired after all, and again
            await fire(table.env, queued)
        after = await table.state()
        assert after.row.version == moved.row.version and not after.row.stand_ins
        assert len(table.channel.history()) == seen
        assert not log_actions(await bot.storage.game_log(state.id), "stand-in")
        start_timers(table.env)  # and nothing else is due for that turn
        await table.env.settle()
        assert (await table.state()).row.version == after.row.version


async def test_someone_who_keeps_missing_is_stood_in_for_until_the_game_is_abandoned(
    database,
) -> None:
    """Missed turns played by the AI count as missed: when every person in the game has
    missed ``idle_rounds`` in a row, the game ends and is scored (the AIs do not count)."""
    async with ai_table(database) as table:
        saved = await table.admin().slash(table.channel, "carcassonne settings", idle_rounds=2,
                                          deadline_hours=1, policy="ai", reminder_hours=0)
        assert "**At the deadline**: an AI plays the turn for the player, who is back in " \
            "control as soon as they act" in saved.response.embeds[0].description
        alice = table.member("alice")
        await table.started("alice", ai=1, ai_level="easy")
        state = await table.state()
        assert state.current.id == alice.id
        await table.env.advance_time(HOUR)  # missed once: the AI plays for her
        once = await table.state()
        assert len(once.row.stand_ins) == 1 and once.current.id == alice.id
        await table.env.advance_time(HOUR)  # missed twice: nobody is left playing
        over = await table.state()
        assert over.row.status == "finished" and over.game.is_over
        assert over.row.stand_ins == once.row.stand_ins  # not played for her again
        final = table.channel.last_message
        assert "Every person playing has missed 2 turns in a row" in final.embeds[0].description
        assert "Game over" in final.content or "The game is over" in final.content
        assert_no_ai_contact(table.env, over)


async def test_a_game_of_only_ai_turns_after_the_persons_first_move(database) -> None:
    """One person and four AIs; the person moves once and is never back: every later
    turn of theirs is played by the AI at its deadline, the AIs play their own, and
    the game goes on to its end (fewer missed turns than the idle limit)."""
    async with ai_table(database) as table:
        await table.admin().slash(table.channel, "carcassonne settings", idle_rounds=20,
                                  deadline_hours=1, policy="ai", reminder_hours=0)
        alice = table.member("alice")
        await table.started("alice", ai=4, ai_level="easy", farmers="off")
        await table.place(first_move(await table.state()))
        for _ in range(30):
            state = await table.state()
            if state.row.status != "running":
                break
            assert state.current.id == alice.id  # every AI turn was played at once
            await table.env.advance_time(HOUR)
        assert state.row.status == "finished" and state.game.is_over
        seat = state.seat(alice.id)
        hers = [t for t, e in enumerate(state.game.history)
                if e.player == seat and isinstance(e.action, Place)]
        assert state.row.stand_ins == set(hers[1:]) and len(hers) > 10
        assert len(ai_entries(state)) > 40
        assert "Game over" in table.channel.last_message.content
        assert_no_ai_contact(table.env, state)


async def test_a_restart_while_an_ai_turn_is_pending_plays_it_once(database) -> None:
    """The bot stops after a move that gave the turn to an AI, with the AI's turn
    handed out but not played: the next start plays it, once."""
    async with ai_table(database) as table:
        alice = table.member("alice")
        await table.started("alice", ai=1, ai_level="medium")
        state = await table.state()
        bot = table.bot
        await bot.scheduler.stop()  # the process is about to stop: nothing more fires
        await table.place(first_move(state))
        waiting = await table.state()
        assert waiting.current.is_ai
        pending = (await bot.app.timers.pending(state.id))["ai_turn"]
        await bot.storage.dispatch_timer(pending, table.env.now())  # handed out, not acted on
        seen = len(table.channel.history())
        await bot.close()
        await table.env.restart_bot(create_bot(database=database))

        after = await table.state()
        assert after.turn == waiting.turn + 1 and after.current.id == alice.id
        log = await table.bot.storage.game_log(state.id)
        assert [e.data["turn"] for e in log_actions(log, "ai")].count(waiting.turn) == 1
        posts = table.channel.history()[seen:]
        assert len(posts) == 1 and mentions(posts[0].content) == [alice.id]
        await fire(table.env, pending)  # the same turn handed out once more: nothing
        await table.env.advance_time(HOUR)  # and nothing else is pending for it
        assert (await table.state()).row.version == after.row.version
        assert "ai_turn" not in await table.bot.app.timers.pending(state.id)
        assert len(table.channel.history()) == seen + 1


async def test_a_failing_worker_is_tried_again_then_the_ai_plays_a_legal_move(database) -> None:
    from ai_workers import failing_choose

    async with seeded_table(database, 3, settle_timeout=AI_SETTLE,
                            thinker=Thinker(choose=failing_choose)) as table:
        alice = table.member("alice")
        await table.started("alice", ai=1)
        state = await table.state()
        if state.current.is_ai:  # the AI sits first: its first turn is the one tried
            waiting = state
        else:
            await table.place(first_move(state))
            waiting = await table.state()
        assert waiting.current.is_ai
        first_try = (await table.bot.app.timers.pending(waiting.id))["ai_turn"]
        assert first_try.data["attempts"] == 1
        await table.env.advance_time(60)
        assert (await table.bot.app.timers.pending(waiting.id))["ai_turn"].data["attempts"] == 2
        await table.env.advance_time(60)
        played = await table.state()
        assert played.turn == waiting.turn + 1 and played.current.id == alice.id
        assert played.game.history[waiting.turn].action == first_legal_move(waiting.game)


async def test_ai_players_have_no_say_in_a_vote_to_end(database) -> None:
    async with ai_table(database) as table:
        alice, bob = table.member("alice"), table.member("bob")
        lobby = (await alice.slash(table.channel, "carcassonne new", ai=1,
                                   ai_level="easy")).response
        await bob.click(lobby, label="Join")
        await alice.click(lobby, label="Start")
        await table.env.advance_time(12 * HOUR)  # the turn waited one reminder interval
        state = await table.state()
        other = bob if state.current.id == alice.id else alice
        # The vote needs every person but the one on turn: the other person, not the AI.
        voted = await other.slash(table.channel, "carcassonne vote-end")
        assert "ends by vote" in voted.response.embeds[0].title
        assert (await table.state()).row.status == "finished"
        assert_no_ai_contact(table.env, state)


async def test_a_game_whose_last_person_is_removed_ends_and_is_scored(database) -> None:
    """AI players do not play on by themselves."""
    async with ai_table(database) as table:
        alice = table.member("alice")
        await table.started("alice", ai=2, ai_level="easy")
        kicked = await table.admin().slash(table.channel, "carcassonne kick", player=alice.user)
        over = await table.state()
        assert over.row.status == "finished" and over.game.is_over
        assert not over.game.active[over.seat(alice.id)]
        assert "Game over" in kicked.response.content
        assert "was removed from the game" in kicked.response.embeds[0].description
        assert_no_ai_contact(table.env, over)
