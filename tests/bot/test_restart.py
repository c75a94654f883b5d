"""A restart in the middle of a game: the database is the game."""

from __future__ import annotations

from bot_support import custom_ids, mentions

from bot import create_bot
from bot.app import input as app_input
from bot.naming import placement_value


async def restart(table, database: str) -> None:
    old = table.bot
    await old.close()  # the old process's database connections go with it
    await table.env.restart_bot(create_bot(database=database))


async def test_a_game_survives_a_restart_and_old_buttons_still_work(table, database) -> None:
    await table.started("alice", "bob", farmers="off")
    await table.place()
    before = await table.state()
    current_message = table.channel.last_message
    me = await table.on_turn()
    panel = (await me.click(current_message, label="Play your turn")).response

    await restart(table, database)

    after = await table.state()
    assert after.row == before.row  # rebuilt from the database by a fresh bot
    assert after.game.to_record() == before.game.to_record()
    assert after.game is not before.game
    # A component sent by the previous process works in the new one.
    target = app_input.placements(after, after.game.tile)[0]
    pos_select = next(c for c in custom_ids(panel) if c.startswith("carc:pos:"))
    picked = await me.select(panel, [placement_value(target)], custom_id=pos_select)
    confirmed = await me.click(picked.response, label="Confirm")
    assert confirmed.response.content.startswith("Played")
    assert (await table.state()).turn == before.turn + 1
    # ...and the button of the turn just played is now refused.
    stale = await me.click(current_message, label="Play your turn")
    assert stale.ephemeral and "earlier turn" in stale.response.content
    # Play goes on by slash command too.
    result = await table.place()
    assert not result.ephemeral
    final = await table.state()
    assert final.turn == before.turn + 2 and mentions(result.response.content) == [final.current.id]


async def test_a_lobby_survives_a_restart(table, database) -> None:
    alice, bob = table.member("alice"), table.member("bob")
    lobby = (await alice.slash(table.channel, "carcassonne new")).response
    await restart(table, database)
    joined = await bob.click(lobby, label="Join")
    assert bob.mention in joined.response.embeds[0].fields[0].value
    started = await alice.click(lobby, label="Start")
    assert not started.ephemeral
    assert (await table.state()).row.status == "running"
