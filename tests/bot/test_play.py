"""Playing turns: by /carcassonne place and by the private turn panel."""

from __future__ import annotations

import contextvars
import json

import discord
import pytest
import simcord
from bot_support import (
    clicks_at_once,
    custom_ids,
    first_move,
    mentions,
    scoring_move,
    untag,
    values,
)

from bot.app import input as app_input
from bot.app.input import MoveRequest
from bot.discord.markup import mention
from bot.errors import NoGame
from bot.naming import PositionInput, placement_value, position_letters
from bot.words.common import mark
from engine import MEEPLE, FeatureScored, Place, Placement


async def test_place_by_slash_with_autocomplete(table) -> None:
    state = await table.started("alice", "bob")
    me = await table.on_turn()
    choices = await me.autocomplete(table.channel, "carcassonne place", "position", "")
    legal = app_input.placements(state, state.game.tile)
    assert values(choices) == [placement_value(p) for p in legal][:25]
    assert {c["value"].split(":")[0] for c in choices} == {"t0"}  # the turn they are for
    assert all("°" in c["name"] for c in choices)  # "A: 1,0 90°": letter, x,y, rotation
    narrowed = await me.autocomplete(table.channel, "carcassonne place", "position", "1,0")
    assert narrowed and all(v.startswith("1,0,") for v in values(narrowed))

    position = choices[0]["value"]
    followers = await me.autocomplete(
        table.channel, "carcassonne place", "follower", "", position=position
    )
    assert followers[0] == {"name": "No follower", "value": "t0:none"}
    figures = app_input.figures(state, legal[0], state.game.tile)
    # Spots by the number the preview draws on them, and by what they are.
    assert values(followers[1:]) == [str(n) for n in range(1, len(figures) + 1)]
    assert all(c["name"].startswith(f"{n}: the ") for n, c in enumerate(followers[1:], start=1))

    result = await me.slash(
        table.channel, "carcassonne place", position=position, follower=followers[1]["value"]
    )
    assert not result.ephemeral
    message = result.response
    after = await table.state()
    assert after.turn == 1 and after.current.id != me.id
    embed = message.embeds[0]
    assert embed.image.url is None  # the picture is the message's own, at its full width
    assert [a.filename for a in message.attachments] == [f"turn-{after.id}-1.png"]
    assert (await message.attachments[0].read()).startswith(b"\x89PNG")
    assert me.name in embed.description and "placed" in embed.description
    assert "Scores" in [f.name for f in embed.fields]
    assert mentions(message.content) == [after.current.id]
    assert custom_ids(message) == [f"carc:play:{after.id}:1", f"carc:map:{after.id}:map",
                                   f"carc:map:{after.id}:features"]


async def test_nobody_but_the_player_on_turn_can_move(table) -> None:
    state = await table.started("alice", "bob")
    outsider = table.member("carol")
    waiting = await table.off_turn()
    move = first_move(state)
    value = f"{move.x},{move.y},{move.rotation}"
    for actor, expected in ((waiting, "not your turn"), (outsider, "not playing in this game")):
        result = await actor.slash(table.channel, "carcassonne place", position=value)
        assert result.ephemeral and expected in result.response.content
        choices = await actor.autocomplete(table.channel, "carcassonne place", "position", "")
        assert len(choices) == 1 and "turn" in choices[0]["name"]
        clicked = await actor.click(table.channel.last_message, label="Play your turn")
        assert clicked.ephemeral and expected in clicked.response.content
    assert (await table.state()).row.version == state.row.version


