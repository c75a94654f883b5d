"""A thread per game (issue 20): the lobby in the channel, the turns in the game's
thread, the result back in the channel; spectators who follow the thread; a thread
archived, or deleted, mid-game; ``new`` refused in a thread; ``/carcassonne games``.

The server's ``threads`` setting is on by default: these tests keep it (the
others play in their channels, ``bot_support.games_in_channels``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord
import pytest
import simcord
from bot_support import AI_SETTLE, Table, bot_env, custom_ids, first_move

from bot.app import input as app_input


@asynccontextmanager
async def thread_table(database: str, seed: int = 3, **options) -> AsyncIterator[Table]:
    """A server with the default settings: each game gets its thread at the start."""
    async with bot_env(database, seed, **options) as env:
        guild = env.create_guild("Meeple Hall")
        yield Table(env, guild, guild.create_text_channel("carcassonne"))


@pytest.fixture
async def table(env) -> Table:
    guild = env.create_guild("Meeple Hall")
    return Table(env, guild, guild.create_text_channel("carcassonne"))


def game_thread(table: Table) -> simcord.ChannelHandle:
    threads = table.channel.threads
    assert len(threads) == 1, threads
    return threads[0]


async def move_in(table: Table, where: simcord.ChannelHandle) -> simcord.InteractionResult:
    """The person on turn places the first legal placement, by slash in ``where``."""
    state = await table.state()
    move = first_move(state)
    actor = await table.on_turn()
    return await actor.slash(where, "carcassonne place",
                             position=f"{move.x},{move.y},{move.rotation}")


def texts(channel: simcord.ChannelHandle) -> list[str]:
    return [m.content or "" for m in channel.history()]


async def test_a_whole_game_lives_in_its_thread_and_its_result_comes_back_to_the_channel(
        database) -> None:
    async with thread_table(database, settle_timeout=AI_SETTLE) as table:
        alice = table.member("alice")
        await alice.slash(table.channel, "carcassonne new", ai=1, ai_level="easy")
        started = await alice.slash(table.channel, "carcassonne start")
        thread = game_thread(table)
        state = await table.state()
        assert state.row.thread_id == thread.id
        # The channel's one line names the thread; the thread is named after the game.
        assert f"<#{thread.id}>" in started.response.content
        assert "has begun" in started.response.content and not started.response.attachments
        assert thread.name.startswith("Carcassonne #1: ")  # then the seats, in order
        assert sorted(thread.name.split(": ")[1].split(", ")) == ["AI Easy 1", "alice"]
        assert alice.id in table.env.backend.channels[thread.id].thread_members
        in_channel = len(table.channel.history())  # the lobby and the line

        for _ in range(60):
            state = await table.state()
            if state.row.status != "running":
                break
            tile = state.game.hand[-1]
            placement = app_input.placements(state, tile)[0]
            result = await alice.slash(thread, "carcassonne place", tile=tile.id,
                                       position=f"{placement.x},{placement.y},"
                                                f"{placement.rotation}")
            assert not result.ephemeral, result.response.content
        state = await table.state()
        assert state.row.status == "finished"

        # Turns in the thread; in the channel only the result, with the final map.
        assert sum("your turn" in text for text in texts(thread)) > 20
        channel = table.channel.history()
        assert len(channel) == in_channel + 1
        final = channel[-1]
        assert "Game over" in final.content
        assert any(a.filename.startswith("board-") for a in final.attachments)
        # The last move's answer in the thread points to the result.
        assert "Posted in the game's place" in texts(thread)[-1]


async def test_a_spectator_follows_the_thread_sees_every_turn_and_may_look_but_not_play(
        table) -> None:
    await table.started("alice", "bob")
    thread = game_thread(table)
    carol = table.member("carol")
    table.env.backend.add_thread_member(thread.id, carol.id)
    await move_in(table, thread)
    await move_in(table, thread)
    seen = [m for m in thread.history(viewer=carol) if "your turn" in (m.content or "")]
    assert len(seen) == 3  # the first turn and the two moves
    # The game's buttons are the players'.
    turn = seen[-1]
    assert any(c.startswith("carc:play:") for c in custom_ids(turn))
    refused = await carol.click(turn, label="Play your turn")
    assert refused.ephemeral and "not playing in this game" in refused.response.content
    panel = await (await table.on_turn()).click(turn, label="Play your turn")
    assert panel.ephemeral and custom_ids(panel.response)
    # The read-only commands work in the thread, for anyone.
    for command in ("status", "board", "tiles", "history"):
        answer = await carol.slash(thread, f"carcassonne {command}")
        assert answer.response is not None, command
        assert "no game" not in (answer.response.content or "").lower(), command
    status = await carol.slash(thread, "carcassonne status")
    assert "Carcassonne #1" in status.response.embeds[0].title
    # A move is refused to her as in the channel.
    denied = await carol.slash(thread, "carcassonne place", position="0,1,0")
    assert denied.ephemeral


async def test_an_archived_thread_is_reopened_when_the_game_posts(table) -> None:
    # Started by the lobby's button: the channel's line, the first turn in the thread.
    alice = table.member("alice")
    lobby = (await alice.slash(table.channel, "carcassonne new")).response
    await table.member("bob").slash(table.channel, "carcassonne join")
    await alice.click(lobby, label="Start")
    thread = game_thread(table)
    assert "has begun in" in table.channel.history()[-1].content
    assert "your turn" in thread.history()[-1].content
    backend = table.env.backend
    backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    backend.announce_channel_update(thread.id)
    assert backend.channels[thread.id].thread_metadata.archived
    before = len(thread.history())
    # A move typed in the channel: its turn message goes to the thread, reopened.
    answer = await move_in(table, table.channel)
    assert not backend.channels[thread.id].thread_metadata.archived
    assert len(thread.history()) == before + 1
    assert "your turn" in thread.history()[-1].content
    assert "Posted in the game's place" in answer.response.content
    assert f"/{thread.id}/" in answer.response.content


async def test_a_deleted_thread_does_not_lose_the_game_which_goes_on_in_its_channel(
        table) -> None:
    await table.started("alice", "bob")
    thread = game_thread(table)
    table.env.backend.delete_channel(thread.id)
    await move_in(table, table.channel)
    state = await table.state()
    assert state.row.thread_id is None and state.row.status == "running"
    told = [text for text in texts(table.channel) if "thread was deleted" in text]
    assert len(told) == 1 and "your turn" in told[0]
    # The game goes on in the channel, which is said once.
    answer = await move_in(table, table.channel)
    assert "your turn" in answer.response.content
    assert "thread was deleted" not in answer.response.content
    assert (await table.state()).turn == state.turn + 1


async def test_running_games_stay_where_they_are_when_the_setting_changes(table) -> None:
    await table.started("alice", "bob")
    thread = game_thread(table)
    changed = await table.admin().slash(table.channel, "carcassonne settings", threads=False)
    assert changed.ephemeral and "Saved." in changed.response.content
    before = len(thread.history())
    await move_in(table, thread)
    assert len(thread.history()) == before + 1
    # A new game of the channel is then played in the channel.
    other = table.guild.create_text_channel("other")
    await table.started("carol", "dave", channel=other)
    assert other.threads == []


async def test_without_create_public_threads_the_game_is_played_in_its_channel_saying_why(
        env) -> None:
    guild = env.create_guild("Meeple Hall")
    channel = guild.create_text_channel("carcassonne", overwrites={
        guild.me: discord.PermissionOverwrite(create_public_threads=False)})
    table = Table(env, guild, channel)
    lobby = (await table.member("alice").slash(channel, "carcassonne new")).response
    assert "Create Public Threads" in lobby.content  # said at once
    await table.member("bob").slash(channel, "carcassonne join")
    started = await table.member("alice").slash(channel, "carcassonne start")
    assert channel.threads == []
    assert "Create Public Threads" in started.response.content
    assert "played in this channel" in started.response.content
    assert started.response.attachments  # the first turn, here


async def test_new_in_a_thread_is_refused_with_the_way_to_open_a_game(table) -> None:
    await table.started("alice", "bob")
    thread = game_thread(table)
    refused = await table.member("carol").slash(thread, "carcassonne new")
    assert refused.ephemeral
    assert "not in a thread" in refused.response.content


async def test_games_lists_the_servers_running_games_with_their_threads_and_turns(
        table) -> None:
    await table.started("alice", "bob")
    thread = game_thread(table)
    other = table.guild.create_text_channel("other")
    await table.member("carol").slash(other, "carcassonne new")
    listed = await table.member("zoe").slash(other, "carcassonne games")
    assert listed.ephemeral
    text = listed.response.embeds[0].description
    assert f"<#{thread.id}>" in text and "'s turn since <t:" in text
    assert text.count("\n") == 0  # the lobby is not running


async def test_reminders_and_a_missed_deadline_are_told_in_the_thread_not_the_channel(
        table) -> None:
    await table.started("alice", "bob")
    thread = game_thread(table)
    await table.member("alice").slash(thread, "carcassonne deadline", hours=13)
    in_channel = len(table.channel.history())
    await table.env.advance_time(12 * 3600)  # a reminder
    await table.env.advance_time(3600)  # the deadline: skipped
    said = texts(thread)
    assert "it is still your turn" in said[-2] and "Reminder 1 of 3" in said[-2]
    skipped = thread.history()[-1]
    assert "your turn" in said[-1] and "missed" in skipped.embeds[0].description
    assert len(table.channel.history()) == in_channel


async def test_cancelling_a_game_played_in_a_thread_tells_the_other_place_too(
        table) -> None:
    """Gap 3: ``cancel`` typed in the thread tells the channel, and typed in the
    channel tells the thread."""
    await table.started("alice", "bob")
    thread = game_thread(table)
    answer = await table.member("alice").slash(thread, "carcassonne cancel")
    assert "was cancelled by" in answer.response.content
    [told] = [text for text in texts(table.channel) if "was cancelled by" in text]
    assert told == answer.response.content

    await table.started("carol", "dave")
    [_, second] = table.channel.threads
    answer = await table.member("carol").slash(table.channel, "carcassonne cancel")
    assert "Carcassonne #2 was cancelled by" in answer.response.content
    assert [text for text in texts(second) if "was cancelled by" in text] == [
        answer.response.content]
    assert sum("was cancelled by" in text for text in texts(thread)) == 1  # its own


async def test_the_lobbys_no_thread_note_stays_when_its_buttons_are_used(env) -> None:
    """Gap 4: the note said at ``new`` that the bot cannot open a thread here is kept
    when a lobby button redraws the lobby, while it is true."""
    guild = env.create_guild("Meeple Hall")
    channel = guild.create_text_channel("carcassonne", overwrites={
        guild.me: discord.PermissionOverwrite(create_public_threads=False)})
    table = Table(env, guild, channel)
    lobby = (await table.member("alice").slash(channel, "carcassonne new")).response
    assert "Create Public Threads" in lobby.content
    for who, label in (("bob", "Join"), ("bob", "Leave"), ("bob", "Join")):
        clicked = await table.member(who).click(lobby, label=label)
        assert not clicked.ephemeral, clicked.response.content
        shown = next(m for m in channel.history() if m.id == lobby.id)
        assert "Create Public Threads" in shown.content, label

    # Where the bot may open threads, no note comes with a click.
    other = guild.create_text_channel("open")
    opened = (await table.member("carol").slash(other, "carcassonne new")).response
    await table.member("dave").click(opened, label="Join")
    assert not next(m for m in other.history() if m.id == opened.id).content


async def test_the_link_answering_a_move_typed_in_the_other_place_is_for_the_mover_only(
        table) -> None:
    """Gap 5: the move is posted for everyone in the game's thread; the command typed
    in the channel is answered with a link for the mover alone."""
    await table.started("alice", "bob")
    thread = game_thread(table)
    in_channel, in_thread = len(table.channel.history()), len(thread.history())
    answer = await move_in(table, table.channel)
    assert answer.ephemeral
    assert "Posted in the game's place" in answer.response.content
    assert f"/{thread.id}/" in answer.response.content
    assert len(table.channel.history()) == in_channel  # nothing new for everyone here
    assert len(thread.history()) == in_thread + 1
    assert "your turn" in thread.history()[-1].content
    # Typed in the thread, the move answers there for all, as before.
    answer = await move_in(table, thread)
    assert not answer.ephemeral and "your turn" in answer.response.content


async def test_a_move_typed_in_the_channel_whose_thread_refuses_it_waits_there(
        table) -> None:
    """Gap 5, the link's other side: when the thread refuses the move's message, the
    mover sees it privately, and it waits for the next command in the thread."""
    from simcord.backend.models import Overwrite
    from simcord.enums import OverwriteType

    await table.started("alice", "bob")
    thread = game_thread(table)
    denied = discord.Permissions(send_messages_in_threads=True).value
    table.env.backend.edit_channel(table.channel.id, {}, overwrites=[
        Overwrite(target_id=table.bot.user.id, type=OverwriteType.MEMBER, allow=0,
                  deny=denied)])
    in_channel = len(table.channel.history())
    answer = await move_in(table, table.channel)
    assert answer.ephemeral and "your turn" in answer.response.content
    assert len(table.channel.history()) == in_channel
    await table.member("bob").slash(thread, "carcassonne status")
    late = [text for text in texts(thread) if "could not post this" in text]
    assert len(late) == 1 and "your turn" in late[0]
