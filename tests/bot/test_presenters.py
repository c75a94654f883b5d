"""What the turn messages say, from engine events (no Discord needed)."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime

import discord

from bot.app.state import GameState, Played
from bot.discord.markup import mention
from bot.i18n import SOURCE, Language, messages
from bot.i18n.terms import FEATURE_HEADINGS
from bot.storage import GameRow, Player
from bot.words.events import event_lines, placed_line
from bot.words.results import final_scoring
from bot.words.status import status_embed
from bot.words.turn import scores_field, turn_post
from engine import MEEPLE, FeatureScored, Game, Options, Place, TileDiscarded, record_digest
from engine.statistics import game_statistics

NOW = datetime(2026, 1, 1, tzinfo=UTC)
ENGLISH = messages(SOURCE)
PLAYERS = (Player(1, "Ana"), Player(2, "Béla"))


def state_of(game: Game, status: str = "running") -> GameState:
    row = GameRow(
        id=7,
        guild_id=1,
        channel_id=2,
        host_id=1,
        options={"game": "carcassonne"},
        seed=1,
        players=PLAYERS,
        status=status,
        version=3,
        record=game.to_record(),
        lobby_message_id=None,
        created_at=NOW,
        updated_at=NOW,
        turn_started_at=NOW,
        finished_at=None,
    )
    return GameState(row, game)


def finished_game(seed: int = 3) -> Game:
    game = Game.new(["Ana", "Béla"], Options(), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        placement = rng.choice(list(game.legal_placements()))
        figures = game.legal_figures(placement)
        meeple = figures[0].port if figures and rng.random() < 0.5 else None
        game.play(Place(game.tile.id, *placement, meeple and MEEPLE, meeple))
    return game


def test_discards_are_announced() -> None:
    game = Game.new(["Ana", "Béla"], Options(), seed=1)
    lines = event_lines(
        ENGLISH,
        state_of(game),
        [
            TileDiscarded(turn=4, player=1, tile="L", back_to_bag=False),
            TileDiscarded(turn=5, player=0, tile="V", back_to_bag=True),
        ],
    )
    assert lines[0].startswith("🗑️ 🟡2 **Béla** drew city edge with three roads, which")
    assert "is discarded" in lines[0]
    assert "goes back into the bag" in lines[1]


def test_shared_points_say_each() -> None:
    game = Game.new(["Ana", "Béla"], Options(), seed=1)
    event = FeatureScored(
        turn=3,
        player=0,
        kind="city",
        points=8,
        scorers=(0, 1),
        tiles=3,
        returned=((0, 1), (1, 1)),
        final=False,
        note="3 tiles, 1 pennant",
    )
    [line] = event_lines(ENGLISH, state_of(game), [event])
    assert line == "✅ Completed city (3 tiles): 🔵1 **Ana** and 🟡2 **Béla** +8 each."


def test_final_scoring_is_broken_down_by_feature_and_names_the_winner() -> None:
    game = finished_game()
    state = state_of(game, "finished")
    last = Played(state, PLAYERS[0], Place("D", 0, 0, 0), list(game.events[-5:]))
    post = turn_post(ENGLISH, last, None, None)
    outcome = game.outcome()
    assert post.content.startswith("🏆 Game over!")
    assert all(mention(PLAYERS[s].id) in post.content for s in outcome.winners)
    *fields, digest = post.embed.fields
    # Issue 18, fault 10: the record's digest, as `python -m engine verify` prints it.
    assert digest.name == "Record digest (SHA-256)"
    assert digest.value == f"`{record_digest(game)}`"
    # By rank (issue 18, fault 6): "1. 🔵1 Ana", the winner first.
    ranked = sorted(range(2), key=lambda seat: (-outcome.scores[seat], seat))
    assert [f.name.split(" ", 2)[2] for f in fields] == [["Ana", "Béla"][s] for s in ranked]
    assert fields[0].name.startswith("1. ")
    finals = [e for e in game.events if isinstance(e, FeatureScored) and e.final and e.points]
    headings = {ENGLISH.term(FEATURE_HEADINGS[e.kind]) for e in finals}
    text = " ".join(f.value for f in fields)
    assert headings and all(f"{heading} +" in text for heading in headings)
    statistics = game_statistics(game).players
    for seat, field in zip(ranked, fields, strict=True):
        scoring, by_kind = field.value.split("\n")
        assert scoring.endswith(f": **{outcome.scores[seat]}**")
        # Issue 22: the whole game's points by feature kind, which add up to the score.
        shown = dict(part.rsplit(" ", 1) for part in by_kind.split(" · "))
        assert shown == {ENGLISH.term(FEATURE_HEADINGS[kind]): str(points)
                         for kind, points in statistics[seat].points_by_kind.items()}
        assert sum(map(int, shown.values())) == outcome.scores[seat]


def test_status_shows_who_is_on_turn_since_when() -> None:
    game = Game.new(["Ana", "Béla"], Options(), seed=1)
    embed = status_embed(ENGLISH, state_of(game), NOW)
    fields = {f.name: f.value for f in embed.fields}
    assert fields["On turn"].startswith("🔵1 <@1>, since <t:1767225600:R>")
    assert fields["Tiles left"] == str(game.tiles_left())


def test_regression_a_bonus_tile_note_follows_its_sentence_as_each_language_writes() -> None:
    game = Game.new(["Ana", "Béla"], Options(), seed=3)
    placement = next(game.legal_placements())
    placed = game.play(Place(game.tile.id, *placement)).events[0]
    bonus = replace(placed, bonus=True)
    state = state_of(game)
    english = placed_line(ENGLISH, state, bonus)
    assert english.endswith("°. (bonus tile)"), english
    chinese = placed_line(messages(Language.CHINESE), state, bonus)
    assert chinese.endswith("°。（奖励方块）"), chinese


def test_the_expansions_events_figures_and_goods_are_told() -> None:
    """TB-10, TB-17, TB-13: goods taken, the double turn, goods held and scored;
    the new figures in the placement sentence and the scores."""
    from engine import BUILDER, DoubleTurnEarned, GoodsTaken

    game = Game.from_record({
        "players": ["Ana", "Béla"], "start": {"tile": "D"},
        "options": {"inns_cathedrals": True, "traders_builders": True},
        "turns": [{"tile": "TB3", "x": 0, "y": -1, "rotation": 90, "big": "N"},
                  {"tile": "E", "x": 0, "y": -2, "rotation": 180}]})
    state = state_of(game)
    lines = event_lines(ENGLISH, state, [
        GoodsTaken(turn=1, player=1, goods=(1, 0, 2)), DoubleTurnEarned(turn=1, player=0)])
    assert lines[0].endswith("**Béla** takes 1 wine and 2 cloth.")
    assert lines[1].endswith("**Ana** extended their builder's road or city: a second tile now.")
    placed = placed_line(ENGLISH, state, game.events[0])
    assert placed.endswith("with their big follower on the city.")
    scores = scores_field(ENGLISH, state)
    assert "**Ana**: 6 points (7 followers, 1 big follower, 1 builder, and 1 pig left)\n" in scores
    assert scores.endswith("**Béla**: 0 points (7 followers, 1 big follower, 1 builder, and 1 pig "
                           "left) Goods: 1 wine.")
    game.end()
    embed = discord.Embed()
    final_scoring(ENGLISH, state_of(game), embed)
    béla = next(field for field in embed.fields if "Béla" in field.name)  # ranked first
    assert "Trade goods +10" in béla.value
    assert BUILDER in game.rules.supply
