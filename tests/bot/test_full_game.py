"""A whole two-player game played through Discord, to the final scoring."""

from __future__ import annotations

import json

import pytest
from bot_support import first_move, mentions, scoring_move

from bot.games import GameService
from engine import Game


async def test_a_full_two_player_game(table) -> None:
    await table.started("alice", "bob")
    turns = scored = 0
    while True:
        state = await table.state()
        if state.row.status != "running":
            break
        # Now and then take a follower that scores at once, so the game has scoring in it.
        move = scoring_move(state) if scored < 3 and turns % 4 == 0 else None
        scored += move is not None
        result = await table.place(move or first_move(state))
        assert not result.ephemeral, result.response.content
        turns += 1
        assert turns < 100
    final = result.response
    game = state.game
    assert state.row.status == "finished" and game.is_over
    outcome = game.outcome()
    assert "Game over" in final.content
    assert mentions(final.content) == [state.players[s].id for s in outcome.winners]
    names = [f.name for f in final.embeds[0].fields]
    assert all(any(p.name in n for n in names) for p in state.players)
    for seat, field in enumerate(final.embeds[0].fields):
        assert field.value.endswith(f": **{outcome.scores[seat]}**")
    assert not final.components  # no "Play your turn" after the end
    assert scored

    # The game stays readable in the channel, and the record replays to the same score.
    exported = await table.member("carol").slash(table.channel, "carcassonne export")
    record = json.loads(await exported.response.attachments[0].read())
    assert record["finished"] is True and "seed" in record
    assert Game.from_record(record).outcome() == outcome
    status = await table.member("carol").slash(table.channel, "carcassonne status")
    assert status.response.embeds[0].title.endswith(": finished")
    late = await table.member("alice").slash(table.channel, "carcassonne place", position="9,9,0")
    assert late.ephemeral
    # A new game can open in the channel.
    assert not (await table.member("bob").slash(table.channel, "carcassonne new")).ephemeral


@pytest.mark.parametrize("options", [
    {"river": True},
    {"winter": True, "hand": 3},
    {"game": "hunters-and-gatherers"},
], ids=["river", "winter-hand", "hunters-and-gatherers"])
async def test_every_kind_of_game_plays_to_its_end(table, options) -> None:
    await table.started("alice", "bob", "carol", **options)
    for _ in range(120):
        state = await table.state()
        if state.row.status != "running":
            break
        tile = state.game.hand[-1]  # with a hand, play the last tile of it
        placement = GameService.placements(state, tile)[0]
        result = await (await table.on_turn()).slash(
            table.channel, "carcassonne place",
            position=f"{placement.x},{placement.y},{placement.rotation}", tile=tile.id)
        assert not result.ephemeral, result.response.content
    final = await table.state()
    assert final.row.status == "finished" and final.game.is_over
    winners = final.game.outcome().winners
    last = result.followups[-1] if result.followups else result.response
    assert "Game over" in last.content
    assert mentions(last.content) == [final.players[s].id for s in winners]
    exported = await table.member("alice").slash(table.channel, "carcassonne export")
    record = json.loads(await exported.response.attachments[0].read())
    assert Game.from_record(record).outcome() == final.game.outcome()
