"""Whole games played through Discord, to the final scoring; in each, no message a
player sees names a port, cites a rule code or quotes a catalogue note (issue 9)."""

from __future__ import annotations

import json

import pytest
from bot_support import assert_player_words, first_move, mentions, scoring_move, values, verify

from bot.app import input as app_input
from engine import Game


async def test_a_full_two_player_game(table, tmp_path) -> None:
    await table.started("alice", "bob")
    sealed = table.channel.last_message.embeds[0].footer.text  # the bag's seal, at the start
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
    *fields, digest = final.embeds[0].fields
    names = [f.name for f in fields]
    assert all(any(p.name in n for n in names) for p in state.players)
    ranked = sorted(range(len(state.players)), key=lambda s: (-outcome.scores[s], s))
    for seat, field in zip(ranked, fields, strict=True):  # by rank (issue 18, fault 6)
        assert field.value.split("\n")[0].endswith(f": **{outcome.scores[seat]}**")
    assert not final.components  # no "Play your turn" after the end
    assert scored

    # The game stays readable in the channel, and the record replays to the same score.
    exported = await table.member("carol").slash(table.channel, "carcassonne export")
    record = json.loads(await exported.response.attachments[0].read())
    assert record["finished"] is True and "seed" in record
    assert Game.from_record(record).outcome() == outcome
    # Its seed is the one sealed at the start, and deals every tile of the game.
    assert f"Bag seal (SHA-256): {record['commitment']}" in sealed
    checked = verify(await exported.response.attachments[0].read(), tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert f"the seed matches the commitment {record['commitment'][:16]}" in checked.stdout
    # Issue 18, fault 10: the final result carries the record's digest, which verify
    # prints for the exported record: what the channel saw, against the file.
    assert digest.name == "Record digest (SHA-256)"
    assert f"record digest: {digest.value.strip('`')}" in checked.stdout
    status = await table.member("carol").slash(table.channel, "carcassonne status")
    assert status.response.embeds[0].title.endswith(": finished")
    assert f"`{record['seed']}`" in [f.value for f in status.response.embeds[0].fields]
    late = await table.member("alice").slash(table.channel, "carcassonne place", position="9,9,0")
    assert late.ephemeral
    # A new game can open in the channel.
    assert not (await table.member("bob").slash(table.channel, "carcassonne new")).ephemeral
    assert assert_player_words(table.env) > 300


@pytest.mark.parametrize("options", [
    {"river": True},
    {"winter": True, "hand": 3},
    {"game": "hunters-and-gatherers"},
    {"inns_cathedrals": True},
    {"traders_builders": True},
    {"inns_cathedrals": True, "traders_builders": True, "river": True, "hand": 3},
], ids=["river", "winter-hand", "hunters-and-gatherers", "inns-and-cathedrals",
        "traders-and-builders", "both-river-hand"])
async def test_every_kind_of_game_plays_to_its_end(table, options) -> None:
    await table.started("alice", "bob", "carol", **options)
    for _ in range(160):
        state = await table.state()
        if state.row.status != "running":
            break
        tile = state.game.hand[-1]  # with a hand, play the last tile of it
        placement = app_input.placements(state, tile)[0]
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
    assert assert_player_words(table.env) > 300


@pytest.mark.parametrize("options", [{}, {"inns_cathedrals": True, "traders_builders": True}],
                         ids=["base", "both-expansions"])
async def test_a_whole_game_with_every_follower_chosen_by_its_number(table, options) -> None:
    """Issue 9: players choose a follower spot by the number the preview draws on it
    (spot k is the k-th of the engine's options); the suggestions offer the numbers
    with the spots' words, and the follower stands where that number is. With the
    expansions the spots include the big follower, the builder and the pig (IC-10,
    TB-14, TB-23), and double turns come (TB-17)."""
    await table.started("alice", "bob", **options)
    followers = 0
    for turn in range(160):
        state = await table.state()
        if state.row.status != "running":
            break
        me = await table.on_turn()
        tile = state.game.tile
        placements = app_input.placements(state, tile)
        placement = placements[turn % len(placements)]
        position = f"{placement.x},{placement.y},{placement.rotation}"
        options = state.game.legal_figures(placement, tile)
        given = {"position": position}
        if options and state.game.supply(state.game.current_player).meeples:
            offered = await me.autocomplete(table.channel, "carcassonne place", "follower", "",
                                            position=position)
            assert values(offered) == ["none", *(str(n) for n in range(1, len(options) + 1))]
            number = turn % len(options) + 1
            given["follower"] = str(number)
        result = await me.slash(table.channel, "carcassonne place", **given)
        assert not result.ephemeral, result.response.content
        if "follower" in given:
            followers += 1
            chosen = options[number - 1]
            placed = (await table.state()).game.history[state.turn].action
            assert (placed.figure, placed.port) == (chosen.figure, chosen.port)
    else:
        raise AssertionError("the game did not end in 160 moves")
    assert (await table.state()).game.is_over and followers >= 14  # 7 each, and more
    assert_player_words(table.env)
