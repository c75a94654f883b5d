"""Opening, joining, leaving and starting games."""

from __future__ import annotations

import discord
import pytest
from bot_support import custom_ids, mentions

from bot.errors import NoGame
from bot.storage import LOBBY


async def test_new_posts_a_lobby_with_join_leave_start(table) -> None:
    alice = table.member("alice")
    result = await alice.slash(table.channel, "carcassonne new", river=True, farmers="1st", hand=2)
    assert not result.ephemeral
    message = result.response
    embed = message.embeds[0]
    assert "River" in embed.description and "1st edition" in embed.description
    assert "hand of 2" in embed.description
    assert alice.mention in embed.fields[0].value
    state = await table.state()
    assert custom_ids(message)[:3] == [f"carc:lobby:{state.id}:{a}"
                                       for a in ("join", "leave", "start")]
    assert custom_ids(message)[3] == f"carc:lobby:{state.id}:rated"  # the host's (issue 22)
    assert custom_ids(message)[4:] == [f"carc:lobby:{state.id}:ai-{a}"  # the host's AI seats
                                       for a in ("easy", "medium", "hard", "remove")]
    assert state.row.status == "lobby" and state.row.lobby_message_id == message.id
    assert state.row.options == {"game": "carcassonne", "river": True, "farmers": "1st", "hand": 2}


async def test_join_and_leave_by_buttons_update_the_lobby(table) -> None:
    alice, bob = table.member("alice"), table.member("bob")
    lobby = (await alice.slash(table.channel, "carcassonne new")).response
    joined = await bob.click(lobby, label="Join")
    assert bob.mention in joined.response.embeds[0].fields[0].value
    assert "(2/5)" in joined.response.embeds[0].fields[0].name
    again = await bob.click(lobby, label="Join")
    assert again.ephemeral and again.response.content == "You are already in this game."
    left = await bob.click(lobby, label="Leave")
    assert bob.mention not in left.response.embeds[0].fields[0].value
    assert [p.name for p in (await table.state()).players] == ["alice"]


async def test_start_needs_the_host_and_two_players(table) -> None:
    alice, bob = table.member("alice"), table.member("bob")
    lobby = (await alice.slash(table.channel, "carcassonne new")).response
    alone = await alice.click(lobby, label="Start")
    assert alone.ephemeral and "needs 2 to 5 players" in alone.response.content
    await bob.slash(table.channel, "carcassonne join")
    not_host = await bob.slash(table.channel, "carcassonne start")
    assert not_host.ephemeral and not_host.response.content == "Only the host can start the game."
    assert (await table.state()).row.status == "lobby"

    started = await alice.click(lobby, label="Start")
    assert not started.ephemeral
    # The lobby's buttons are now disabled and the first turn is announced.
    components = started.response.components[0]["components"]
    assert all(c["disabled"] for c in components)
    turn = table.channel.last_message
    state = await table.state()
    assert state.row.status == "running" and state.current is not None
    assert mentions(turn.content) == [state.current.id]
    assert custom_ids(turn) == [f"carc:play:{state.id}:0", f"carc:map:{state.id}:map",
                                f"carc:map:{state.id}:features"]
    assert {p.id for p in state.players} == {alice.id, bob.id}


async def test_at_most_five_players(table) -> None:
    names = ["p1", "p2", "p3", "p4", "p5", "p6"]
    await table.member(names[0]).slash(table.channel, "carcassonne new")
    for name in names[1:5]:
        assert not (await table.member(name).slash(table.channel, "carcassonne join")).ephemeral
    full = await table.member(names[5]).slash(table.channel, "carcassonne join")
    assert full.ephemeral and "full" in full.response.content


async def test_hunters_and_gatherers_refuses_a_carcassonne_option_by_its_name(table) -> None:
    """D-41, in the engine's words (OptionsError's reason and facts): the refusal names
    the option, and no lobby opens."""
    alice = table.member("alice")
    for option, value in (("river", True), ("inns_cathedrals", True), ("farmers", "1st")):
        refused = await alice.slash(table.channel, "carcassonne new",
                                    game="hunters-and-gatherers", **{option: value})
        assert refused.ephemeral and refused.response.content.endswith(
            ": a Carcassonne option; Hunters and Gatherers is played without it."), option
    with pytest.raises(NoGame):
        await table.bot.app.queries.row(table.guild.id, channel_id=table.channel.id)
    opened = await alice.slash(table.channel, "carcassonne new", game="hunters-and-gatherers")
    assert not opened.ephemeral


async def test_six_players_with_inns_and_cathedrals(table) -> None:
    """IC-8, IC-O1: a sixth seat (grey, mark 6) with Inns & Cathedrals, never a seventh."""
    names = ["p1", "p2", "p3", "p4", "p5", "p6", "p7"]
    await table.member(names[0]).slash(table.channel, "carcassonne new", inns_cathedrals=True)
    for name in names[1:6]:
        joined = await table.member(name).slash(table.channel, "carcassonne join")
        assert not joined.ephemeral and joined.response.content.endswith("(6/6)." if name == "p6"
                                                                          else ").")
    full = await table.member(names[6]).slash(table.channel, "carcassonne join")
    assert full.ephemeral and "6 players at most" in full.response.content
    started = await table.member(names[0]).slash(table.channel, "carcassonne start")
    assert not started.ephemeral, started.response.content
    state = await table.state()
    assert len(state.game.players) == 6 and state.game.options.inns_cathedrals


