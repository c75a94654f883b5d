"""Names in any script: the font chain, missing characters, right-to-left text."""

import pytest
from render_support import pixels

import render.fonts as fonts
import render.text as text
from render.bidi import levels, shape_arabic, visual_runs
from render.fonts import BUNDLED, Face, system_chain
from render.text import text_sprite

WHITE = (255, 255, 255)
BUNDLED_ONLY = (Face(str(BUNDLED)),)
CJK = next((face for face in system_chain() if face.has("\u738b")), None)
EMOJI = next((face for face in system_chain() if face.colour), None)
needs_cjk = pytest.mark.skipif(CJK is None, reason="no CJK font installed (fonts-noto-cjk)")
needs_emoji = pytest.mark.skipif(EMOJI is None,
                                 reason="no emoji font installed (fonts-noto-color-emoji)")


def ink_width(sprite) -> int:
    box = sprite.ink
    return 0 if box is None else box[2] - box[0]


def test_the_bundled_font_covers_latin_greek_cyrillic_arabic_hebrew():
    face = BUNDLED_ONLY[0]
    # Esperanto, Romanian, Hungarian (languages of the translations to come),
    # and a sample of each script a player's name may use.
    for sample in ("ĉĝĥĵŝŭĈĜĤĴŜŬ", "șțăâîȘȚĂÂÎ", "őűŐŰáéíóöúü", "Ελένη", "Дмитрий",
                   "محمد", "שלום"):
        missing = [c for c in sample if not face.has(c)]
        assert not missing, sample


def test_a_character_no_font_has_is_left_out_not_drawn_as_a_box():
    plain = text_sprite("Ana", 24, WHITE, BUNDLED_ONLY)
    for odd in ("Ana\u0378", "A\U000f0000na", "An\x07a", "\u200eAna"):
        assert text_sprite(odd, 24, WHITE, BUNDLED_ONLY).image.tobytes() == plain.image.tobytes()


def test_a_cjk_name_without_a_cjk_font_draws_nothing():
    assert text_sprite("王小明", 24, WHITE, BUNDLED_ONLY).ink is None
    # The Latin part of a mixed name still draws, alone.
    assert (text_sprite("Wang王", 24, WHITE, BUNDLED_ONLY).image.tobytes()
            == text_sprite("Wang", 24, WHITE, BUNDLED_ONLY).image.tobytes())


@needs_cjk
def test_a_cjk_name_draws_with_the_system_cjk_font():
    sprite = text_sprite("王小明", 24, WHITE)
    assert ink_width(sprite) > 2 * 24
    # The Simplified Chinese labels of the translation to come draw too.
    assert ink_width(text_sprite("轮到你了", 24, WHITE)) > 3 * 24
    # Same line height as Latin text, so legend rows stay aligned.
    assert sprite.height == text_sprite("Ana", 24, WHITE).height


@needs_emoji
def test_an_emoji_draws_in_colour_at_the_texts_size():
    sprite = text_sprite("🐉", 24, WHITE)
    box = sprite.ink
    assert box is not None and 12 <= box[3] - box[1] <= 28
    colours = [c for c in pixels(sprite.image) if c[3] > 200]
    assert any(max(c[:3]) - min(c[:3]) > 60 for c in colours)  # not monochrome


def test_an_emoji_without_an_emoji_font_is_left_out():
    assert text_sprite("🐉", 24, WHITE, BUNDLED_ONLY).ink is None


def test_levels_follow_the_bidirectional_algorithm():
    assert levels("abc") == [0, 0, 0]
    assert levels("אב") == [1, 1]
    # A number after Hebrew in a right-to-left paragraph stays left to right.
    assert levels("אב 12") == [1, 1, 1, 2, 2]
    # Neutrals between two directions take the paragraph's.
    assert levels("ab אב") == [0, 0, 0, 1, 1]
    runs = visual_runs("ab אג", ["f"] * 5)
    assert [r.text for r in runs] == ["ab ", "אג"]
    runs = visual_runs("אב cd", ["f"] * 5)
    assert [r.text for r in runs] == ["cd", "אב "]


