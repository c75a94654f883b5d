"""The words drawn in pictures, in every language (Chinese with the system CJK font)."""

from __future__ import annotations

import io
import random
from dataclasses import fields, replace

import pytest
from PIL import Image, ImageChops

from bot.i18n import Language, messages, picture_labels
from bot.i18n.catalogues import TEMPLATE
from bot.i18n.checks import read_catalogue
from engine import Game, Options
from engine.options import HUNTERS_AND_GATHERERS
from engine.selfplay import play_random_moves
from render import (
    ENGLISH,
    Counted,
    Labels,
    render_choices,
    render_features,
    render_hand,
    render_preview,
    render_review,
    render_turn,
    score_chart,
    score_table,
)
from render.fonts import system_chain
from render.text import text_width
from render.theme import resolve_theme
from render.turn import NOTE_SIZE, turn_layout


def _play(game: Game, turns: int | None, seed: int) -> Game:
    return play_random_moves(game, random.Random(seed), turns)


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    late = _play(Game.new(["Ana", "Béla", "王小明"], Options(winter=True, hand=3), seed=11), 60, 2)
    early = _play(Game.new(["Ana", "Béla"], Options(), seed=3), 4, 1)
    finished = _play(Game.new(["Ana", "Béla"], Options(), seed=3), None, 1)
    expansions = Game.new(["Ana", "Béla"], Options(inns_cathedrals=True), seed=3)
    return {"late": late, "early": early, "finished": finished, "expansions": expansions}


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _pictures(games: dict[str, Game]):
    """Each picture as a function of labels, with the Labels fields it draws."""
    late, early, finished = games["late"], games["early"], games["finished"]
    with_figure = next(p for p in early.legal_placements() if early.legal_figures(p))
    without_figure = next(p for p in late.legal_placements() if not late.legal_figures(p))
    names = list(finished.players)
    actions = list(early.legal_actions())
    better = next(a for a in actions if a.figure is not None)
    elsewhere = next(a for a in actions if (a.x, a.y) != (better.x, better.y))
    here = next(a for a in actions if (a.x, a.y) == (better.x, better.y) and a != better)
    big = games["expansions"]
    with_big = next(p for p in big.legal_placements() if big.legal_figures(p))
    return {
        "preview with a big follower": (lambda labels: render_preview(big, with_big,
                                                                      labels=labels),
                                        {"preview_caption", "figure_spots", "figure_marks"}),
        "turn": (lambda labels: render_turn(late, labels=labels),
                 {"to_place", "turn_title", "more_positions", "since_last_turn",
                  "recent_elsewhere"}),
        "preview": (lambda labels: render_preview(early, with_figure, labels=labels),
                    {"preview_caption", "figure_spots"}),
        "preview without figure": (lambda labels: render_preview(late, without_figure,
                                                                 labels=labels),
                                   {"no_figure"}),
        "features": (lambda labels: render_features(late, labels=labels),
                     {"features_title", "contested", "unclaimed"}),
        "hand": (lambda labels: render_hand(late.hand, labels=labels), {"hand_title"}),
        "choices": (lambda labels: render_choices(early, labels=labels), {"to_place"}),
        "chart": (lambda labels: _png(score_chart(names, score_table(finished), final=True,
                                                  labels=labels)),
                  {"chart_title", "chart_turn", "chart_points", "chart_end"}),
        "review": (lambda labels: render_review(early, better, elsewhere, points="2.5",
                                                labels=labels),
                   {"turn_title", "review_better", "review_played"}),
        "review at the same place": (lambda labels: render_review(early, better, here,
                                                                  points="2.5", labels=labels),
                                     {"review_played_here"}),
    }


#: Labels a picture wraps to its width (the review's key) rather than draws on one line.
WRAPPED = {"review_better", "review_played", "review_played_here"}


def _differ(a: Image.Image, b: Image.Image) -> bool:
    return a.size != b.size or ImageChops.difference(a.convert("RGB"),
                                                      b.convert("RGB")).getbbox() is not None


def _texts(value: str | Counted) -> list[str]:
    """What a label draws: a counted one, for numbers of each plural form."""
    return [value(n) for n in (1, 2, 5, 21)] if isinstance(value, Counted) else [value]


def _drawable(text: str) -> bool:
    chain = system_chain()
    return all(any(face.has(char) for face in chain) for char in text if not char.isspace())


def _skip_without_cjk(language: Language) -> None:
    if language is Language.CHINESE and not _drawable("待放置"):
        pytest.skip("no CJK font on this machine (Debian: fonts-noto-cjk)")


def test_every_labels_field_is_drawn_by_some_picture(games):
    drawn = set().union(*(used for _, used in _pictures(games).values()))
    assert drawn == {field.name for field in fields(Labels)}