async def test_one_open_game_per_channel_any_number_per_server(table) -> None:
    alice, bob = table.member("alice"), table.member("bob")
    await alice.slash(table.channel, "carcassonne new")
    second = await bob.slash(table.channel, "carcassonne new")
    assert second.ephemeral and "already has a game" in second.response.content
    other = table.guild.create_text_channel("other")
    # Bob hosts a game elsewhere and alice plays in both.
    await table.started("bob", "alice", channel=other)
    await bob.slash(table.channel, "carcassonne join")
    state = await table.state()
    assert [p.name for p in state.players] == ["alice", "bob"]
    assert (await table.state(other)).row.status == "running"


async def test_host_leaving_hands_the_game_on_and_the_last_closes_it(table) -> None:
    alice, bob = table.member("alice"), table.member("bob")
    await alice.slash(table.channel, "carcassonne new")
    await bob.slash(table.channel, "carcassonne join")
    await alice.slash(table.channel, "carcassonne leave")
    state = await table.state()
    assert state.row.host_id == bob.id
    closed = await bob.slash(table.channel, "carcassonne leave")
    assert "closed" in closed.response.content
    empty = await bob.slash(table.channel, "carcassonne join")
    assert empty.ephemeral and "no game in this channel" in empty.response.content
    status = await bob.slash(table.channel, "carcassonne status")
    assert status.response.embeds[0].title.endswith(": cancelled")


async def test_incompatible_options_are_refused_with_the_reason(table) -> None:
    result = await table.member("alice").slash(
        table.channel, "carcassonne new", game="hunters-and-gatherers", river=True
    )
    assert result.ephemeral and "river" in result.response.content.lower()
    hunters = await table.member("alice").slash(
        table.channel, "carcassonne new", game="hunters-and-gatherers"
    )
    assert "Hunters and Gatherers" in hunters.response.embeds[0].title


async def test_commands_without_a_game_answer_privately(table) -> None:
    alice = table.member("alice")
    for command in ("join", "leave", "start", "board", "status", "tiles", "export", "cancel"):
        result = await alice.slash(table.channel, f"carcassonne {command}")
        assert result.ephemeral, command
        assert "no game in this channel" in result.response.content.lower(), command
    placed = await alice.slash(table.channel, "carcassonne place", position="1,0,0")
    assert placed.ephemeral and "no game in this channel" in placed.response.content.lower()


async def test_leaving_a_running_game_is_refused(table) -> None:
    await table.started("alice", "bob")
    result = await table.member("bob").slash(table.channel, "carcassonne leave")
    assert result.ephemeral and "has started" in result.response.content


async def test_lobby_message_lists_players_after_slash_join(table) -> None:
    alice, bob = table.member("alice"), table.member("bob")
    lobby = (await alice.slash(table.channel, "carcassonne new")).response
    await bob.slash(table.channel, "carcassonne join")
    refreshed = next(m for m in table.channel.history() if m.id == lobby.id)
    assert isinstance(refreshed, discord.Message)
    assert bob.mention in refreshed.embeds[0].fields[0].value


async def test_a_lobby_has_no_map_yet(table) -> None:
    alice = table.member("alice")
    await alice.slash(table.channel, "carcassonne new")
    for command in ("board", "tiles", "export"):
        result = await alice.slash(table.channel, f"carcassonne {command}")
        assert result.ephemeral and "not started yet" in result.response.content, command
    status = (await alice.slash(table.channel, "carcassonne status")).response.embeds[0]
    assert status.title.endswith(": waiting for players")
    assert {f.name: f.value for f in status.fields}["Host"] == alice.mention


def _no_posting(env, channel) -> None:
    """Take Send Messages away from the bot in ``channel`` (as a moderator would)."""
    from simcord.backend.models import Overwrite
    from simcord.enums import OverwriteType

    denied = discord.Permissions(send_messages=True).value
    env.backend.edit_channel(channel.id, {}, overwrites=[
        Overwrite(target_id=env.bot.user.id, type=OverwriteType.MEMBER, allow=0, deny=denied)])


async def test_fault_2_a_channel_the_bot_cannot_post_in_is_refused_at_new_and_start(
        table) -> None:
    """Issue 18, fault 2: without Send Messages the bot could never call a turn; it says
    so at ``new`` and ``start``, naming what is missing, and nothing is opened."""
    closed = table.guild.create_text_channel(
        "quiet", overwrites={table.env.bot.user: discord.PermissionOverwrite(
            send_messages=False, attach_files=False)})
    alice, bob = table.member("alice"), table.member("bob")
    refused = await alice.slash(closed, "carcassonne new")
    assert refused.ephemeral
    assert "**Send Messages** and **Attach Files**" in refused.response.content
    with pytest.raises(NoGame):
        await table.bot.app.queries.state(table.guild.id, channel_id=closed.id)

    await alice.slash(table.channel, "carcassonne new")
    await bob.slash(table.channel, "carcassonne join")
    _no_posting(table.env, table.channel)
    refused = await alice.slash(table.channel, "carcassonne start")
    assert refused.ephemeral and "**Send Messages**" in refused.response.content
    assert (await table.state()).row.status == LOBBY
