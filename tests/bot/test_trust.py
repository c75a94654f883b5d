"""Issue 9, "A bot players can trust": each fault found, pinned by a test named after it.

Faults 4 and 5 (the launcher) are in ``test_launcher.py``; the property test
over every free-text option is in ``test_hostile_input.py``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from bot_support import (
    custom_ids,
    deliver,
    move_with,
    prepared_click,
    prepared_slash,
)

from bot.app import input as app_input
from bot.discord.replies import MAX_MESSAGE
from bot.errors import BadInput
from bot.naming import (
    MAX_QUOTE,
    parse_follower_input,
    parse_position,
    parse_tile,
    placement_value,
)
from engine import MEEPLE, BonusTileEarned

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
    assert "is not a place for the tile" in answer
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
    assert {name for name, _ in strings} == {"place", "me"}
    assert all(0 < option["max_length"] <= 40 for _, option in strings)


# ------------------------------------------------------------------ fault 2


async def test_regression_bonus_tile_race_double_move(table) -> None:  # HG-32
    """A /place sent at turn N together with the Confirm of turn N landed on the
    bonus turn N+1, with a tile the player never saw."""
    state = await table.started("alice", "bob", game="hunters-and-gatherers")
    for _ in range(60):
        move = move_with(state, BonusTileEarned)
        if move is not None:
            after = state.game.copy()
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
    if move.figure is not None:
        value = move.port if move.figure == MEEPLE else f"hut:{move.port}"
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
    assert last.game.history[-1].bonus and last.turn == bonus_turn.turn + 1


async def test_a_typed_move_sent_before_its_turn_was_announced_is_refused(table) -> None:
    """The other player's typed move, sent before the turn passed to them."""
    state = await table.started("alice", "bob")
    first, second = await table.on_turn(), await table.off_turn()
    spot = app_input.placements(state, state.game.tile)[0]
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
    # Issue 9, polish: the panel of a hand game is titled before a tile is chosen, and
    # shows the whole hand; places come once a tile is picked.
    assert panel.embeds[0].title == "Choose the tile to play"
    assert panel.attachments[0].filename.startswith("hand-")
    assert not any(c["custom_id"].startswith("carc:pos:")
                   for row in panel.components for c in row["components"])
    menu = next(c for row in panel.components for c in row["components"]
                if c["custom_id"].startswith("carc:tile:"))
    assert [o["value"] for o in menu["options"]] == list(dict.fromkeys(hand))
    chosen = await me.select(panel, [twice], custom_id=menu["custom_id"])
    panel = chosen.response
    spot = app_input.placements(state, state.game.rules.tiles[twice])[0]
    picked = await me.select(panel, [placement_value(spot)],
                             custom_id=select_id(panel, "carc:pos:"))
    confirmed = await me.click(picked.response, label="Confirm")
    assert confirmed.response.content.startswith("Played ")
    assert f"({twice})" in confirmed.response.content
    after = await table.state()
    assert after.game.history[-1].tile == twice and after.turn == state.turn + 1


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


# ------------------------------------------------------------------ fault 6


async def test_regression_a_damaged_record_stays_inside_its_game(table, caplog) -> None:
    """A record that no longer replayed broke /settings for the server and /mygames
    for its players."""
    alice = table.member("alice")
    elsewhere = table.guild.create_text_channel("broken")
    broken = await table.started("alice", "bob", channel=elsewhere)
    fine = await table.started("alice", "carol")
    record = {**broken.row.record, "turns": [{"tile": "E", "x": 9, "y": 9, "rotation": 0}]}
    async with table.bot.storage.transaction() as tx:  # as an engine with other rules left it
        await tx.save_game(broken.row, replace(broken.row, record=record), action="test",
                           user_id=None, now=table.env.now())
    status = await alice.slash(elsewhere, "carcassonne status")
    assert "can no longer be read" in private_answer(status)
    assert any("no longer replays" in r.getMessage() for r in caplog.records)
    assert (await table.bot.storage.game(broken.id)).damaged is not None  # marked
    # The rest of the server does not notice.
    saved = await table.admin().slash(table.channel, "carcassonne settings", reminder_hours=2)
    assert saved.response.content == "Saved."
    mine = (await alice.slash(table.channel, "carcassonne mygames")).response
    lines = mine.embeds[0].description.split("\n")
    assert len(lines) == 2 and any("damaged" in line for line in lines)
    await table.env.advance_time(13 * 3600)  # the broken game's reminder fails alone
    assert table.channel.last_message.content.startswith("⏰")  # the fine game's reminder
    assert not (await table.place()).ephemeral
    assert (await table.state()).turn == fine.turn + 1
    cancelled = await alice.slash(elsewhere, "carcassonne cancel")
    assert not cancelled.ephemeral and "cancelled" in cancelled.response.content


# ------------------------------------------------------------------ fault 7