@pytest.mark.parametrize("language", [Language.ESPERANTO, Language.ROMANIAN,
                                      Language.HUNGARIAN, Language.CHINESE])
def test_each_picture_draws_in_each_language(games, language):
    _skip_without_cjk(language)
    labels = picture_labels(language)
    for field in fields(Labels):
        texts = _texts(getattr(labels, field.name))
        for text, english in zip(texts, _texts(getattr(ENGLISH, field.name)), strict=True):
            assert text != english, field.name
            assert _drawable(text), (field.name, text)  # no character left out
    for name, (draw, used) in _pictures(games).items():
        picture = draw(labels)
        assert _differ(picture, draw(ENGLISH)), name
        for field in used:  # each label fits in its picture (a wrapped note: word by word)
            for text in _texts(getattr(labels, field)):
                pieces = text.split() if field in WRAPPED else [text]
                for piece in pieces:
                    assert text_width(piece, 14) < picture.width, (name, field, piece)


@pytest.mark.parametrize("language", [Language.HUNGARIAN, Language.CHINESE])
def test_every_label_a_picture_shows_is_the_translated_one(games, language):
    # Put one field back to English: the picture changes, so that field's
    # translation is what was drawn.
    _skip_without_cjk(language)
    labels = picture_labels(language)
    for name, (draw, used) in _pictures(games).items():
        translated = draw(labels)
        for field in used:
            english = replace(labels, **{field: getattr(ENGLISH, field)})
            assert _differ(translated, draw(english)), (name, field)


def test_hunters_and_gatherers_pictures_name_tribe_members_and_huts():
    assert picture_labels(Language.ENGLISH, HUNTERS_AND_GATHERERS).no_figure == (
        "no tribe member or hut possible")
    hungarian = picture_labels(Language.HUNGARIAN, HUNTERS_AND_GATHERERS)
    assert "törzstag" in hungarian.figure_spots and "kunyhó" in hungarian.no_figure
    assert "alattvaló" in picture_labels(Language.HUNGARIAN).no_figure
    english = picture_labels(Language.ENGLISH)
    for field in fields(Labels):
        assert _texts(getattr(english, field.name)) == _texts(getattr(ENGLISH, field.name))


def test_picture_labels_come_from_the_catalogue():
    t = messages(Language.ROMANIAN)
    assert picture_labels(Language.ROMANIAN).turn_title == t.pgettext("picture", "{name} to play")
    assert picture_labels(Language.ROMANIAN).turn_title.format(name="Ana") == "Ana e la rând"


def test_regression_more_places_is_a_plural_message_in_every_language():
    """"+1 more places on the full map": the turn picture's count of the places off it
    was one form for every number; it is a plural message (``npgettext``) whose form
    the reader's language chooses by the number."""
    singular, plural = ENGLISH.more_positions.singular, ENGLISH.more_positions.plural
    assert read_catalogue(TEMPLATE).get(singular, context="picture").id == (singular, plural)
    assert ENGLISH.more_positions(1) == "+1 more place on the full map"
    assert ENGLISH.more_positions(3) == "+3 more places on the full map"
    for language in Language:
        t = messages(language)
        said = picture_labels(language).more_positions
        for n in (1, 2, 5, 20, 21):
            assert said(n) == t.npgettext("picture", singular, plural, n)
            assert str(n) in said(n)
    romanian = picture_labels(Language.ROMANIAN).more_positions
    assert len({romanian(1).replace("1", "n"), romanian(2).replace("2", "n"),
                romanian(20).replace("20", "n")}) == 3  # 1 loc, 2 locuri, 20 de locuri


@pytest.mark.parametrize("language", [Language.HUNGARIAN, Language.ROMANIAN], ids=str)
def test_regression_translated_notes_stay_inside_a_narrow_turn_picture(language):
    """The Hungarian note "1, 2, 3…: az előző köröd óta lerakott kártyák" ran past the
    right edge of a turn picture three tiles wide: each note wraps inside the map's width."""
    game = _play(Game.new(["Ana", "Béla"], Options(), seed=30), 5, 30)
    labels = picture_labels(language)
    layout = turn_layout(game, labels)
    assert layout.frame.cols == 3 and len(layout.notes) == 2
    image = render_turn(game, labels=labels)
    frame = layout.frame
    for note, lines in zip((labels.more_positions(1), labels.since_last_turn), layout.notes,
                           strict=True):
        assert " ".join(lines) == note
        assert all(text_width(line, NOTE_SIZE) <= frame.width - frame.left - 8
                   for line in lines), lines
    margin = image.crop((image.width - 8, image.height - layout.notes_height, image.width,
                         image.height))
    colours = {colour for _, colour in margin.getcolors(margin.width * margin.height)}
    assert colours == {resolve_theme(None, game).background}
