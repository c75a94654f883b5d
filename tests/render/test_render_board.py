"""The map, the move choices and the preview, checked pixel by pixel."""

import io
import random
from dataclasses import replace

import pytest
from PIL import Image, ImageDraw
from render_support import close, new_game, pixels, play

from engine import Game, IllegalMoveError, Placement
from engine.tilesets import all_tiles
from render import (
    candidate_positions,
    map_frame,
    render_board,
    render_choices,
    render_preview,
    to_png,
)
from render.board import (
    DEFAULT_TILE,
    MAX_SIDE,
    figure_anchor,
    legend_entries,
    legend_row_height,
    legend_sprite_size,
)
from render.figures import figure_sprite
from render.fonts import font
from render.png import MAX_PNG_BYTES
from render.theme import CLASSIC, HUNTERS, WINTER, player_colour
from render.tileart import tile_image


@pytest.fixture(scope="module")
def midgame() -> Game:
    return play(new_game(), 30, seed=5)


@pytest.fixture(scope="module")
def full_winter() -> Game:
    return play(new_game(seed=11, winter=True), seed=2)


def test_crop_is_the_placed_tiles_plus_a_one_tile_margin(midgame):
    min_x, min_y, max_x, max_y = (
        min(x for x, _ in midgame.board.tiles), min(y for _, y in midgame.board.tiles),
        max(x for x, _ in midgame.board.tiles), max(y for _, y in midgame.board.tiles))
    frame = map_frame(midgame)
    assert (frame.x0, frame.y0) == (min_x - 1, min_y - 1)
    assert (frame.cols, frame.rows) == (max_x - min_x + 3, max_y - min_y + 3)
    image = render_board(midgame, recent=False)
    assert image.size == (frame.width, frame.height)
    # Numbering the recent moves adds one line of explanation under the legend.
    assert render_board(midgame).width == image.width
    assert render_board(midgame).height > image.height
    assert frame.map_box[2] <= image.width and frame.map_box[3] <= image.height