async def test_bad_input_is_answered_privately_and_changes_nothing(table) -> None:
    state = await table.started("alice", "bob")
    me = await table.on_turn()
    legal = set(app_input.placements(state, state.game.tile))
    far = Placement(5, 5, 0)
    taken = Placement(0, 0, 0)
    cases = {
        f"{far.x},{far.y},0": "touches no tile of the map",
        "0,0,0": "taken",
        "1,0,45": "45° is not a rotation",
        "north of the city": "is not a place for the tile",
        "?": "is not a place for the tile",  # what a notice in the suggestions sends
    }
    assert far not in legal and taken not in legal
    for position, expected in cases.items():
        result = await me.slash(table.channel, "carcassonne place", position=position)
        assert result.ephemeral, position
        assert expected in result.response.content, (position, result.response.content)
    good = placement_value(sorted(legal)[0])
    wrong_spot = await me.slash(table.channel, "carcassonne place", position=good, follower="XYZ")
    assert wrong_spot.ephemeral and "is not a follower spot" in wrong_spot.response.content
    assert (await table.state()).row.version == state.row.version


async def test_a_stale_autocomplete_value_is_refused(table) -> None:
    state = await table.started("alice", "bob")
    first = await table.on_turn()
    old = await first.autocomplete(table.channel, "carcassonne place", "position", "")
    await table.place()
    second = await table.on_turn()
    after = await table.state()
    legal_now = {placement_value(p) for p in app_input.placements(after, after.game.tile)}
    stale = next(c["value"] for c in old if untag(c["value"]) not in legal_now)
    result = await second.slash(table.channel, "carcassonne place", position=stale)
    assert result.ephemeral and "earlier turn" in result.response.content
    typed = await second.slash(table.channel, "carcassonne place", position=untag(stale))
    assert typed.ephemeral and "is taken" in typed.response.content
    assert (await table.state()).turn == 1
    assert state.turn == 0


async def test_a_follower_is_placed_and_a_feature_scores(table) -> None:
    """Play seeded turns until a tile can close a feature with a follower on it."""
    await table.started("alice", "bob")
    for _ in range(40):
        state = await table.state()
        move = scoring_move(state)
        if move is not None:
            break
        await table.place()
    else:
        pytest.fail("no scoring move came up in 40 turns")
    mover = state.current
    result = await table.place(move)
    embed = result.response.embeds[0]
    placed = next(line for line in embed.description.split("\n") if "placed" in line)
    role = next(o.role for o in state.game.legal_figures(move.placement) if o.port == move.port)
    assert f"with a {role} on the " in placed and move.port not in placed.split(" on ")[-1]
    assert "✅ Completed" in embed.description and f"**{mover.name}** +" in embed.description
    after = await table.state()
    seat = state.seat(mover.id)
    assert after.game.scores[seat] > state.game.scores[seat]
    assert f"**{mover.name}**: {after.game.scores[seat]} points" in embed.fields[0].value


async def panel_for(table, actor):
    clicked = await actor.click(table.channel.last_message, label="Play your turn")
    assert clicked.ephemeral, clicked.response.content
    return clicked.response


def select_id(message, prefix: str) -> str:
    return next(c for c in custom_ids(message) if c.startswith(prefix))


async def test_a_turn_by_buttons_previews_and_applies_only_on_confirm(table) -> None:
    state = await table.started("alice", "bob")
    me = await table.on_turn()
    panel = await panel_for(table, me)
    embed = panel.embeds[0]
    assert embed.image.url is None
    assert panel.attachments[0].filename.startswith("choices-")
    legal = app_input.placements(state, state.game.tile)
    target = next(p for p in legal if app_input.figures(state, p, state.game.tile))
    figure = app_input.figures(state, target, state.game.tile)[0]

    picked = await me.select(
        panel, [placement_value(target)], custom_id=select_id(panel, "carc:pos:")
    )
    panel = picked.response
    assert panel.attachments[0].filename.startswith("preview-")
    assert select_id(panel, "carc:fig:")
    assert (await table.state()).row.version == state.row.version  # nothing applied yet

    without = await panel.attachments[0].read()
    chosen = await me.select(panel, [figure.port], custom_id=select_id(panel, "carc:fig:"))
    panel = chosen.response
    assert panel.attachments[0].filename.startswith("preview-")
    assert await panel.attachments[0].read() != without  # the follower stands in the preview
    assert select_id(panel, "carc:ok:").endswith(f":{placement_value(target)}:{figure.port}")
    assert (await table.state()).row.version == state.row.version

    confirmed = await me.click(panel, label="Confirm")
    assert confirmed.response.ephemeral and confirmed.response.content.startswith("Played")
    after = await table.state()
    assert after.turn == 1
    placed = after.game.board.tiles[(target.x, target.y)]
    assert placed.rotation == target.rotation
    assert any(
        f.x == target.x and f.y == target.y and f.port == figure.port for f in after.game.figures
    )
    public = table.channel.last_message
    assert mentions(public.content) == [after.current.id]
    assert public.attachments[0].filename.startswith("turn-")


