"""Every kind of game played to its end through Discord, special turns included.

One player-like policy (:func:`choose`) picks every move among the legal ones
that ``/carcassonne place``'s autocomplete offers, so a seed fixes the whole
game. The seeds below were found by playing that policy with the engine alone
(replaying the bot's draw of game seed and seating); each test checks that the
special turn it needs still happens, and says to search again if not.
"""

from __future__ import annotations

import re

import simcord
from bot_support import (
    assert_player_words,
    mentions,
    player_texts,
    seeded_table,
    untag,
    values,
)

from bot.app import input as app_input
from bot.app.state import GameState
from bot.discord.markup import mention
from bot.i18n import SOURCE, Language, messages
from bot.i18n.terms import FEATURES
from bot.words.common import mark
from bot.words.tiles import tile_name
from engine import HUT, MEEPLE, BonusTileEarned, FeatureScored, Place, TileDiscarded, TilePlaced

EN = messages(SOURCE)
#: A River game (2 players) in which, once 4 land tiles are down, the full city
#: C fits nowhere and is discarded.
RIVER_SEED = 351
#: A Winter Edition game with hands of 3 (2 players): the crossroads X fits
#: nowhere (a hand's tile is discarded and replaced), and the game ends in a tie.
WINTER_SEED = 199
# The Hunters-and-Gatherers game uses the ``table`` fixture's seed: three gold
# forests are closed (three bonus tiles) late in that game.
TURN_LIMIT = 120


def choose(state: GameState) -> Place:
    """The test's player: a fixed pick among the first 25 legal placements (all the
    autocomplete lists) of a tile of the hand, with the first follower every third turn."""
    game = state.game
    assert game is not None
    tile = game.hand[game.turn % len(game.hand)]
    placements = app_input.placements(state, tile)[:25]
    placement = placements[(game.turn * 7) % len(placements)]
    if game.turn % 3 == 0:
        options = app_input.figures(state, placement, tile)
        if options:
            return Place(tile.id, *placement, options[0].figure, options[0].port)
    return Place(tile.id, *placement)


#: Catalogue wording meant for developers ("G: same, no pennant", "WE7: = J",
#: "NEW: ...", "placed LAST"), which players must not see.
CATALOGUE_NOTES = ("(same", ": same", "(=", ": =", "NEW:", "START", "LAST", "JCZ")


