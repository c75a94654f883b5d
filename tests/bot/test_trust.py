"""Issue 9, "A bot players can trust": each fault found, pinned by a test named after it.

Faults 4 and 5 (the launcher) are in ``test_launcher.py``; the property test
over every free-text option is in ``test_hostile_input.py``.
"""

from __future__ import annotations

import pytest
from bot_support import (
    custom_ids,
    deliver,
    move_with,
    prepared_click,
    prepared_slash,
)

from bot.errors import BadInput
from bot.games import GameService
from bot.naming import parse_follower_input, parse_position, parse_tile, placement_value
from bot.replies import MAX_MESSAGE
from engine import BonusTileEarned, Game

#: Inputs of the shapes that froze the bot, at the 6,000 characters Discord allows.
HOSTILE = [
    "1,1" + " " * 5996 + "x",
    "1" * 6000,
    ",".join("1" * 3000),
    "A " + "²" * 5998,
    "(" * 6000,
    "t1:" + "9" * 5997,
    "hut:" * 1500,
]


def private_answer(result) -> str:
    """An ephemeral, specific answer that Discord accepts."""
    assert result.ephemeral, result.response.content
    text = result.response.content
    assert text and len(text) <= MAX_MESSAGE
    assert "Something went wrong" not in text
    return text


def select_id(message, prefix: str) -> str:
    return next(c for c in custom_ids(message) if c.startswith(prefix))


# ------------------------------------------------------------------ fault 1


async def test_regression_placement_regex_backtracking(table) -> None:
    """`position: "1,1" + 100 spaces + "x"` blocked the event loop for seconds."""
    state = await table.started("alice", "bob")
    me = await table.on_turn()
    # Discord lets at most 40 characters through; the worst shape of them is refused.
    text = "1,1" + " " * 36 + "x"
    answer = private_answer(await me.slash(table.channel, "carcassonne place", position=text))
    assert "is not a placement" in answer
    # Autocomplete gets whatever is typed: 6,000 characters are answered.
    for hostile in HOSTILE:
        for option in ("position", "follower", "tile"):
            choices = await me.autocomplete(
                table.channel, "carcassonne place", option, hostile, position=hostile
            )
            assert choices and all(1 <= len(c["name"]) <= 100 for c in choices)
    # And the parsers read any of them in one pass, refusing them.
    for hostile in HOSTILE:
        for parse in (parse_position, parse_follower_input, parse_tile):
            with pytest.raises(BadInput) as refused:
                parse(hostile)
            assert len(str(refused.value)) < 300  # never echoes the input
    assert (await table.state()).row.version == state.row.version


async def test_every_free_text_option_is_capped(env) -> None:
    root = env.bot.tree.get_commands()[0].to_dict(env.bot.tree)
    strings = [
        (sub["name"], option)
        for sub in root["options"]
        for option in sub.get("options") or []
        if option["type"] == 3 and not option.get("choices")
    ]
    assert {name for name, _ in strings} == {"place"}
    assert all(0 < option["max_length"] <= 40 for _, option in strings)


# ------------------------------------------------------------------ fault 2


