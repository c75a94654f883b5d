"""Special turns through Discord: a Hunters-and-Gatherers bonus tile, a discard."""

from __future__ import annotations

import io

import simcord
from bot_support import Table, mentions
from PIL import Image

from bot import create_bot
from bot.games import GameState
from engine import BonusTileEarned, Game, Place, TileDiscarded


def move_with(state: GameState, wanted: type) -> Place | None:
    """A legal move of the tile on turn that causes an event of type ``wanted``."""
    game = state.game
    assert game is not None and game.tile is not None
    for placement in game.legal_placements():
        options = [None, *game.legal_figures(placement)]
        for option in options:
            move = Place(game.tile.id, *placement, option and option.figure,
                         option and option.port)
            trial = Game.from_record(state.row.record)
            if any(isinstance(e, wanted) for e in trial.play(move).events):
                return move
    return None


def turn_message(result):
    return result.followups[-1] if result.followups else result.response


async def test_a_bonus_tile_is_announced_and_placed_by_the_same_player(table) -> None:  # HG-32
    state = await table.started("alice", "bob", game="hunters-and-gatherers")
    for _ in range(40):
        move = move_with(state, BonusTileEarned)
        if move is not None:
            break
        await table.place()
        state = await table.state()
    else:
        raise AssertionError("no gold forest could be closed in 40 turns")
    closer = state.current
    result = await table.place(move)
    message = turn_message(result)
    after = await table.state()
    assert after.game.is_bonus_turn and after.current.id == closer.id
    assert "earned a bonus tile" in message.embeds[0].description
    assert "your bonus tile is" in message.content and mentions(message.content) == [closer.id]
    bonus_tile = after.game.tile.id
    placed = await table.place()
    assert not placed.ephemeral
    last = await table.state()
    assert last.game.history[-1].tile == bonus_tile and last.game.history[-1].bonus
    assert last.current.id != closer.id


#: A bot seed whose first base game, played by first legal placements, draws the
#: full city tile C right after the first move, where it fits nowhere (found by a
#: search over seeds with the engine alone; the test checks it still holds).
DISCARD_SEED = 131


async def test_a_discarded_tile_is_announced(database) -> None:  # B-12
    env = simcord.Env(create_bot(database=database, seed=DISCARD_SEED))
    await env.start()
    try:
        guild = env.create_guild("Discard Hall")
        table = Table(env, guild, guild.create_text_channel("carcassonne"))
        await table.started("alice", "bob")
        result = await table.place()
        state = await table.state()
        discards = [e for e in state.game.events if isinstance(e, TileDiscarded)]
        assert [d.tile for d in discards] == ["C"], "re-search DISCARD_SEED: the draws changed"
        text = turn_message(result).embeds[0].description
        assert "discard" in text.lower() and "C" in text
    finally:
        await env.shutdown()
        await env.bot.close()


async def test_the_turn_message_shows_the_next_tile_beside_the_map(table) -> None:
    await table.started("alice", "bob")
    result = await table.place()
    message = turn_message(result)
    state = await table.state()
    embed = message.embeds[0]
    name = f"tile-{state.id}-{state.turn}.png"
    assert embed.thumbnail.url == f"attachment://{name}"
    attached = {a.filename: a for a in message.attachments}
    assert name in attached and f"board-{state.id}-{state.turn}.png" in attached
    picture = Image.open(io.BytesIO(await attached[name].read()))
    assert picture.size == (128, 128)