def turn_message(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The public message of a move, checked for catalogue wording."""
    message = result.followups[-1] if result.followups else result.response
    assert_readable(message.content, message.embeds[0].description)
    return message


def assert_readable(*texts: str | None) -> None:
    for text in texts:
        assert not any(note in (text or "") for note in CATALOGUE_NOTES), text


def events_of(state: GameState, turn: int, kind: type) -> list:
    """The engine events of type ``kind`` that the move made at ``turn`` caused."""
    assert state.game is not None
    return [e for e in state.game.events if isinstance(e, kind) and e.turn >= turn]


def assert_final_announcement(message: simcord.ResponseMessage, state: GameState) -> None:
    """Game over, the winners mentioned, and each player's final scoring line."""
    game = state.game
    assert state.row.status == "finished" and game is not None and game.is_over
    outcome = game.outcome()
    assert message.content.startswith("🏆 Game over!")
    assert mentions(message.content) == [state.players[s].id for s in outcome.winners]
    assert ("share the win" in message.content) == (len(outcome.winners) > 1)
    *fields, digest = message.embeds[0].fields
    assert digest.name == "Record digest (SHA-256)"  # issue 18, fault 10
    # By rank (issue 18, fault 6): "1. 🔵1 alice".
    ranked = sorted(range(len(state.players)), key=lambda s: (-outcome.scores[s], s))
    assert [f.name.split(" ", 2)[2] for f in fields] == [state.players[s].name for s in ranked]
    finals = [e for e in game.events if isinstance(e, FeatureScored) and e.final]
    for seat, field in zip(ranked, fields, strict=True):
        gained = sum(e.points for e in finals if seat in e.scorers)
        assert field.value.startswith(f"{outcome.scores[seat] - gained} during the game, ")
        assert field.value.split("\n")[0].endswith(f" at the end: **{outcome.scores[seat]}**")
        assert ("nothing more" in field.value) == (gained == 0)
    assert not message.components  # no "Play your turn" once it is over


async def test_hunters_and_gatherers_to_the_end_with_a_bonus_tile(table) -> None:  # HG-32
    await table.started("alice", "bob", game="hunters-and-gatherers")
    bonus: tuple[int, str] | None = None  # (closer's id, bonus tile) awaiting placement
    bonuses = huts = 0
    for _ in range(TURN_LIMIT):
        state = await table.state()
        if state.row.status != "running":
            break
        mover = state.current
        move = choose(state)
        if bonus is not None:
            # The bonus turn: only the bonus tile is offered, and it can be placed.
            me = await table.on_turn()
            assert me.id == bonus[0] and state.game.is_bonus_turn
            offered = await me.autocomplete(table.channel, "carcassonne place", "tile", "")
            assert values(offered) == [bonus[1]] == [move.tile]
            spots = await me.autocomplete(table.channel, "carcassonne place", "position", "")
            assert f"{move.x},{move.y},{move.rotation}" in values(spots)
        huts += move.figure == HUT
        result = await table.place(move)
        assert not result.ephemeral, result.response.content
        message = turn_message(result)
        after = await table.state()
        if bonus is not None:
            # The bonus tile was placed: announced as such, and play passed on.
            placed = events_of(after, state.turn, TilePlaced)[0]
            assert placed.tile == bonus[1] and placed.bonus
            placed_line = next(line for line in message.embeds[0].description.split("\n")
                               if f"**{mover.name}** placed " in line
                               and f"placed {tile_name(EN, bonus[1])} at" in line)
            assert placed_line.endswith("(bonus tile)")
            if after.current is not None:
                assert after.current.id != mover.id and not after.game.is_bonus_turn
                assert mentions(message.content) == [after.current.id]
            bonus, bonuses = None, bonuses + 1
            continue
        earned = events_of(after, state.turn, BonusTileEarned)
        if earned and after.game.is_bonus_turn:
            tile = earned[0].tile
            assert earned[0].player == state.seat(mover.id)
            assert after.current.id == mover.id  # the same player is on turn again
            assert after.game.tile.id == tile
            assert f"✨ {mark(state.seat(mover.id))} **{mover.name}** earned a bonus tile: " in (
                message.embeds[0].description)
            assert f": {tile_name(EN, tile)}." in message.embeds[0].description
            assert message.content.startswith(
                f"{mark(state.seat(mover.id))} {mention(mover.id)}, your turn: your bonus tile "
                "is **")
            assert f"**{tile_name(EN, tile)}**" in message.content
            assert mentions(message.content) == [mover.id]
            bonus = (mover.id, tile)
    else:
        raise AssertionError(f"the game did not end in {TURN_LIMIT} moves")
    assert bonuses == 3, "re-search the seed: the bonus tiles changed"
    assert huts >= 1
    final = await table.state()
    assert_final_announcement(turn_message(result), final)
    assert any(e.final and e.kind in ("forest", "meadow", "river", "lake")
               for e in final.game.events if isinstance(e, FeatureScored))
    # Issue 9, polish: the bag after a Hunters and Gatherers game (it said "0 tiles left"
    # and then a blank line).
    bag = (await table.member("bob").slash(table.channel, "carcassonne tiles")).response
    assert bag.embeds[0].title.endswith(": 0 tiles left in the bag")
    assert bag.embeds[0].description == "The game is over: every tile was played."
    assert_player_words(table.env)


async def test_a_river_game_to_the_end_with_a_discard(database) -> None:  # R-3, B-12
    async with seeded_table(database, RIVER_SEED) as table:
        await table.started("alice", "bob", river=True)
        first = table.channel.last_message
        state = await table.state()
        assert "River" in first.embeds[0].description
        assert "river" in state.game.tile.edges
        assert f"your tile is **{tile_name(EN, state.game.tile)}**" in first.content
        kinds: list[str] = []  # river / lake / land: each tile placed, in order
        discards = []
        for _ in range(TURN_LIMIT):
            state = await table.state()
            if state.row.status != "running":
                break
            move = choose(state)
            result = await table.place(move)
            assert not result.ephemeral, result.response.content
            message = turn_message(result)
            after = await table.state()
            tile = after.game.rules.tiles[move.tile]
            rivers = tile.edges.count("river")  # the lake ends the River: one river edge
            kinds.append("lake" if rivers == 1 else "river" if rivers else "land")
            assert message.embeds[0].title.endswith(f", turn {after.turn}")
            for discard in events_of(after, state.turn, TileDiscarded):
                who = after.players[discard.player]
                text = message.embeds[0].description
                assert f"🗑️ {mark(discard.player)} **{who.name}** drew " in text
                assert (f"drew {tile_name(EN, discard.tile)}, which fits nowhere: it is "
                        "discarded.") in text
                assert after.turn == state.turn + 2  # the placement and the discard
                # Who discarded plays on with a new tile, and is told so.
                assert after.current.id == who.id and mentions(message.content) == [who.id]
                assert "your tile is **" in message.content
                assert f"**{tile_name(EN, after.game.tile)}**" in message.content
                discards.append((kinds.count("land"), discard.tile))
        else:
            raise AssertionError(f"the game did not end in {TURN_LIMIT} moves")
        # The whole River first (ending in the lake), then the land tiles.
        river = kinds.index("land")
        assert set(kinds[: river - 1]) == {"river"} and kinds[river - 1] == "lake"
        assert set(kinds[river:]) == {"land"} and len(kinds) - river > 60
        assert discards == [(4, "C")], "re-search RIVER_SEED: the draws changed"
        assert_final_announcement(turn_message(result), await table.state())
        assert_player_words(table.env)


async def test_a_winter_game_with_hands_of_three_to_the_end(database) -> None:  # H-1, D-8
    async with seeded_table(database, WINTER_SEED) as table:
        state = await table.started("alice", "bob", winter=True, hand=3)
        first = table.channel.last_message
        assert "Winter Edition" in first.embeds[0].description
        assert "a hand of 3 tiles" in first.embeds[0].description
        hand = [t.id for t in state.game.hand]
        assert len(hand) == 3 and "choose one of" in first.content
        assert_readable(first.content)
        assert all(f"**{tile_name(EN, tile)}**" in first.content for tile in hand)
        discards, not_first = [], 0
        for _ in range(TURN_LIMIT):
            state = await table.state()
            if state.row.status != "running":
                break
            me = await table.on_turn()
            hand = [t.id for t in state.game.hand]
            move = choose(state)  # what the player picks below, from the suggestions
            offered = await me.autocomplete(table.channel, "carcassonne place", "tile", "")
            assert values(offered) == list(dict.fromkeys(hand))  # two of a kind: one choice
            assert_readable(*(c["name"] for c in offered))
            picked = next(c["value"] for c in offered if untag(c["value"]) == move.tile)
            spots = await me.autocomplete(
                table.channel, "carcassonne place", "position", "", tile=picked)
            position = spots[(state.turn * 7) % len(spots)]["value"]
            tile = untag(picked)
            assert untag(position) == f"{move.x},{move.y},{move.rotation}"
            options = {"position": position, "tile": picked}
            if move.figure == MEEPLE:
                followers = await me.autocomplete(table.channel, "carcassonne place", "follower",
                                                  "", position=position, tile=picked)
                assert untag(followers[1]["value"]) == "1"  # the first spot of the preview
                assert followers[1]["name"].startswith("1: the ")
                options["follower"] = followers[1]["value"]
            not_first += tile != hand[0]
            result = await me.slash(table.channel, "carcassonne place", **options)
            assert not result.ephemeral, result.response.content
            message = turn_message(result)
            after = await table.state()
            placed = events_of(after, state.turn, TilePlaced)[0]
            assert (placed.tile, placed.x, placed.y) == (tile, move.x, move.y)
            for discard in events_of(after, state.turn, TileDiscarded):
                assert f"**{after.players[discard.player].name}** drew " in (
                    message.embeds[0].description)
                assert f"drew {tile_name(EN, discard.tile)}, which fits nowhere" in (
                    message.embeds[0].description)
                discards.append(discard.tile)
            if after.current is None:
                continue
            # The next player is shown their whole hand (or their last tile).
            next_hand = after.game.hand
            assert mentions(message.content) == [after.current.id]
            if len(next_hand) > 1:
                assert "choose one of" in message.content
                assert all(f"**{tile_name(EN, t)}**" in message.content for t in next_hand)
            else:
                assert "your tile is **" in message.content
                assert f"**{tile_name(EN, next_hand[0])}**" in message.content
        else:
            raise AssertionError(f"the game did not end in {TURN_LIMIT} moves")
        assert not_first > 20  # the tile parameter was honoured, not just the first tile
        assert discards == ["X"], "re-search WINTER_SEED: the draws changed"
        final = await table.state()
        assert len(final.game.outcome().winners) == 2  # a tie: "share the win" is announced
        assert len(final.game.history) == 83  # every Winter tile but the start: placed or not
        assert_final_announcement(turn_message(result), final)
        assert_player_words(table.env)


# ------------------------------------------------ Hunters and Gatherers' words


async def _hut_game(table, huts: int = 2) -> list[tuple[GameState, Place]]:
    """A Hunters and Gatherers game in which huts are placed (by their spot's number)
    as soon as a tile offers one, until ``huts`` stand; the hut moves, before each."""
    await table.started("alice", "bob", game="hunters-and-gatherers")
    placed: list[tuple[GameState, Place]] = []
    for _ in range(TURN_LIMIT):
        state = await table.state()
        if len(placed) == huts or state.row.status != "running":
            break
        tile = state.game.tile
        hut = next((Place(tile.id, *placement, HUT, option.port)
                    for placement in app_input.placements(state, tile)
                    for option in app_input.figures(state, placement, tile)
                    if option.figure == HUT), None)
        result = await table.place(hut)
        assert not result.ephemeral, result.response.content
        if hut is not None:
            placed.append((state, hut))
    assert len(placed) == huts, "no hut could be placed"
    return placed


async def test_regression_a_hut_is_named_once_in_a_sentence(table) -> None:  # HG-48
    """"with a hut on the river (hut)": the spot's menu name, which tells the hut apart
    from a fisher on the same river, went into sentences that name the hut already;
    they say "with a hut on the river" (the history too, where a tribe member is no
    "follower")."""
    placed = await _hut_game(table)
    await table.member("alice").slash(table.channel, "carcassonne history")
    lines = [line for text in player_texts(table.env) for line in text.split("\n")]
    twice = [line for line in lines if len(re.findall(r"\bhuts?\b", line)) > 1]
    assert not twice, twice
    for state, move in placed:
        tile = state.game.rules.tiles[move.tile]
        kind = next(o.kind for o in app_input.figures(state, move.placement, tile)
                    if o.figure == HUT and o.port == move.port)
        said = [line for line in lines if f"({move.tile}) at `{move.x},{move.y}`" in line]
        assert said and all(re.search(rf"hut on the ([a-z-]+ )?{kind}\.?$", line)
                            for line in said), said
    history = [line for line in lines if re.match(r"`\s*\d+` ", line)]
    assert history and not [line for line in history if "follower" in line], history


async def test_regression_not_a_spot_suggests_the_games_own_features(table) -> None:
    """A spot that is none, in Hunters and Gatherers, was answered "give ... a word such
    as `road` or `city`": words of Carcassonne. The words suggested are the preview's
    own features ("`forest` or `meadow`"), and typing one is understood."""
    await table.started("alice", "bob", game="hunters-and-gatherers")
    state = await table.state()
    tile = state.game.tile
    placement = next(p for p in app_input.placements(state, tile)
                     if len(app_input.figures(state, p, tile)) > 1)
    kinds = {o.kind for o in app_input.figures(state, placement, tile)}
    me = await table.on_turn()
    refused = await me.slash(table.channel, "carcassonne place", follower="bridge",
                             position=f"{placement.x},{placement.y},{placement.rotation}")
    assert refused.ephemeral
    words = set(re.findall(r"`([^`]+)`", refused.response.content)) - {"bridge", "none"}
    t = messages(SOURCE)
    assert words and words <= {t.term(FEATURES[kind]) for kind in kinds}, words
    assert not {"road", "city", "cloister", "field"} & words
    understood = await me.slash(table.channel, "carcassonne place", follower=min(words),
                                position=f"{placement.x},{placement.y},{placement.rotation}")
    content = understood.response.content or ""
    assert not understood.ephemeral or "could be" in content, content


async def test_regression_the_feature_view_names_the_games_own_features(table) -> None:
    """The key under "who owns what" listed road, city, cloister, field, forest and river
    in either game: each game lists the features its figures claim, in each language."""
    claimed = {"hunters-and-gatherers": ("forest", "meadow", "river"),
               "carcassonne": ("road", "city", "cloister", "field")}
    channels = {}
    for game in claimed:
        channels[game] = table.guild.create_text_channel(game)
        await table.started("alice", "bob", channel=channels[game], game=game)
    for language in Language:
        # The answer is bob's alone (issue 20): in his language.
        await table.member("bob").slash(table.channel, "carcassonne me",
                                        language=language.value)
        t = messages(language)
        for game, kinds in claimed.items():
            shown = await table.member("bob").slash(channels[game], "carcassonne board",
                                                    view="features")
            key = (shown.followups[-1] if shown.followups else shown.response).embeds[0]
            others = {k for other in claimed.values() for k in other} - set(kinds)
            for kind in kinds:
                assert t.term(FEATURES[kind]) in key.description, (language, game, kind)
            for kind in others:
                assert t.term(FEATURES[kind]) not in key.description, (language, game, kind)