def test_every_tile_is_drawn_at_its_coordinates(midgame):
    frame = map_frame(midgame)
    image = render_board(midgame, highlight_last=False, recent=False)
    with_figure = {(f.x, f.y) for f in midgame.figures}
    t = frame.tile
    inner = (t // 5, t // 5, t - t // 5, t - t // 5)
    checked = 0
    for (x, y), placed in midgame.board.tiles.items():
        if (x, y) in with_figure:
            continue
        ox, oy = frame.origin(x, y)
        drawn = image.crop((ox, oy, ox + t, oy + t)).crop(inner)
        art = tile_image(placed.tile, placed.oriented.quarter_turns, CLASSIC, t).crop(inner)
        assert drawn.tobytes() == art.tobytes(), (x, y)
        checked += 1
    assert checked >= 5


def _ink(region: Image.Image, background) -> Image.Image:
    """The part of ``region`` that differs from ``background``, cropped to its box."""
    mask = Image.new("L", region.size, 0)
    pixels = region.load()
    for yy in range(region.height):
        for xx in range(region.width):
            if max(abs(a - b) for a, b in zip(pixels[xx, yy], background)) > 40:
                mask.putpixel((xx, yy), 255)
    box = mask.getbbox()
    assert box is not None, "no label drawn here"
    return mask.crop(box)


def _expected_ink(text: str, size: int, background) -> Image.Image:
    sample = Image.new("RGB", (size * 6, size * 3), background)
    ImageDraw.Draw(sample).text((size, size), text, font=font(size), fill=(232, 232, 232))
    return _ink(sample, background)


def test_labels_name_the_columns_and_rows_by_coordinates(midgame):
    frame = map_frame(midgame)
    image = render_board(midgame)
    t = frame.tile
    for x in (frame.x0, 0, frame.x0 + frame.cols - 1):
        ox, _ = frame.origin(x, frame.y0)
        got = _ink(image.crop((ox, 0, ox + t, frame.top)), CLASSIC.background)
        want = _expected_ink(str(x), frame.font_size, CLASSIC.background)
        assert got.size == want.size, x
        # Centred over its column.
        box = _ink_box(image.crop((ox, 0, ox + t, frame.top)))
        assert abs((box[0] + box[2]) / 2 - t / 2) <= 2
    for y in (frame.y0, 0, frame.y0 + frame.rows - 1):
        _, oy = frame.origin(frame.x0, y)
        region = image.crop((0, oy, frame.left, oy + t))
        got = _ink(region, CLASSIC.background)
        want = _expected_ink(str(y), frame.font_size, CLASSIC.background)
        assert got.size == want.size, y
        box = _ink_box(region)
        assert abs((box[1] + box[3]) / 2 - t / 2) <= 3


def _ink_box(region):
    mask = Image.new("L", region.size, 0)
    for yy in range(region.height):
        for xx in range(region.width):
            if max(abs(a - b) for a, b in zip(region.getpixel((xx, yy)),
                                              CLASSIC.background)) > 40:
                mask.putpixel((xx, yy), 255)
    return mask.getbbox()


def _ring_pixels(frame, x, y):
    ox, oy = frame.origin(x, y)
    t = frame.tile
    w = max(2, t // 18)
    k = w // 2 + 1
    for f in (0.3, 0.5, 0.7):
        along = round(f * t)
        yield (ox - k, oy + along)
        yield (ox + t - 1 + k, oy + along)
        yield (ox + along, oy - k)
        yield (ox + along, oy + t - 1 + k)


def test_the_last_placed_tile_and_only_it_is_framed(midgame):
    frame = map_frame(midgame)
    image = render_board(midgame)
    last = midgame.last_placed
    white = [close(image.getpixel(p), (255, 255, 255), 10)
             for p in _ring_pixels(frame, last.x, last.y)]
    assert sum(white) >= 10
    plain = render_board(midgame, highlight_last=False)
    assert not any(close(plain.getpixel(p), (255, 255, 255), 10)
                   for p in _ring_pixels(frame, last.x, last.y))
    others = [p for p in midgame.board.tiles.values() if p is not last]
    for placed in others[:10]:
        ring = [close(image.getpixel(p), (255, 255, 255), 10)
                for p in _ring_pixels(frame, placed.x, placed.y)]
        assert sum(ring) < 6, (placed.x, placed.y)


@pytest.mark.parametrize("which", ["midgame", "full_winter"])
def test_figures_stand_on_their_feature_in_their_players_colour(which, request):
    game = request.getfixturevalue(which)
    frame = map_frame(game)
    image = render_board(game, highlight_last=False)
    anchors = []
    for figure in game.figures:
        placed = game.board.tiles[(figure.x, figure.y)]
        anchors.append((figure, frame.point(figure.x, figure.y, figure_anchor(placed,
                                                                               figure.segment))))
    checked_players = set()
    for figure, (px, py) in anchors:
        if any(other is not figure and abs(px - ox) < frame.tile * 0.4
               and abs(py - oy) < frame.tile * 0.4 for other, (ox, oy) in anchors):
            continue  # another figure's sprite may cover this one
        assert wears(image, (px, py), frame.tile * 0.36, player_colour(figure.player)), figure
        checked_players.add(figure.player)
    assert len(checked_players) >= 2 and 1 in checked_players  # player 2 is index 1


def wears(image, centre, size, colour, share=0.25) -> bool:
    """Whether the figure-sized square at ``centre`` is mostly ``colour`` (the
    middle holds the player's mark, so the whole body is sampled)."""
    half = int(size * 0.4)
    box = image.crop((centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half))
    inside = pixels(box)
    return sum(close(p, colour, 16) for p in inside) >= share * len(inside)


def test_anchor_lies_on_the_figures_segment(full_winter):
    from render.layout import tile_layout

    for figure in full_winter.figures:
        placed = full_winter.board.tiles[(figure.x, figure.y)]
        layout = tile_layout(placed.tile, placed.oriented.quarter_turns)
        assert layout.owner_at(layout.anchor(figure.segment)) == figure.segment, figure


def test_each_role_has_its_own_shape():
    colour = player_colour(1)
    sprites = {role: figure_sprite(role, colour, 40) for role in ("knight", "farmer", "monk",
                                                                   "hut", "hunter", "thief")}
    assert sprites["knight"].tobytes() == sprites["thief"].tobytes()
    assert sprites["farmer"].tobytes() == sprites["hunter"].tobytes()
    shapes = {sprites[r].tobytes() for r in ("knight", "farmer", "monk", "hut")}
    assert len(shapes) == 4
    for sprite in sprites.values():
        assert close(sprite.getpixel((20, 20)), colour + (255,), 12)
        # Outlined: black and white both present around the body.
        values = {px[:3] for _, px in sprite.getcolors(40 * 40) if px[3] == 255}
        assert (0, 0, 0) in values and (255, 255, 255) in values


def test_the_expansions_figures_have_shapes_of_their_own():
    """IC-2, TB-3: the builder and the pig have their own silhouettes; the big
    follower is a follower with a second ring (its size is the board's doing).
    Told apart by shape, in every player's colour, the sixth's grey too."""
    for seat in range(6):
        colour = player_colour(seat)
        masks = {role: figure_sprite(role, colour, 40, big=big).getchannel("A").tobytes()
                 for role, big in (("knight", False), ("knight", True), ("builder", False),
                                   ("pig", False), ("monk", False), ("hut", False))}
        assert len(set(masks.values())) == len(masks), seat
    big = figure_sprite("farmer", player_colour(0), 40, big=True)
    values = {px[:3] for _, px in big.getcolors(40 * 40) if px[3] == 255}
    assert (0, 0, 0) in values and (255, 255, 255) in values


def test_legend_shows_each_players_colour(midgame):
    frame = map_frame(midgame)
    image = render_board(midgame)
    size = frame.font_size
    row_h = legend_row_height(size)
    sprite = legend_sprite_size(size)
    top = frame.map_box[3] + 8
    for entry in legend_entries(midgame, size, frame.left, frame.width):
        cy = top + entry.row * row_h + row_h // 2
        assert wears(image, (entry.x + sprite // 2, cy), sprite, player_colour(entry.player),
                     0.15)
        if entry.player == midgame.current_player:
            assert entry.text.startswith("\u25b6")


def test_choices_label_every_legal_position_and_nothing_else(midgame):
    labels = candidate_positions(midgame)
    assert labels
    image = render_choices(midgame)
    frame = map_frame(midgame, extra=labels.values())
    t = frame.tile
    for label, (x, y) in labels.items():
        ox, oy = frame.origin(x, y)
        cell = image.crop((ox + t // 4, oy + t // 4, ox + 3 * t // 4, oy + 3 * t // 4))
        colours = {c for _, c in cell.getcolors(t * t)}
        assert (255, 255, 255) in colours and (0, 0, 0) in colours, label
    taken = set(midgame.board.tiles) | set(labels.values())
    for row in range(frame.rows):
        for col in range(frame.cols):
            x, y = frame.x0 + col, frame.y0 + row
            if (x, y) not in taken:
                assert image.getpixel(frame.centre(x, y)) == CLASSIC.empty


def _richest_placement(game, tile):
    return max(game.legal_placements(tile), key=lambda p: (len(game.legal_figures(p, tile)), p))


def test_preview_numbers_each_spot_on_its_own_feature_in_the_engines_order():
    # Regression of issue 10: port labels sat on the wrong feature (SSW on a
    # road, W in a field) after being nudged off each other.
    from render.board import port_segment
    from render.layout import tile_layout
    from render.preview import PREVIEW_TILE, spot_positions

    game = play(new_game(seed=21), 6, seed=3)
    tile = all_tiles()["L"]  # a city, three roads, three fields: seven features
    placement = _richest_placement(game, tile)
    options = game.legal_figures(placement, tile)
    assert len(options) >= 5
    image = render_preview(game, placement, tile)
    frame = map_frame(game, around=(placement.x, placement.y), scale=PREVIEW_TILE, legend=False)
    layout = tile_layout(tile, placement.quarter_turns)
    oriented = tile.orientations[placement.quarter_turns]
    spots = spot_positions(frame, placement, tile, options, [])
    assert [number for number, _, _ in spots] == list(range(1, len(options) + 1))
    ox, oy = frame.origin(placement.x, placement.y)
    inks = set()
    for number, option, (cx, cy) in spots:
        assert option is options[number - 1]
        unit = ((cx - ox) / frame.tile, (cy - oy) / frame.tile)
        assert layout.owner_at(unit) == port_segment(oriented, option.port), number
        disc = image.crop((cx - 9, cy - 9, cx + 10, cy + 10))
        colours = {c for _, c in disc.getcolors(400)}
        assert (255, 255, 255) in colours and (0, 0, 0) in colours, number
        inks.add(disc.tobytes())
    assert len(inks) == len(spots)  # every number draws differently
    # The tile is drawn in place: away from the numbers, the pixels are its art.
    art = tile_image(tile, placement.quarter_turns, CLASSIC, frame.tile)
    same = total = 0
    for yy in range(12, frame.tile - 12, 7):
        for xx in range(12, frame.tile - 12, 7):
            if all(abs(ox + xx - cx) > 30 or abs(oy + yy - cy) > 30 for _, _, (cx, cy) in spots):
                total += 1
                same += image.getpixel((ox + xx, oy + yy)) == art.getpixel((xx, yy))
    assert total > 20 and same == total


def test_preview_numbers_never_cover_the_chosen_follower():
    from render.board import figure_size, port_segment
    from render.layout import tile_layout
    from render.preview import PREVIEW_FIGURE, PREVIEW_TILE, spot_positions

    game = play(new_game(seed=21), 6, seed=3)
    tile = all_tiles()["L"]
    placement = _richest_placement(game, tile)
    options = game.legal_figures(placement, tile)
    frame = map_frame(game, around=(placement.x, placement.y), scale=PREVIEW_TILE, legend=False)
    layout = tile_layout(tile, placement.quarter_turns)
    oriented = tile.orientations[placement.quarter_turns]
    size = figure_size(frame, PREVIEW_FIGURE)
    colour = player_colour(game.current_player)
    for chosen in options:
        image = render_preview(game, placement, tile, figure=chosen)
        fx, fy = frame.point(placement.x, placement.y,
                             layout.anchor(port_segment(oriented, chosen.port)))
        figure_box = (fx - size // 2, fy - size // 2, fx + size // 2, fy + size // 2)
        spots = spot_positions(frame, placement, tile, options, [figure_box])
        for _, option, (cx, cy) in spots:
            if option is chosen:
                continue
            assert not (figure_box[0] - 8 < cx < figure_box[2] + 8
                        and figure_box[1] - 8 < cy < figure_box[3] + 8), (chosen, option)
        assert wears(image, (fx, fy), size, colour, 0.2), chosen


def test_preview_refuses_an_illegal_placement(midgame):
    x, y = next(iter(midgame.board.tiles))
    with pytest.raises(IllegalMoveError):
        render_preview(midgame, Placement(x, y, 0))
    with pytest.raises(ValueError):
        render_preview(midgame, (x, y, 0))


def test_a_small_board_keeps_its_tile_size():
    game = new_game()
    image = render_board(game)
    frame = map_frame(game)
    assert frame.tile == DEFAULT_TILE
    assert (frame.cols, frame.rows) == (3, 3)
    assert image.width < 400 and image.height < 450


def test_a_big_board_shrinks_to_2048_px_and_2_mb(full_winter):
    assert len(full_winter.board.tiles) >= 80  # all 84 unless some were discarded
    for scale in (None, 160, 400):
        image = render_board(full_winter, scale=scale)
        assert max(image.size) <= MAX_SIDE
        frame = map_frame(full_winter, scale=scale)
        assert frame.tile <= (scale or DEFAULT_TILE)
    data = to_png(render_choices(play(new_game(seed=11, winter=True), 60, seed=2)))
    assert len(data) <= MAX_PNG_BYTES
    assert len(to_png(render_board(full_winter, scale=400))) <= MAX_PNG_BYTES


def test_a_very_long_board_fits(full_winter):
    # Ask for huge tiles: the picture still stays within bounds.
    image = render_board(full_winter, scale=2000)
    assert max(image.size) <= MAX_SIDE


def test_to_png_caps_even_incompressible_pictures():
    rng = random.Random(0)
    noise = Image.frombytes("RGB", (1800, 1800), rng.randbytes(1800 * 1800 * 3))
    data = to_png(noise)
    assert len(data) <= MAX_PNG_BYTES
    assert Image.open(io.BytesIO(data)).format == "PNG"


def test_same_state_same_bytes(midgame):
    again = Game.from_record(midgame.to_record())
    assert to_png(render_board(midgame)) == to_png(render_board(again))
    assert to_png(render_choices(midgame)) == to_png(render_choices(again))


def test_theme_follows_the_game():
    start = (0, 0)
    for game, theme in ((new_game(winter=True), WINTER), (new_game(), CLASSIC),
                        (new_game(game="hunters-and-gatherers"), HUNTERS)):
        frame = map_frame(game)
        image = render_board(game)
        placed = game.board.tiles[start]
        field = next(i for i, s in enumerate(placed.tile.segments)
                     if s.kind in ("field", "meadow"))
        point = frame.point(0, 0, figure_anchor(placed, field))
        assert close(image.getpixel(point), theme.field, 25), theme.name
    game = new_game(winter=True)
    assert render_board(game, theme="classic").tobytes() == render_board(
        new_game(), theme="classic").tobytes()


def test_preview_shows_the_chosen_figure_in_the_colour_of_the_player_on_turn():
    game = play(new_game(seed=21), 7, seed=3)  # seven moves: the second player is on turn
    tile = all_tiles()["L"]
    placement = max(game.legal_placements(tile),
                    key=lambda p: (len(game.legal_figures(p, tile)), p))
    figure = next(o for o in game.legal_figures(placement, tile) if o.kind == "city")
    image = render_preview(game, placement, tile, figure=figure)
    from render.board import port_segment
    from render.layout import tile_layout

    frame = map_frame(game, around=(placement.x, placement.y), scale=176, legend=False)
    layout = tile_layout(tile, placement.quarter_turns)
    segment = port_segment(tile.orientations[placement.quarter_turns], figure.port)
    px, py = frame.point(placement.x, placement.y, layout.anchor(segment))
    colour = player_colour(game.current_player)
    assert game.current_player == 1
    assert wears(image, (px, py), 50, colour, 0.2)
    without = render_preview(game, placement, tile)
    assert not wears(without, (px, py), 50, colour, 0.05)
    monk = replace(figure, port="C", kind="cloister", role="monk")  # tile L has no cloister
    with pytest.raises(ValueError, match="no monk can stand at C"):
        render_preview(game, placement, tile, figure=monk)
    # The same figure named by (kind, port): the figure's kind, or its feature's.
    for named in ((figure.figure, figure.port), (figure.kind, figure.port)):
        assert render_preview(game, placement, tile, figure=named).tobytes() == image.tobytes()
    with pytest.raises(ValueError, match="no hut can stand at"):
        render_preview(game, placement, tile, figure=("hut", figure.port))


def test_preview_shows_a_hut_in_the_colour_of_the_player_on_turn():
    game = play(new_game(seed=4, game="hunters-and-gatherers"), 5, seed=1)
    tile = game.tile
    placement, port = next((p, o.port) for p in game.legal_placements(tile)
                           for o in game.legal_figures(p, tile) if o.figure == "hut")
    image = render_preview(game, placement, tile, figure=("hut", port))
    from render.board import port_segment
    from render.layout import tile_layout

    frame = map_frame(game, around=(placement.x, placement.y), scale=176, legend=False)
    layout = tile_layout(tile, placement.quarter_turns)
    segment = port_segment(tile.orientations[placement.quarter_turns], port)
    px, py = frame.point(placement.x, placement.y, layout.anchor(segment))
    colour = player_colour(game.current_player)
    assert wears(image, (px, py), 50, colour, 0.2)
    assert not wears(render_preview(game, placement, tile), (px, py), 50, colour, 0.05)


def test_small_and_big_pictures_take_their_themes_palette_and_stay_small():
    from render.png import theme_palette

    game = play(new_game(), 10, seed=1)
    image = render_board(game)
    assert image.info["theme"] == "classic"
    data = to_png(image)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "P"  # small pictures take the palette path too
    assert decoded.getpalette()[:48] == theme_palette("classic").getpalette()[:48]
    rgb = io.BytesIO()
    image.save(rgb, format="PNG", compress_level=6)
    assert len(data) * 2 < len(rgb.getvalue())
    # Every player colour survives (Pillow maps through a colour cache, so
    # within a few units).
    seen = {c for _, c in decoded.convert("RGB").getcolors(image.width * image.height)}
    for player in range(3):
        assert any(close(c, player_colour(player), 8) for c in seen), player