async def test_the_panel_pages_past_25_placements(table) -> None:
    await table.started("alice", "bob")
    for _ in range(30):
        state = await table.state()
        if len(app_input.placements(state, state.game.tile)) > 25:
            break
        await table.place()
    else:
        pytest.fail("never more than 25 placements")
    legal = app_input.placements(state, state.game.tile)
    me = await table.on_turn()
    panel = await panel_for(table, me)
    first_page = [
        o["value"]
        for row in panel.components
        for c in row["components"]
        if c["custom_id"].startswith("carc:pos:")
        for o in c["options"]
    ]
    assert first_page == [placement_value(p) for p in legal[:25]]
    # Issue 9, polish: page buttons say the page they go to, and the first page has no
    # way back.
    labels = [c.get("label") for row in panel.components for c in row["components"]]
    assert "Page 2 ▶" in labels and not any(str(label).startswith("◀") for label in labels)
    turned = await me.click(panel, label="Page 2 ▶")
    panel = turned.response
    labels = [c.get("label") for row in panel.components for c in row["components"]]
    assert "◀ Page 1" in labels
    second_page = [
        o["value"]
        for row in panel.components
        for c in row["components"]
        if c["custom_id"].startswith("carc:pos:")
        for o in c["options"]
    ]
    assert second_page == [placement_value(p) for p in legal[25:50]]
    picked = await me.select(panel, [second_page[-1]], custom_id=select_id(panel, "carc:pos:"))
    assert select_id(picked.response, "carc:pos:").endswith(":1")  # stays on page 2


async def test_stale_buttons_are_refused(table) -> None:
    await table.started("alice", "bob")
    me = await table.on_turn()
    old_turn = table.channel.last_message
    panel = await panel_for(table, me)
    state = await table.state()
    target = app_input.placements(state, state.game.tile)[0]
    picked = await me.select(
        panel, [placement_value(target)], custom_id=select_id(panel, "carc:pos:")
    )
    await table.place()  # the same turn, played by the slash command instead
    for label, message in (("Confirm", picked.response), ("Play your turn", old_turn)):
        again = await me.click(message, label=label)
        assert again.ephemeral and "earlier turn" in again.response.content, label
    other = await table.on_turn()
    stale = await other.click(old_turn, label="Play your turn")
    assert stale.ephemeral and "earlier turn" in stale.response.content
    assert (await table.state()).turn == 1


async def test_two_clicks_at_once_apply_one_move(table) -> None:
    await table.started("alice", "bob")
    me = await table.on_turn()
    panel = await panel_for(table, me)
    state = await table.state()
    target = app_input.placements(state, state.game.tile)[0]
    picked = await me.select(
        panel, [placement_value(target)], custom_id=select_id(panel, "carc:pos:")
    )
    results = await clicks_at_once(table.env, [(me, picked.response, "Confirm")] * 2)
    answers = sorted(r.response.content for r in results)
    assert answers[0].startswith("Played") and "earlier turn" in answers[1]
    after = await table.state()
    assert after.turn == 1 and after.row.version == state.row.version + 1
    posts = [m for m in table.channel.history() if m.embeds and "turn 1" in m.embeds[0].title]
    assert len(posts) == 1


