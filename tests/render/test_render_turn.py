"""The turn picture (made for a phone) and the feature view."""

import pytest
from PIL import Image
from render_support import close, new_game, pixels, play

from engine import Place
from render import (
    ENGLISH,
    Counted,
    Labels,
    candidate_positions,
    player_colour,
    render_board,
    render_features,
    render_tile,
    render_turn,
)
from render.board import recent_tiles
from render.layout import tile_layout
from render.ownership import TINT
from render.text import text_sprite, text_width
from render.theme import CLASSIC, resolve_theme
from render.turn import (
    MAX_COLS,
    MAX_ROWS,
    NOTE_SIZE,
    PHONE_PICTURE,
    PHONE_TEXT,
    PHONE_TILE,
    hand_tile,
    phone_tile,
    turn_layout,
    turn_window,
)


@pytest.fixture(scope="module")
def late_winter():
    """A late Winter Edition game of five players holding hands of three tiles."""
    names = ["Ana", "Béla", "王小明", "محمد", "🐉 Drache"]
    return play(new_game(names, seed=11, winter=True, hand=3), 60, seed=2)


def _frame(game):
    return turn_window(game, candidate_positions(game)), turn_layout(game).frame


def test_a_tile_is_at_least_56_px_and_text_11_px_on_a_400_px_phone(late_winter):
    """Shown at the message's width on a 400 px phone (312 px), every tile of the map
    and of the hand is at least 56 px and the smallest text (notes, axes, legend) 11 px."""
    long_line = new_game(seed=3)
    for _ in range(40):  # a line of tiles: row labels of three characters ("-18")
        long_line.play(Place(long_line.tile.id, *next(long_line.legal_placements())))
    for game in (late_winter, play(new_game(), 2), play(new_game(seed=4), 40, seed=9),
                 long_line):
        image = render_turn(game)
        layout = turn_layout(game)
        frame = layout.frame
        assert image.width == frame.width
        assert phone_tile(image.width, frame.tile) >= PHONE_TILE
        assert phone_tile(image.width, hand_tile(game.hand, frame, ENGLISH)) >= PHONE_TILE
        assert phone_tile(image.width, min(NOTE_SIZE, frame.font_size)) >= PHONE_TEXT


def test_the_window_holds_the_last_tile_and_at_most_six_by_five(late_winter):
    (x0, y0, cols, rows), _ = _frame(late_winter)
    last = late_winter.last_placed
    assert x0 <= last.x < x0 + cols and y0 <= last.y < y0 + rows
    assert cols <= MAX_COLS and rows <= MAX_ROWS


def test_regression_the_last_tile_never_sits_on_the_turn_pictures_edge():
    """A long line of tiles put the tile just placed in the window's top row,
    hiding what it joined; it keeps a tile of map on every side."""
    game = new_game(seed=3)
    for _ in range(30):  # always the first legal place: a long line of tiles
        placement = next(game.legal_placements())
        game.play(Place(game.tile.id, *placement))
    (x0, y0, cols, rows), _ = _frame(game)
    last = game.last_placed
    spots = candidate_positions(game).values()
    assert not all(x0 <= x < x0 + cols and y0 <= y < y0 + rows for x, y in spots)  # a choice
    assert x0 < last.x < x0 + cols - 1 and y0 < last.y < y0 + rows - 1