async def test_regression_error_replies_never_echo_unbounded_input(table) -> None:
    """Replies quoted the input whole: past ~1,950 characters Discord refused them."""
    state = await table.started("alice", "bob")
    me = await table.on_turn()
    cases = {
        "position": ("?" * 40, "is not a place for the tile"),
        "follower": ("Q" * 40, "is not a follower spot"),
        "tile": ("Z" * 20, "is not a tile"),
    }
    legal = placement_value(app_input.placements(state, state.game.tile)[0])
    for option, (text, expected) in cases.items():
        given = {"position": legal, option: text}
        answer = private_answer(await me.slash(table.channel, "carcassonne place", **given))
        assert expected in answer, answer
        assert len(answer) < 250  # a short quote, never the whole input
        assert len(text) <= MAX_QUOTE or text[: MAX_QUOTE + 1] not in answer
    assert (await table.state()).row.version == state.row.version


async def test_regression_superscript_digit_is_refused_not_crashed(table) -> None:
    """`A ²`: str.isdigit() said yes, int() said no, and the parser crashed."""
    state = await table.started("alice", "bob")
    me = await table.on_turn()
    for text in ("A ²", "B ¹⁸⁰", "1,0 ９０", "A ٩٠"):
        answer = private_answer(await me.slash(table.channel, "carcassonne place", position=text))
        assert "is not a place for the tile" in answer
        choices = await me.autocomplete(table.channel, "carcassonne place", "follower", "",
                                        position=text)
        assert len(choices) == 1 and "is not a place for the tile" in choices[0]["name"]
    assert (await table.state()).row.version == state.row.version


async def test_regression_a_value_discord_could_not_convert_gets_a_specific_answer(
    table,
) -> None:
    """A value of the wrong type (a stale command, a hostile client) ended in
    "Something went wrong"."""
    await table.started("alice", "bob")
    host = table.member("alice")
    cases = [
        ("carcassonne snooze", {"name": "hours", "type": 4, "value": "abc"},
         "`hours` must be a whole number from 1 to 72."),
        ("carcassonne deadline", {"name": "hours", "type": 4, "value": 9999},
         "`hours` must be a whole number from 0 to 336."),
        ("carcassonne deadline", {"name": "policy", "type": 3, "value": "explode"},
         "`policy` must be one of the choices Discord shows."),
        ("carcassonne kick", {"name": "player", "type": 6, "value": "not-an-id"},
         "`player` must be a member of this server: choose one from the list."),
        ("carcassonne place", {"name": "position", "type": 3, "value": "1" * 500},
         "`position` can be at most 40 characters long."),
        ("carcassonne place", {"name": "nonsense", "type": 3, "value": "1"},
         "This command has changed since Discord last showed it to you"),
    ]
    for name, option, expected in cases:
        sent = prepared_slash(table.env, host, table.channel, name, raw=[option])
        [result] = await deliver(table.env, sent)
        assert private_answer(result).startswith(expected), result.response.content


async def test_regression_a_refused_option_is_named_as_the_users_discord_shows_it(
    table,
) -> None:
    """The refusal quoted the English option name (`hours`) while a Hungarian
    client shows `óra`: the name is the one of the user's Discord locale, whatever
    language the bot answers them in; English where Discord shows English."""
    from bot.i18n import Language, messages
    from bot.i18n.translator import NAME

    await table.started("alice", "bob")
    host = table.member("alice")
    hungarian = messages(Language.HUNGARIAN).pgettext(NAME, "hours")
    assert hungarian != "hours"
    option = {"name": "hours", "type": 4, "value": 9999}
    for chosen, locale, shown in ((None, "hu", hungarian), ("eo", "hu", hungarian),
                                  ("hu", "en-US", "hours")):
        await host.slash(table.channel, "carcassonne me", language=chosen or "auto")
        sent = prepared_slash(table.env, host, table.channel, "carcassonne deadline",
                              raw=[option])
        sent.payload["locale"] = locale
        [result] = await deliver(table.env, sent)
        t = messages(chosen or Language.HUNGARIAN)
        assert private_answer(result) == t.gettext(
            "{option} must be a whole number from {low} to {high}.", option=f"`{shown}`",
            low=0, high=336)


# ------------------------------------------------------------------ fault 8


async def test_regression_a_host_who_left_the_server_hands_the_game_on(table) -> None:
    """Nobody could cancel, kick or set a deadline once the host had left."""
    state = await table.started("alice", "bob", "carol")
    alice = table.member("alice")
    table.guild.remove_member(alice)
    seat = state.seat(alice.id)
    heir = state.players[(seat + 1) % 3]
    member = table.members[heir.name]
    other = next(m for m in (table.member("bob"), table.member("carol")) if m.id != heir.id)
    refused = await other.slash(table.channel, "carcassonne deadline", hours=6)
    assert "Only the host" in private_answer(refused)
    assert (await table.state()).row.host_id == heir.id  # the role passed on
    changed = await member.slash(table.channel, "carcassonne deadline", hours=6)
    assert not changed.ephemeral, changed.response.content


async def test_regression_a_lobby_host_who_left_the_server_hands_it_on(table) -> None:
    alice, bob, carol = (table.member(n) for n in ("alice", "bob", "carol"))
    lobby = (await alice.slash(table.channel, "carcassonne new")).response
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    table.guild.remove_member(alice)
    started = await bob.click(lobby, label="Start")
    assert not started.ephemeral, started.response.content
    state = await table.state()
    assert state.row.status == "running" and state.row.host_id == bob.id
    assert {p.id for p in state.players} == {bob.id, carol.id}