async def test_board_status_tiles_and_export(table) -> None:
    await table.started("alice", "bob")
    await table.place()
    await table.place()
    outsider = table.member("carol")
    board = await outsider.slash(table.channel, "carcassonne board")
    assert board.ephemeral  # the asker's (issue 20)
    assert board.response.attachments[0].filename == "board-1-2.png"
    status = (await outsider.slash(table.channel, "carcassonne status")).response.embeds[0]
    state = await table.state()
    fields = {f.name: f.value for f in status.fields}
    assert fields["Tiles left"] == str(state.game.tiles_left())
    assert mention(state.current.id) in fields["On turn"] and "<t:" in fields["On turn"]
    assert "followers left" in fields["Scores"]
    tiles = (await outsider.slash(table.channel, "carcassonne tiles")).response.embeds[0]
    assert tiles.title.endswith(f"{state.game.tiles_left()} tiles left in the bag")
    exported = (await outsider.slash(table.channel, "carcassonne export")).response
    record = json.loads(await exported.attachments[0].read())
    assert record["format"] == "carcassonne-record/3" and len(record["turns"]) == 2
    assert "seed" not in record  # the seed would tell the future while the game runs
    assert record["players"] == [p.name for p in state.players]


async def test_cancel_needs_the_host_or_manage_server(table) -> None:
    await table.started("alice", "bob")
    bob = table.member("bob")
    refused = await bob.slash(table.channel, "carcassonne cancel")
    assert refused.ephemeral and "Only the host" in refused.response.content
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.member("mod", roles=[mods])
    cancelled = await mod.slash(table.channel, "carcassonne cancel")
    assert not cancelled.ephemeral and "cancelled" in cancelled.response.content
    place = await table.member("alice").slash(table.channel, "carcassonne place", position="1,0,0")
    assert place.ephemeral and "no game" in place.response.content
    status = await bob.slash(table.channel, "carcassonne status")
    assert status.response.embeds[0].title.endswith(": cancelled")
    # The channel is free again.
    assert not (await bob.slash(table.channel, "carcassonne new")).ephemeral


async def test_a_typed_move_and_a_confirm_take_one_call_and_one_transaction(
        table, monkeypatch) -> None:
    """Issue 17: below the cog, a typed ``/carcassonne place`` and the panel's Confirm
    are one application call each (``Moves.place``), in one transaction."""
    calls: list[list] = []
    inside = contextvars.ContextVar("inside", default=False)
    store, moves = table.bot.storage, table.bot.app.moves
    opened, place = store.transaction, moves.place

    def counted():
        if inside.get():
            calls[-1][1] += 1
        return opened()

    async def spied(request):
        calls.append([request, 0])
        token = inside.set(True)
        try:
            return await place(request)
        finally:
            inside.reset(token)

    monkeypatch.setattr(store, "transaction", counted)
    monkeypatch.setattr(moves, "place", spied)
    await table.started("alice", "bob")
    typed = await table.place()
    assert not typed.ephemeral
    state = await table.state()
    me = await table.on_turn()
    panel = await panel_for(table, me)
    target = app_input.placements(state, state.game.tile)[0]
    picked = await me.select(panel, [placement_value(target)],
                             custom_id=select_id(panel, "carc:pos:"))
    confirmed = await me.click(picked.response, label="Confirm")
    assert confirmed.response.content.startswith("Played")
    assert [(type(request.position), count) for request, count in calls] == [
        (PositionInput, 1), (Placement, 1)]
    assert (await table.state()).turn == 2


