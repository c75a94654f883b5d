"""Server settings, a game's own turn clock, tidying, my games, history, the chart."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import timedelta

from bot_support import custom_ids, mentions
from PIL import Image

from bot import records
from engine import Game
from render.chart import HEIGHT, WIDTH

HOUR = 3600.0


async def test_only_members_with_manage_server_change_the_settings(table) -> None:
    alice, boss = table.member("alice"), table.admin()
    shown = await alice.slash(table.channel, "carcassonne settings")
    assert shown.ephemeral and "every 12 h" in shown.response.embeds[0].description
    denied = await alice.slash(table.channel, "carcassonne settings", reminder_hours=2)
    assert denied.ephemeral and "Manage Server" in denied.response.content
    turns = table.bot.app.settings
    assert (await turns.server_settings(table.guild.id)).rules.reminder_hours == 12

    saved = await boss.slash(
        table.channel,
        "carcassonne settings",
        reminder_hours=2,
        deadline_hours=48,
        policy="remove",
        remove_after=2,
        tidy=True,
    )
    assert saved.ephemeral and saved.response.content == "Saved."
    settings = await turns.server_settings(table.guild.id)
    assert (settings.rules.reminder_hours, settings.rules.deadline_hours) == (2, 48)
    assert (settings.rules.policy, settings.rules.remove_after, settings.tidy) == (
        "remove",
        2,
        True,
    )


async def test_new_server_defaults_apply_to_running_games_at_once(table) -> None:
    state = await table.started("alice", "bob")
    await table.admin().slash(table.channel, "carcassonne settings", reminder_hours=2)
    await table.env.advance_time(2 * HOUR)
    last = table.channel.last_message
    assert last.content.startswith("⏰") and mentions(last.content) == [state.current.id]


async def test_games_open_only_in_the_channels_the_server_allows(table) -> None:
    boss, alice = table.admin(), table.member("alice")
    other = table.guild.create_text_channel("games")
    await boss.slash(table.channel, "carcassonne settings", allow_channel=other)
    refused = await alice.slash(table.channel, "carcassonne new")
    assert refused.ephemeral and f"<#{other.id}>" in refused.response.content
    assert not (await alice.slash(other, "carcassonne new")).ephemeral
    await boss.slash(table.channel, "carcassonne settings", all_channels=True)
    assert not (await alice.slash(table.channel, "carcassonne new")).ephemeral


async def test_only_the_host_sets_a_games_turn_clock(table) -> None:
    await table.started("alice", "bob")
    denied = await table.member("bob").slash(table.channel, "carcassonne deadline", hours=6)
    assert denied.ephemeral and "host" in denied.response.content
    shown = await table.member("bob").slash(table.channel, "carcassonne deadline")
    assert shown.ephemeral and "Turn deadline**: none" in shown.response.embeds[0].description
    await table.member("alice").slash(table.channel, "carcassonne deadline", hours=6)
    state = await table.state()
    pending = await table.bot.app.timers.pending(state.id)
    assert pending["deadline"].turn == state.turn and pending["reminder"].turn == state.turn
    assert pending["deadline"].expires_at == state.row.turn_started_at + timedelta(hours=6)


async def test_a_clock_set_in_the_lobby_starts_with_the_game(table) -> None:
    alice = table.member("alice")
    await alice.slash(table.channel, "carcassonne new")
    set_up = await alice.slash(
        table.channel, "carcassonne deadline", hours=8, policy="skip", reminder_hours=3
    )
    assert not set_up.ephemeral
    await table.member("bob").slash(table.channel, "carcassonne join")
    await alice.slash(table.channel, "carcassonne start")
    state = await table.state()
    pending = await table.bot.app.timers.pending(state.id)
    assert pending["reminder"].expires_at == state.row.turn_started_at + timedelta(hours=3)
    assert pending["deadline"].expires_at == state.row.turn_started_at + timedelta(hours=8)


async def test_finished_games_buttons_are_tidied_when_the_server_wants_it(table) -> None:
    await table.admin().slash(table.channel, "carcassonne settings", tidy=True)
    state = await table.started("alice", "bob")
    await table.env.advance_time(12 * HOUR)  # a reminder, with its button
    await table.place()  # a turn message, with its button
    # and one more by the buttons: the turn panel, its first placement, Confirm
    player = await table.on_turn()
    panel = (await player.click(table.channel.last_message, label="Play your turn")).response
    pick = next(c for c in custom_ids(panel) if c.startswith("carc:pos:"))
    first = panel.components[0]["components"][0]["options"][0]["value"]
    panel = (await player.select(panel, [first], custom_id=pick)).response
    await player.click(panel, label="Confirm")
    prefix = f"carc:play:{state.id}:"
    with_buttons = [
        m for m in table.channel.history() if any(c.startswith(prefix) for c in custom_ids(m))
    ]
    assert len(with_buttons) >= 4
    await table.member("alice").slash(table.channel, "carcassonne cancel")
    left = [m for m in table.channel.history() if any(c.startswith(prefix) for c in custom_ids(m))]
    assert left == []
    lobby = [m for m in table.channel.history() if any("carc:lobby:" in c for c in custom_ids(m))]
    assert lobby == []
    # The bot noted its messages as it sent them: it never reads the channel's history.
    reads = [r for r in table.env.http_requests if r.method == "GET" and "/messages" in r.path]
    assert reads == []


async def test_without_tidying_the_buttons_stay(table) -> None:
    state = await table.started("alice", "bob")
    await table.member("alice").slash(table.channel, "carcassonne cancel")
    prefix = f"carc:play:{state.id}:"
    assert any(c.startswith(prefix) for m in table.channel.history() for c in custom_ids(m))


async def test_my_games_lists_running_games_across_channels(table) -> None:
    other = table.guild.create_text_channel("second-table")
    await table.started("alice", "bob")
    await table.started("alice", "carol", channel=other)
    alice = table.member("alice")
    listed = await alice.slash(table.channel, "carcassonne mygames")
    assert listed.ephemeral
    text = listed.response.embeds[0].description
    assert f"<#{table.channel.id}>" in text and f"<#{other.id}>" in text
    assert text.count("\n") == 1
    first = await table.state()
    mine_first = "your turn" in text.split("\n")[0]
    expect = first.current.id == alice.id or (await table.state(other)).current.id == alice.id
    assert mine_first == expect
    bob = await table.member("bob").slash(table.channel, "carcassonne mygames")
    assert bob.response.embeds[0].description.count("<#") == 1
    dave = await table.member("dave").slash(table.channel, "carcassonne mygames")
    assert "not playing" in dave.response.embeds[0].description


async def test_history_lists_the_moves_with_a_score_chart(table) -> None:
    await table.started("alice", "bob")
    await table.member("alice").slash(table.channel, "carcassonne deadline", hours=1)
    await table.place()
    await table.env.advance_time(HOUR)  # the next player misses the turn
    result = await table.member("carol").slash(table.channel, "carcassonne history")
    assert result.ephemeral  # hers (issue 20), with the button to share it
    embed = result.response.embeds[0]
    lines = embed.description.split("\n")
    state = await table.state()
    assert len(lines) == state.turn
    assert "missed the turn" in lines[-1]
    assert embed.image.url.startswith("attachment://scores-")
    assert result.response.attachments[0].filename.startswith("scores-")


async def test_the_final_scoring_of_a_game_finished_by_its_last_tile_carries_the_chart(
    table,
) -> None:
    state = await table.started("alice", "bob", farmers="off")
    # Play all but the last tile in the engine and save it, as a long game would be.
    game = state.game.copy()
    while game.tiles_left() > 0:
        game.play(_first(game))
    async with table.bot.storage.transaction() as tx:
        await tx.save_game(
            state.row,
            replace(state.row, record=records.stored(game), turn=game.turn),
            action="test",
            user_id=None,
            now=table.env.now(),
        )
    await table.env.advance_time(60)  # the turn saved by hand began a minute ago
    final = (await table.place()).response
    assert "Game over" in final.content
    name = f"scores-{state.id}.png"
    assert final.embeds[1].image.url == f"attachment://{name}"
    attached = {a.filename: a for a in final.attachments}
    over = await table.state()
    assert name in attached and f"board-{state.id}-{over.turn}.png" in attached
    chart = Image.open(io.BytesIO(await attached[name].read()))
    assert chart.size == (WIDTH, HEIGHT)
    await table.env.advance_time(HOUR)  # and no other post follows it
    assert table.channel.last_message.id == final.id


def _first(game: Game):
    from engine import Place

    placement = next(game.legal_placements())
    return Place(game.tile.id, placement.x, placement.y, placement.rotation)




async def test_regression_an_unknown_policy_is_refused_with_the_policies_translated_names(
    table,
) -> None:
    """A game's stored policy that this version does not know (written by a newer
    one) is refused when the host changes the clock, naming the policies as the
    reader says them, never the stored values ("nothing, skip, remove")."""
    from bot.i18n import Language, messages
    from bot.i18n.terms import POLICY_NAMES
    from bot.storage import Scope

    state = await table.started("alice", "bob")
    async with table.bot.storage.transaction() as tx:
        await tx.set_settings(Scope.GAME, state.id, {"policy": "kick"}, table.env.now())
    host = table.member("alice")
    for language in Language:
        await host.slash(table.channel, "carcassonne me", language=language.value)
        refused = await host.slash(table.channel, "carcassonne deadline", hours=5)
        t = messages(language)
        names = [t.term(POLICY_NAMES[policy]) for policy in ("nothing", "skip", "remove", "ai")]
        assert refused.ephemeral
        assert refused.response.content == t.gettext("The policy is one of {policies}.",
                                                      policies=t.list(names, "or"))
        assert "nothing, skip, remove" not in refused.response.content