async def test_regression_a_moderators_kick_is_announced_as_a_kick(table) -> None:
    """It read "missed 0 turns in a row", and removed players were not marked."""
    await table.started("alice", "bob", "carol")
    mod = table.admin()
    bob = table.member("bob")
    kicked = await mod.slash(table.channel, "carcassonne kick", player=bob)
    text = kicked.response.embeds[0].description
    assert "removed from the game by **admin**" in text and "missed" not in text
    status = (await mod.slash(table.channel, "carcassonne status")).response.embeds[0]
    scores = next(f.value for f in status.fields if f.name == "Scores")
    assert "~~bob~~" in scores and "(removed)" in scores


async def test_regression_a_removed_host_hands_the_role_on(table) -> None:
    state = await table.started("alice", "bob", "carol")
    alice = table.member("alice")
    await table.admin().slash(table.channel, "carcassonne kick", player=alice)
    after = await table.state()
    heir = state.players[(state.seat(alice.id) + 1) % 3]
    assert after.row.host_id == heir.id and not after.game.active[after.seat(alice.id)]


# ------------------------------------------------------------------ fault 9


async def test_regression_markdown_in_display_names_is_escaped(table) -> None:
    """A name like **Sam**_x broke the messages it was in."""
    sam = table.guild.add_member(table.env.create_user("sam", global_name="**Sam**_x"))
    eve = table.guild.add_member(table.env.create_user("eve", global_name="@everyone"))
    table.members.update({"sam": sam, "eve": eve})
    await table.started("sam", "eve")
    status = (await sam.slash(table.channel, "carcassonne status")).response.embeds[0]
    scores = next(f.value for f in status.fields if f.name == "Scores")
    assert "**\\*\\*Sam\\*\\*\\_x**" in scores
    assert "@everyone" not in scores and "@\u200beveryone" in scores


async def test_regression_two_players_with_the_same_name_are_told_apart(table) -> None:
    """The picture said "Sam (2)", the text said "Sam" twice."""
    one = table.guild.add_member(table.env.create_user("sam1", global_name="Sam"))
    two = table.guild.add_member(table.env.create_user("sam2", global_name="Sam"))
    table.members.update({"sam1": one, "sam2": two})
    state = await table.started("sam1", "sam2")
    assert sorted(state.game.players) == ["Sam", "Sam (2)"]  # the record and the picture
    status = (await one.slash(table.channel, "carcassonne status")).response.embeds[0]
    scores = next(f.value for f in status.fields if f.name == "Scores")
    assert all(f"**{name}**" in scores for name in state.game.players)
    result = await table.place()
    text = result.response.embeds[0].description
    mover = state.game.players[state.game.current_player]
    assert f"**{mover}** placed" in text


# ----------------------------------------------------------------- fault 11


async def test_regression_one_member_cannot_open_endless_lobbies(table) -> None:
    """One user opened 300 lobbies."""
    alice = table.member("alice")
    channels = [table.guild.create_text_channel(f"table-{n}") for n in range(4)]
    for channel in channels[:3]:
        assert not (await alice.slash(channel, "carcassonne new")).ephemeral
    refused = await alice.slash(channels[3], "carcassonne new")
    assert "the limit is 3" in private_answer(refused)
    await table.admin().slash(table.channel, "carcassonne settings", lobby_limit=4)
    assert not (await alice.slash(channels[3], "carcassonne new")).ephemeral


async def test_regression_lobbies_expire(table) -> None:
    """Lobbies never expired."""
    alice = table.member("alice")
    lobby = (await alice.slash(table.channel, "carcassonne new")).response
    await table.env.advance_time(72 * 3600 - 60)
    assert (await table.state()).row.status == "lobby"
    await table.env.advance_time(60)
    state = await table.state()
    assert state.row.status == "cancelled"
    assert "was not started within 72 hours" in table.channel.last_message.content
    refreshed = next(m for m in table.channel.history() if m.id == lobby.id)
    assert all(c.disabled for row in refreshed.components for c in row.children)
    assert not (await alice.slash(table.channel, "carcassonne new")).ephemeral


async def test_regression_an_abandoned_game_ends(table) -> None:
    """A game nobody played ran 1,000 skipped turns and 2,000 posts."""
    await table.started("alice", "bob")
    await table.member("alice").slash(table.channel, "carcassonne deadline", hours=1,
                                      policy="skip", reminder_hours=0)
    posts = len(table.channel.history())
    await table.env.advance_time(5 * 3600)  # each player has missed 2 or 3 turns
    assert (await table.state()).row.status == "running"
    await table.env.advance_time(3600)  # now every player has missed 3 in a row
    state = await table.state()
    assert state.row.status == "finished" and state.game.is_over
    final = table.channel.last_message
    assert "Every player has missed 3 turns in a row" in final.embeds[0].description
    assert "Game over" in final.content
    count = len(table.channel.history())
    assert count - posts == 6
    await table.env.advance_time(100 * 3600)
    assert len(table.channel.history()) == count