async def test_a_game_of_another_server_is_never_reachable(table) -> None:
    state = await table.started("alice", "bob")
    other = table.env.create_guild("Elsewhere")
    with pytest.raises(NoGame):
        await table.bot.app.queries.state(other.id, game_id=state.id)
    me = await table.on_turn()
    with pytest.raises(NoGame):
        await table.bot.app.moves.place(MoveRequest(
            other.id,
            me.id,
            app_input.placements(state, state.game.tile)[0],
            game_id=state.id,
            turn=0,
        ))
    stranger = other.add_member(table.env.create_user("stranger"))
    with pytest.raises(simcord.SetupError):  # the message is not even visible from there
        await stranger.click(table.channel.last_message, label="Play your turn")
    assert (await table.state()).turn == 0


async def test_hand_of_tiles_lets_the_player_choose(table) -> None:
    state = await table.started("alice", "bob", hand=2)
    me = await table.on_turn()
    hand = [t.id for t in state.game.hand]
    assert len(hand) == 2
    offered = await me.autocomplete(table.channel, "carcassonne place", "tile", "")
    assert values(offered) == hand
    second = state.game.hand[1]
    placement = app_input.placements(state, second)[0]
    moves = await me.autocomplete(
        table.channel, "carcassonne place", "position", "", tile=second.id
    )
    assert placement_value(placement) in values(moves)
    result = await me.slash(
        table.channel, "carcassonne place", position=placement_value(placement), tile=second.id
    )
    assert not result.ephemeral
    after = await table.state()
    assert after.game.board.tiles[(placement.x, placement.y)].tile.id == second.id


async def test_hunters_and_gatherers_hut_by_slash(table) -> None:
    await table.started("alice", "bob", game="hunters-and-gatherers")
    for _ in range(20):
        state = await table.state()
        tile = state.game.tile
        hut = next(
            (
                (p, f)
                for p in app_input.placements(state, tile)
                for f in app_input.figures(state, p, tile)
                if f.figure == "hut"
            ),
            None,
        )
        if hut is not None:
            break
        await table.place()
    else:
        pytest.fail("no hut could be placed in 20 turns")
    placement, option = hut
    me = await table.on_turn()
    offered = await me.autocomplete(
        table.channel, "carcassonne place", "follower", "", position=placement_value(placement)
    )
    number = app_input.figures(state, placement, tile).index(option) + 1
    hut_choice = next(c for c in offered if untag(c["value"]) == str(number))
    assert hut_choice["name"].startswith(f"{number}: the ") and hut_choice["name"].endswith(
        " (hut)")
    result = await me.slash(
        table.channel,
        "carcassonne place",
        position=placement_value(placement),
        follower=hut_choice["value"],
    )
    assert "with a hut" in result.response.embeds[0].description
    after = await table.state()
    assert any(
        f.figure == "hut" and (f.x, f.y) == (placement.x, placement.y) for f in after.game.figures
    )


async def test_one_grammar_what_a_menu_shows_typed_plays_and_a_bare_letter_asks(table) -> None:
    """Issue 9: autocomplete, typed values and menus take the same things."""
    state = await table.started("alice", "bob")
    me = await table.on_turn()
    legal = app_input.placements(state, state.game.tile)
    letters = position_letters(legal)
    turned = {}
    for p in legal:
        turned.setdefault((p.x, p.y), []).append(p.rotation)
    (x, y), rotations = next(item for item in turned.items() if len(item[1]) > 1)
    letter = letters[(x, y)]
    # A bare letter where several rotations fit asks, and the suggestions list them.
    asked = await me.slash(table.channel, "carcassonne place", position=letter.lower())
    assert asked.ephemeral and asked.response.content.startswith(
        f"At {letter} the tile fits turned ")
    offered = await me.autocomplete(table.channel, "carcassonne place", "position", letter)
    assert sorted(untag(c["value"]) for c in offered) == sorted(
        f"{x},{y},{r}" for r in rotations)
    # The suggestion's name, typed, is the same move; so is the menu's "No follower".
    name = offered[-1]["name"]
    played = await me.slash(table.channel, "carcassonne place", position=name,
                            follower="No follower")
    assert not played.ephemeral, played.response.content
    after = await table.state()
    placed = after.game.history[-1].action
    assert (placed.x, placed.y, placed.figure) == (x, y, None)
    assert f"{letter}: " in name and placed.rotation == int(name.rsplit(" ", 1)[1][:-1])