def test_small_boards_show_every_legal_position_with_the_choice_labels():
    game = play(new_game(), 3, seed=1)
    labels = candidate_positions(game)
    (x0, y0, cols, rows), frame = _frame(game)
    image = render_turn(game)
    for label, (x, y) in labels.items():
        assert x0 <= x < x0 + cols and y0 <= y < y0 + rows, label
        ox, oy = frame.origin(x, y)
        t = frame.tile
        cell = image.crop((ox + t // 4, oy + t // 4, ox + 3 * t // 4, oy + 3 * t // 4))
        colours = {c for _, c in cell.getcolors(t * t)}
        assert (255, 255, 255) in colours and (0, 0, 0) in colours, label


def test_regression_the_turn_picture_promises_only_what_it_shows_or_says_where():
    """In 3-5 player games the turn picture left out some of "1, 2, 3…: tiles placed
    since your last turn" in 53-71% of turns, and said "+N more places on the full map"
    of a full map that lettered none. Now every place lettered is drawn in the picture,
    those left out are counted in a note, and so are the numbers of the recent tiles
    left out (the full map letters and numbers them all: the bot's side, in
    tests/bot/test_pictures.py)."""
    names = ["Ana", "Béla", "Chen", "Dóra", "Emese"]
    positions = 0
    for players in (3, 4, 5):
        for seed in range(12):
            game = play(new_game(names[:players], seed=seed), 4 + (seed * 7) % 50, seed=seed)
            if game.current_player is None:
                continue
            positions += 1
            layout = turn_layout(game)
            frame, notes = layout.frame, [" ".join(lines) for lines in layout.notes]
            every = candidate_positions(game)
            image = render_turn(game)
            for label, (x, y) in layout.candidates.items():
                assert every[label] == (x, y) and frame.contains(x, y), label
                ox, oy = frame.origin(x, y)
                t = frame.tile
                cell = image.crop((ox + t // 4, oy + t // 4, ox + 3 * t // 4, oy + 3 * t // 4))
                colours = {c for _, c in cell.getcolors(t * t)}
                assert {(255, 255, 255), (0, 0, 0)} <= colours, label
            hidden = len(every) - len(layout.candidates)
            assert (ENGLISH.more_positions(hidden) in notes) == bool(hidden), notes
            away = [str(number) for number, placed in enumerate(recent_tiles(game), start=1)
                    if not frame.contains(placed.x, placed.y)]
            said = ENGLISH.recent_elsewhere.format(numbers=", ".join(away))
            assert (said in notes) == bool(away), notes
    assert positions >= 30


def test_the_whole_hand_is_shown_large(late_winter):
    # Regression of issue 10: the hand picture showed one tile of three.
    assert len(late_winter.hand) == 3
    image = render_turn(late_winter)
    theme = "winter"
    size = hand_tile(late_winter.hand, turn_layout(late_winter).frame, ENGLISH)
    for tile in late_winter.hand:
        want = render_tile(tile, 0, theme=theme, size=size)
        found = _find(image, want)
        assert found, tile.id


def _find(image: Image.Image, part: Image.Image) -> bool:
    first = part.getpixel((0, 0))
    want = part.tobytes()
    pixels = image.load()
    for y in range(image.height - part.height + 1):
        for x in range(image.width - part.width + 1):
            if pixels[x, y] == first and image.crop(
                    (x, y, x + part.width, y + part.height)).tobytes() == want:
                return True
    return False


def test_tiles_placed_since_the_players_last_turn_are_numbered_in_order():
    game = play(new_game(["Ana", "Béla", "Chen", "Dóra"]), 9, seed=4)
    recent = recent_tiles(game)
    # Four players: the three others have played since the player on turn.
    me = game.current_player
    assert [p.player for p in recent] == [(me + k) % 4 for k in (1, 2, 3)]
    assert [p.turn for p in recent] == sorted(p.turn for p in recent)
    from render.board import badge_corner, map_frame

    frame = map_frame(game)
    marked = render_board(game)
    plain = render_board(game, recent=False)
    for number, placed in enumerate(recent, start=1):
        box = badge_corner(frame, placed, game)
        crop = marked.crop(box)
        assert crop.tobytes() != plain.crop(box).tobytes()
        digit = text_sprite(str(number), round((box[2] - box[0]) * 0.72), (0, 0, 0))
        # The badge is white with a black number: count the number's ink.
        black = sum(1 for p in pixels(crop) if p == (0, 0, 0))
        assert black >= 0.3 * sum(1 for a in pixels(digit.image.getchannel("A")) if a > 128)


def test_regression_one_place_off_the_picture_is_said_in_the_singular():
    """"+1 more places on the full map": the note now has a plural form per number."""
    game = play(new_game(seed=1), 3, seed=1)
    layout = turn_layout(game)
    hidden = len(candidate_positions(game)) - len(layout.candidates)
    assert hidden == 1, "search another game: this one no longer hides exactly one place"
    assert ("+1 more place on the full map",) in layout.notes
    drawn = render_turn(game)
    # The singular form is what is drawn: another plural form changes nothing.
    other_plural = Counted("+{count} more place on the full map", "+{count} many")
    assert render_turn(game, labels=Labels(more_positions=other_plural)).tobytes() == \
        drawn.tobytes()
    other_singular = Counted("+{count} spot more", "+{count} more places on the full map")
    assert render_turn(game, labels=Labels(more_positions=other_singular)).tobytes() != \
        drawn.tobytes()


#: A game whose turn picture is three tiles wide (331 px), with both notes under it.
NARROW = {"players": ("Ana", "Béla"), "seed": 30, "turns": 5}


def assert_notes_inside(game, labels: Labels) -> tuple:
    """Every note of the turn picture is drawn whole, in lines no wider than the map,
    and no ink of them reaches the picture's right margin; returns the notes' lines."""
    layout = turn_layout(game, labels)
    image = render_turn(game, labels=labels)
    frame = layout.frame
    assert image.width == frame.width
    for lines in layout.notes:
        for line in lines:
            assert text_width(line, NOTE_SIZE) <= frame.width - frame.left - 8, line
    margin = image.crop((frame.width - 8, image.height - layout.notes_height,
                         image.width, image.height))
    background = resolve_theme(None, game).background
    assert set(pixels(margin)) == {background}
    return layout.notes


def test_regression_long_notes_are_wrapped_inside_a_narrow_turn_picture():
    """A long translated note ran past the right edge of a three-tile-wide turn picture
    (the Hungarian "1, 2, 3…: az előző köröd óta lerakott kártyák"): notes wrap between
    words, or between characters in a script without spaces."""
    game = play(new_game(NARROW["players"], seed=NARROW["seed"]), NARROW["turns"],
                seed=NARROW["seed"])
    assert turn_layout(game).frame.cols == 3
    long = Labels(more_positions=Counted("+{count} more place, elsewhere on the full map",
                                         "+{count} more places, elsewhere on the full map"),
                  since_last_turn="1, 2, 3…: the tiles placed on the map since your last turn")
    notes = assert_notes_inside(game, long)
    assert all(len(lines) > 1 for lines in notes)
    assert [" ".join(lines) for lines in notes] == [long.more_positions(1),
                                                     long.since_last_turn]
    chinese = Labels(since_last_turn="1、2、3…：自你上回合以来放置在地图上的所有方块")
    *_, lines = assert_notes_inside(game, chinese)
    assert "".join(lines) == chinese.since_last_turn


def test_regression_a_long_name_in_the_title_stays_inside_a_narrow_turn_picture():
    """Discord allows display names of 32 characters: "{name} to play" ran past the
    right edge of a three-tile-wide turn picture. The name is cut with an ellipsis."""
    long_name = "Bartholomew Maximilian Fitzgerald"
    game = play(new_game(("Ana", long_name), seed=NARROW["seed"]), NARROW["turns"],
                seed=NARROW["seed"])
    assert game.current_player == 1
    layout = turn_layout(game)
    assert layout.frame.cols == 3 and layout.header
    image = render_turn(game)
    background = resolve_theme(None, game).background
    margin = image.crop((image.width - 8, 0, image.width, layout.header))
    assert set(pixels(margin)) == {background}
    short = render_turn(play(new_game(NARROW["players"], seed=NARROW["seed"]),
                             NARROW["turns"], seed=NARROW["seed"]))
    header = (0, 0, image.width, layout.header)
    assert image.crop(header).tobytes() != short.crop(header).tobytes()


def test_regression_a_score_is_not_read_with_a_name_ending_in_a_digit():
    """The legend read "AI Hard 1  0": a name ending in a digit ran into its score. The
    score stands in a chip of its own, the empty colour framed, after the name."""
    from render.board import (
        SCORE_GAP,
        legend_entries,
        legend_row_height,
        legend_sprite_size,
        paint_legend,
    )

    game = new_game(("AI Hard 1", "AI Medium 2"), seed=4)
    theme, size = resolve_theme(None, game), PHONE_TEXT
    entries = legend_entries(game, size, 8, 600, scores=True)
    image = Image.new("RGB", (600, 60), theme.background)
    paint_legend(image, entries, 0, size, theme)
    for entry in entries:
        name_end = entry.x + legend_sprite_size(size) + 6 + text_width(entry.text, size)
        middle = legend_row_height(size) // 2
        chip = image.crop((name_end + SCORE_GAP, middle - size // 2 - 3, name_end + SCORE_GAP
                           + text_width(entry.score, size) + 10, middle + size // 2 + 3))
        colours = pixels(chip)
        assert colours.count(theme.empty) > len(colours) // 3
        assert theme.grid in colours


def test_every_word_comes_from_labels(late_winter):
    quiet = Labels(to_place="", turn_title="", more_positions=Counted("", ""), since_last_turn="")
    a = render_turn(late_winter, labels=quiet)
    b = render_turn(late_winter)
    assert a.size == b.size and a.tobytes() != b.tobytes()


# --------------------------------------------------------------------------
# The feature view.

def test_claimed_features_are_tinted_with_their_owners_colour():
    game = play(new_game(seed=5), 30, seed=5)
    from render.board import map_frame

    frame = map_frame(game, footer=38)
    image = render_features(game)
    plain = render_board(game, highlight_last=False, recent=False)
    checked = 0
    for (x, y), placed in game.board.tiles.items():
        layout = tile_layout(placed.tile, placed.oriented.quarter_turns)
        for segment in range(len(placed.tile.segments)):
            feature = game.feature_at(x, y, segment)
            cells = [c for c, o in enumerate(layout.owner) if o == segment]
            if len(cells) < 40:
                continue
            # A cell deep inside the segment (off its outline), away from figures and marks.
            deepest = max(layout.depth[c] for c in cells)
            deep = [c for c in cells if layout.depth[c] >= min(3, deepest)]
            cell = deep[len(deep) // 3]
            unit = ((cell % 48 + 0.5) / 48, (cell // 48 + 0.5) / 48)
            px, py = frame.point(x, y, unit)
            anchor = frame.point(x, y, layout.anchor(segment))
            if abs(px - anchor[0]) < frame.tile * 0.25 and abs(py - anchor[1]) < frame.tile * 0.25:
                continue
            if any(abs(px - frame.point(f.x, f.y, tile_layout(
                    game.board.tiles[(f.x, f.y)].tile,
                    game.board.tiles[(f.x, f.y)].oriented.quarter_turns).anchor(f.segment))[0])
                   < frame.tile * 0.3 for f in game.figures if (f.x, f.y) == (x, y)):
                continue
            got, was = image.getpixel((px, py)), plain.getpixel((px, py))
            present = {f.player for f in feature.figures}
            if not feature.owners:
                assert got == was, (x, y, segment)
            elif len(present) == 1:
                k = TINT / 255
                want = tuple(round(was[i] * (1 - k) + player_colour(feature.owners[0])[i] * k)
                             for i in range(3))
                assert close(got, want, 6), (x, y, segment)
            checked += 1
    assert checked >= 10


def test_a_contested_feature_is_striped_with_each_players_colour():
    from render.ownership import stripes

    sample = stripes((player_colour(0), player_colour(3)), 96)
    colours = {c for _, c in sample.getcolors(96 * 96)}
    assert colours == {player_colour(0), player_colour(3)}


def test_the_feature_view_draws_with_the_features_engine_api_only():
    game = play(new_game(game="hunters-and-gatherers"), 25, seed=2)
    image = render_features(game, theme=CLASSIC)
    assert image.size[0] > 300


def test_regression_the_contested_swatch_is_drawn_as_contested_areas_are():
    """The key's "contested" swatch was purple stripes at full strength, while contested
    areas are two players' stripes tinted over the field."""
    from render.ownership import contested_swatch

    theme = resolve_theme(None, new_game())
    k = TINT / 255
    tinted = {tuple(round(theme.field[i] * (1 - k) + player_colour(p)[i] * k) for i in range(3))
              for p in (0, 2)}
    colours = {c for _, c in contested_swatch(theme, 24).getcolors(24 * 24)}
    assert all(any(close(c, want, 2) for want in tinted) for c in colours)
    assert len(colours) >= 2


def test_regression_a_claimed_area_is_outlined_not_only_tinted():
    """Under deuteranopia a red player's tinted field looked like an unclaimed one, and
    a blue tint like Hunters and Gatherers' water: where a claimed piece meets an
    unclaimed one, the feature view draws a black outline."""
    from render.board import map_frame
    from render.ownership import KEY_SIZE

    for game in (play(new_game(seed=5), 30, seed=5),
                 play(new_game(game="hunters-and-gatherers", seed=2), 25, seed=2)):
        frame = map_frame(game, footer=KEY_SIZE + 20)
        image = render_features(game)
        step = frame.tile / 48
        checked = outlined = 0
        for (x, y), placed in game.board.tiles.items():
            layout = tile_layout(placed.tile, placed.oriented.quarter_turns)
            claimed = [bool(game.feature_at(x, y, s).owners) for s in
                       range(len(placed.tile.segments))]
            ox, oy = frame.origin(x, y)
            for cell in range(0, 48 * 47, 7):  # a sample of horizontal cell pairs
                if cell % 48 == 47:
                    continue
                a, b = layout.owner[cell], layout.owner[cell + 1]
                if a < 0 or b < 0 or claimed[a] == claimed[b]:
                    continue
                px = round(ox + (cell % 48 + 1) * step)
                py = round(oy + (cell // 48 + 0.5) * step)
                box = image.crop((px - 2, py - 1, px + 2, py + 2))
                checked += 1
                outlined += (0, 0, 0) in {c for _, c in box.getcolors(16)}
        assert checked >= 20 and outlined >= 0.8 * checked, (outlined, checked)


def test_regression_the_number_on_a_lying_farmer_is_whole():
    """The numbers on lying yellow and white farmers were cut apart by the figure's
    arms and legs (illegible at full size, gone at 400 px): the number stands on a disc
    of the player's colour, so the whole of it is solid, with no field showing through."""
    from PIL import ImageChops

    from render.figures import figure_sprite
    from render.theme import PLAYER_COLOURS, player_mark

    for seat in (1, 4):  # yellow and white
        colour = PLAYER_COLOURS[seat]
        marked = figure_sprite("farmer", colour, 160, player_mark(seat))
        plain = figure_sprite("farmer", colour, 160)
        left, top, right, bottom = ImageChops.difference(marked.convert("RGB"),
                                                         plain.convert("RGB")).getbbox()
        w, h = right - left, bottom - top
        inner = marked.crop((left + w // 5, top + h // 5, right - w // 5, bottom - h // 5))
        assert inner.getchannel("A").getextrema()[0] == 255, seat


def test_regression_the_tile_to_place_under_the_move_choices_is_large(late_winter):
    """The move-choice picture of a big map showed its tile to place at about 20 px on
    a phone: it grows with the map, wide or tall, so that a phone, shrinking the whole
    picture into 312 × 688 px, still shows it at least 56 px wide."""
    from render import render_choices
    from render.board import BLACK, PHONE_HEIGHT

    long_line = new_game(seed=3)
    for _ in range(30):  # a line of tiles: a tall map
        long_line.play(Place(long_line.tile.id, *next(long_line.legal_placements())))
    for game, theme in ((late_winter, "winter"), (long_line, "classic")):
        image = render_choices(game)
        shown = min(PHONE_PICTURE / image.width, PHONE_HEIGHT / image.height)
        # The tile's black frame ends 10 px from the right and 8 px from the bottom.
        right, bottom = image.width - 10, image.height - 8
        size = next(n for n in range(right) if image.getpixel((right - n - 1, bottom)) != BLACK)
        size -= 1
        drawn = image.crop((right - size, bottom - size, right, bottom))
        assert drawn.tobytes() == render_tile(game.tile, 0, theme=theme, size=size).tobytes()
        assert size * shown >= PHONE_TILE, (size, shown)
