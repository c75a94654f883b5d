"""Special turns through Discord: a Hunters-and-Gatherers bonus tile, a discard."""

from __future__ import annotations

from bot_support import DISCARD_SEED, mentions, move_with, seeded_table

from engine import BonusTileEarned, TileDiscarded


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


async def test_a_discarded_tile_is_announced(database) -> None:  # B-12
    async with seeded_table(database, DISCARD_SEED) as table:
        await table.started("alice", "bob")
        result = await table.place()
        state = await table.state()
        discards = [e for e in state.game.events if isinstance(e, TileDiscarded)]
        assert [d.tile for d in discards] == ["C"], "re-search DISCARD_SEED: the draws changed"
        text = turn_message(result).embeds[0].description
        assert "discard" in text.lower() and "C" in text