def _cloister_move(state) -> tuple[Place, bool]:
    """A move towards a completed cloister, and whether it completes one: one that
    completes a cloister if there is one; else a monk on the tile's cloister, or a
    tile next to the most cloisters."""
    game = state.game
    tile = game.tile
    cloisters = [(p.x, p.y) for p in game.board.tiles.values()
                 if any(s.kind == "cloister" for s in p.tile.segments)]
    best: tuple[int, Place] | None = None
    for placement in app_input.placements(state, tile):
        monks = [o for o in app_input.figures(state, placement, tile) if o.kind == "cloister"]
        move = Place(tile.id, *placement, *((MEEPLE, monks[0].port) if monks else ()))
        if any(isinstance(e, FeatureScored) and e.kind == "cloister"
               for e in game.copy().play(move).events):
            return move, True
        near = len(monks) * 9 + sum(abs(x - placement.x) <= 1 and abs(y - placement.y) <= 1
                                    for x, y in cloisters)
        if best is None or near > best[0]:
            best = (near, move)
    assert best is not None
    return best[1], False


async def test_regression_a_completed_cloister_says_no_tile_count(table) -> None:  # B-17
    """"✅ Completed cloister (1 tile): ... +9": a cloister's size is no number of tiles
    (it scores itself and its eight neighbours); its line says the points alone."""
    await table.started("alice", "bob")
    for _ in range(40):
        state = await table.state()
        move, completes = _cloister_move(state)
        result = await table.place(move)
        if completes:
            break
    else:
        pytest.fail("no cloister was completed in 40 turns")
    [scored] = [e for e in (await table.state()).game.events
                if isinstance(e, FeatureScored) and e.kind == "cloister"]
    assert scored.points == 9 and scored.scorers
    description = result.response.embeds[0].description
    [line] = [line for line in description.split("\n") if "cloister" in line
              and "Completed" in line]
    seat = scored.scorers[0]
    assert line == f"✅ Completed cloister: {mark(seat)} **{state.name(seat)}** +9."


async def test_fault_1_the_place_lettered_r_can_be_typed(table) -> None:
    """Issue 18, fault 1: with 18 places or more the pictures draw ``R``, which was read
    as the word "rotation". Every letter drawn and every suggestion (its value and its
    name) typed back is accepted."""
    await table.started("alice", "bob")
    for _ in range(40):
        state = await table.state()
        legal = app_input.placements(state, state.game.tile)
        if len(position_letters(legal)) >= 18:
            break
        await table.place()
    else:
        pytest.fail("never 18 places")
    me = await table.on_turn()
    offered = await me.autocomplete(table.channel, "carcassonne place", "position", "")
    letters = position_letters(legal)
    typed = [c["value"] for c in offered] + [untag(c["value"]) for c in offered]
    typed += [c["name"] for c in offered]
    typed += [f"{letter} {p.rotation}" for p in legal for letter in [letters[(p.x, p.y)]]]
    typed += [f"{letter.lower()} {p.rotation}" for p in legal
              for letter in [letters[(p.x, p.y)]]]
    for text in typed:
        # The follower's suggestions read the place as /carcassonne place does.
        spots = await me.autocomplete(table.channel, "carcassonne place", "follower", "",
                                      position=text)
        assert spots[0]["name"] == "No follower", (text, spots)
    r = next(p for p in legal if letters[(p.x, p.y)] == "R")
    played = await me.slash(table.channel, "carcassonne place", position=f"R {r.rotation}")
    assert not played.ephemeral, played.response.content
    placed = (await table.state()).game.history[-1].action
    assert (placed.x, placed.y, placed.rotation) == (r.x, r.y, r.rotation)


