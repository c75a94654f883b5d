"""The players' colours stay apart for every common colour-vision deficiency,
and every player has a mark besides a colour."""

import itertools

import pytest

from render import PLAYER_COLOURS, player_colour, player_mark
from render.theme import ink_on
from render.vision import (
    DEFICIENCIES,
    ciede2000,
    colour_distance,
    simulate,
    simulate_image,
    to_lab,
)

#: The least CIEDE2000 distance two players' colours may have, in any vision.
LEAST = 20

# Sharma, Wu and Dalal (2005), Table 1: CIELAB pairs and their ΔE00.
SHARMA_PAIRS = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA_PAIRS)
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_lab_of_white_black_and_srgb_red():
    assert to_lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert to_lab((0, 0, 0)) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    assert to_lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)


def test_machado_keeps_greys_and_merges_what_each_deficiency_merges():
    for deficiency in DEFICIENCIES:
        for grey in (0, 90, 200, 255):
            assert max(abs(a - b) for a, b in zip(simulate((grey,) * 3, deficiency),
                                                   (grey,) * 3)) <= 1
    # Red and green, far apart in normal vision, nearly meet for red-green
    # deficiencies but not for tritanopia; blue and green meet for tritanopia.
    red, green = (200, 60, 40), (90, 140, 40)
    assert colour_distance(red, green) > 30
    assert colour_distance(red, green, "deuteranopia") < colour_distance(red, green) / 2
    assert colour_distance(red, green, "protanopia") < colour_distance(red, green) / 2
    assert colour_distance(red, green, "tritanopia") > 20


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_every_pair_of_player_colours_stays_apart(deficiency):
    assert len(PLAYER_COLOURS) >= 6  # up to six players with Inns & Cathedrals (IC-8)
    for a, b in itertools.combinations(PLAYER_COLOURS, 2):
        distance = colour_distance(a, b, deficiency)
        assert distance >= LEAST, (a, b, deficiency, round(distance, 1))


def test_the_old_okabe_ito_five_fail_the_check():
    # Regression of issue 10: green and purple merged under deuteranopia; the
    # check must be able to tell.
    old = [(0, 114, 178), (230, 159, 0), (0, 158, 115), (213, 94, 0), (204, 121, 167)]
    worst = min(colour_distance(a, b, d) for a, b in itertools.combinations(old, 2)
                for d in DEFICIENCIES)
    assert worst < LEAST


def test_marks_are_distinct_and_short_and_ink_reads_on_each_colour():
    marks = [player_mark(seat) for seat in range(6)]
    assert marks == ["1", "2", "3", "4", "5", "6"]
    for seat in range(6):
        colour = player_colour(seat)
        ink = ink_on(colour)
        assert colour_distance(colour, ink) > 40


def test_simulated_picture_maps_each_colour_like_simulate():
    from PIL import Image

    image = Image.new("RGB", (len(PLAYER_COLOURS), 1))
    for x, colour in enumerate(PLAYER_COLOURS):
        image.putpixel((x, 0), colour)
    seen = simulate_image(image, "deuteranopia")
    for x, colour in enumerate(PLAYER_COLOURS):
        assert max(abs(a - b) for a, b in zip(seen.getpixel((x, 0)),
                                               simulate(colour, "deuteranopia"))) <= 1