def test_arabic_letters_join_without_libraqm():
    # meem-hah-meem-dal: initial, medial, medial, final.
    assert shape_arabic("محمد") == "\ufee3\ufea4\ufee4\ufeaa"
    # alef joins only the letter before it: the letter after starts anew.
    assert shape_arabic("باب") == "\ufe91\ufe8e\ufe8f"


@pytest.fixture(params=["raqm", "basic"])
def layout(request, monkeypatch):
    """Draw with libraqm when this Pillow has it, and without it in any case."""
    if request.param == "raqm" and not fonts.HAS_RAQM:
        pytest.skip("this Pillow has no libraqm")
    if request.param == "basic":
        monkeypatch.setattr(fonts, "LAYOUT", fonts.ImageFont.Layout.BASIC)
        monkeypatch.setattr(text, "HAS_RAQM", False)
    fonts.truetype.cache_clear()
    text.text_sprite.cache_clear()
    yield request.param
    fonts.truetype.cache_clear()
    text.text_sprite.cache_clear()


def test_a_right_to_left_name_reads_right_to_left(layout):
    # Regression of issue 10: "Right-to-left names stay right".
    word = text_sprite("אב", 32, WHITE, BUNDLED_ONLY)
    alef = text_sprite("א", 32, WHITE, BUNDLED_ONLY)
    bet = text_sprite("ב", 32, WHITE, BUNDLED_ONLY)
    half = word.width // 2
    left = word.image.crop((0, 0, half, word.height)).getchannel("A")
    right = word.image.crop((half, 0, word.width, word.height)).getchannel("A")

    def same(part, glyph) -> bool:
        g = glyph.image.getchannel("A").crop(glyph.ink)
        p = part.crop(part.getbbox())
        return p.size == g.size and sum(abs(a - b) for a, b in zip(pixels(p), pixels(g))) \
            < 0.1 * 255 * p.width * p.height

    assert same(right, alef) and same(left, bet)


@pytest.mark.skipif(not fonts.HAS_RAQM, reason="this Pillow has no libraqm to compare with")
def test_without_libraqm_arabic_draws_as_libraqm_draws_it(monkeypatch):
    name = "محمد علي"
    shaped = text_sprite(name, 32, WHITE, BUNDLED_ONLY).image.getchannel("A")
    monkeypatch.setattr(fonts, "LAYOUT", fonts.ImageFont.Layout.BASIC)
    monkeypatch.setattr(text, "HAS_RAQM", False)
    fonts.truetype.cache_clear()
    text.text_sprite.cache_clear()
    try:
        fallback = text_sprite(name, 32, WHITE, BUNDLED_ONLY).image.getchannel("A")
        from PIL import Image, ImageDraw
        naive = Image.new("L", fallback.size)
        ImageDraw.Draw(naive).text((1, 0), name, font=fonts.truetype(BUNDLED_ONLY[0], 32),
                                   fill=255)
    finally:
        fonts.truetype.cache_clear()
        text.text_sprite.cache_clear()

    def overlap(a, b) -> float:
        """Share of ``a``'s ink that ``b`` also inks, both cropped to their ink."""
        a, b = (im.point(lambda v: 255 if v > 96 else 0) for im in (a, b))
        a, b = a.crop(a.getbbox()), b.crop(b.getbbox()).resize(a.crop(a.getbbox()).size)
        both = sum(1 for x, y in zip(pixels(a), pixels(b)) if x and y)
        return both / max(1, sum(1 for x in pixels(a) if x))

    assert abs(fallback.width - shaped.width) <= 4
    assert overlap(shaped, fallback) > 0.8
    assert overlap(shaped, naive) < 0.5  # unjoined, left to right: another picture