async def test_fault_3_two_fields_leaning_the_same_way_have_their_own_words(table) -> None:
    """Issue 18, fault 3: on tile O (the first tile of this seed) the field inside the
    road curve and the field between road and city both lean the same way; each has
    its own words, and typing one's words places the follower there."""
    state = await table.started("alice", "bob")
    assert state.game.tile.id == "O"
    tile = state.game.tile
    fields = {p: [o.compass for o in app_input.figures(state, p, tile) if o.kind == "field"]
              for p in app_input.placements(state, tile)}
    placement = next(p for p, leaning in fields.items() if len(set(leaning)) < len(leaning))
    me = await table.on_turn()
    position = placement_value(placement)
    offered = await me.autocomplete(table.channel, "carcassonne place", "follower", "",
                                    position=position)
    names = [c["name"].partition(": ")[2] for c in offered[1:]]
    assert len(set(names)) == len(names), names
    corner = next(name for name in names if "corner" in name)
    played = await me.slash(table.channel, "carcassonne place", position=position,
                            follower=corner)
    assert not played.ephemeral, played.response.content
    after = await table.state()
    [figure] = after.game.figures
    placed = after.game.board.tiles[(placement.x, placement.y)]
    # Inside the road curve: the two half-edges beside one corner.
    assert set(placed.oriented.segment_ports[figure.segment]) in (
        {"NNE", "ENE"}, {"ESE", "SSE"}, {"SSW", "WSW"}, {"WNW", "NNW"})


async def test_fault_4_a_refusal_names_the_tile_of_the_hand_it_is_about(table) -> None:
    """Issue 18, fault 4: with a hand of tiles and no ``tile:``, the first tile is tried;
    its refusal says which tile that was, and nothing is played."""
    from bot.i18n import SOURCE, messages
    from bot.words.tiles import tile_label

    state = await table.started("alice", "bob", hand=2)
    me = await table.on_turn()
    first = state.game.hand[0]
    refused = await me.slash(table.channel, "carcassonne place", position="0,0 0")
    assert refused.ephemeral
    text = refused.response.content
    assert tile_label(messages(SOURCE), first) in text and "is taken" in text, text
    named = await me.slash(table.channel, "carcassonne place", position="0,0 0", tile=first.id)
    assert named.ephemeral and "first of your hand" not in named.response.content
    assert (await table.state()).turn == 0


async def test_fault_4_no_follower_left_is_said_so(table) -> None:
    """Issue 18, fault 4: a player whose followers all stand on the map is told they have
    none left (not that nothing can stand there), typed or in the panel's preview."""
    await table.started("alice", "bob")
    target = (await table.state()).current.id
    for _ in range(40):
        state = await table.state()
        game = state.game
        seat = game.current_player
        if state.current.id == target and not game.supply(seat).meeples:
            break
        move = first_move(state)
        if state.current.id == target:
            placement, option = next(
                (p, o[0]) for p in app_input.placements(state, game.tile)
                for o in [app_input.figures(state, p, game.tile)] if o)
            move = Place(game.tile.id, *placement, option.figure, option.port)
        await table.place(move)
    else:
        pytest.fail("the player never ran out of followers")
    me = await table.on_turn()
    placement = app_input.placements(state, state.game.tile)[0]
    refused = await me.slash(table.channel, "carcassonne place",
                             position=placement_value(placement), follower="1")
    assert refused.ephemeral
    assert refused.response.content.startswith("You have no follower left"), \
        refused.response.content
    panel = await panel_for(table, me)
    picked = await me.select(panel, [placement_value(placement)],
                             custom_id=select_id(panel, "carc:pos:"))
    assert picked.response.embeds[0].description.startswith("You have no follower left")