async def test_regression_bonus_tile_race_double_move(table) -> None:  # HG-32
    """A /place sent at turn N together with the Confirm of turn N landed on the
    bonus turn N+1, with a tile the player never saw."""
    state = await table.started("alice", "bob", game="hunters-and-gatherers")
    for _ in range(60):
        move = move_with(state, BonusTileEarned)
        if move is not None:
            after = Game.from_record(state.row.record)
            after.play(move)
            if after.is_bonus_turn:
                break
        await table.place()
        state = await table.state()
    else:
        pytest.fail("no bonus tile was earned in 60 turns")
    bonus_spot = next(after.legal_placements())  # where the bonus tile could go
    me = await table.on_turn()
    panel = (await me.click(table.channel.last_message, label="Play your turn")).response
    picked = await me.select(panel, [placement_value(move.placement)],
                             custom_id=select_id(panel, "carc:pos:"))
    panel = picked.response
    if move.meeple or move.hut:
        value = move.meeple or f"hut:{move.hut}"
        panel = (await me.select(panel, [value], custom_id=select_id(panel, "carc:fig:"))).response
    suggested = await me.autocomplete(table.channel, "carcassonne place", "position", "")
    # Typed at turn N, still in flight while the Confirm of turn N is handled.
    typed = prepared_slash(table.env, me, table.channel, "carcassonne place",
                           position=placement_value(bonus_spot))
    confirmed = await me.click(panel, label="Confirm")
    assert confirmed.response.content.startswith("Played")
    bonus_turn = await table.state()
    assert bonus_turn.game.is_bonus_turn and bonus_turn.current.id == me.id
    [late] = await deliver(table.env, typed)
    assert "earlier turn" in private_answer(late)
    # A value suggested at turn N, sent after the bonus turn was announced: refused too.
    assert suggested[0]["value"].startswith(f"t{state.turn}:")
    stale = await me.slash(table.channel, "carcassonne place", position=suggested[0]["value"])
    assert "earlier turn" in private_answer(stale)
    now = await table.state()
    assert now.turn == bonus_turn.turn and now.row.version == bonus_turn.row.version
    # Typed after seeing the bonus tile, the same move is played.
    played = await me.slash(table.channel, "carcassonne place",
                            position=placement_value(bonus_spot))
    assert not played.ephemeral, played.response.content
    last = await table.state()
    assert last.game.history[-1]["bonus"] and last.turn == bonus_turn.turn + 1


async def test_a_typed_move_sent_before_its_turn_was_announced_is_refused(table) -> None:
    """The other player's typed move, sent before the turn passed to them."""
    state = await table.started("alice", "bob")
    first, second = await table.on_turn(), await table.off_turn()
    spot = GameService.placements(state, state.game.tile)[0]
    early = prepared_slash(table.env, second, table.channel, "carcassonne place",
                           position=placement_value(spot))
    await table.place()
    [late] = await deliver(table.env, early)
    assert "earlier turn" in private_answer(late)
    assert (await table.state()).turn == 1 and first.id != second.id


# ------------------------------------------------------------------ fault 3


async def test_regression_hand_with_two_tiles_of_a_kind_opens_the_panel(table) -> None:
    """A hand holding two tiles of one type gave the tile menu duplicate values:
    Discord refused the panel, turn after turn."""
    await table.started("alice", "bob", hand=3)
    for _ in range(60):
        state = await table.state()
        hand = [t.id for t in state.game.hand]
        if len(set(hand)) < len(hand):
            break
        await table.place()
    else:
        pytest.fail("no hand held two tiles of a kind in 60 turns")
    twice = next(tile for tile in hand if hand.count(tile) > 1)
    me = await table.on_turn()
    opened = await me.click(table.channel.last_message, label="Play your turn")
    assert opened.ephemeral and opened.response.embeds, opened.response.content
    panel = opened.response
    menu = next(c for row in panel.components for c in row["components"]
                if c["custom_id"].startswith("carc:tile:"))
    assert [o["value"] for o in menu["options"]] == list(dict.fromkeys(hand))
    chosen = await me.select(panel, [twice], custom_id=menu["custom_id"])
    panel = chosen.response
    spot = GameService.placements(state, state.game.rules.tiles[twice])[0]
    picked = await me.select(panel, [placement_value(spot)],
                             custom_id=select_id(panel, "carc:pos:"))
    confirmed = await me.click(picked.response, label="Confirm")
    assert confirmed.response.content.startswith(f"Played {twice}")
    after = await table.state()
    assert after.game.history[-1]["tile"] == twice and after.turn == state.turn + 1


# ----------------------------------------------------------------- fault 10


async def test_regression_a_component_from_another_channel_is_refused(table) -> None:
    """A forged custom id joined a lobby in a private channel."""
    alice, mallory = table.member("alice"), table.member("mallory")
    private = table.guild.create_text_channel("private")
    lobby = (await alice.slash(private, "carcassonne new")).response
    hidden = next(c for c in custom_ids(lobby) if c.endswith(":join"))
    await table.started("bob", "mallory")  # a game in the channel mallory sees
    forged = prepared_click(table.env, mallory, table.channel.last_message, custom_id=hidden)
    [result] = await deliver(table.env, forged)
    assert f"<#{private.id}>" in private_answer(result)
    state = await table.state(private)
    assert [p.name for p in state.players] == ["alice"]
