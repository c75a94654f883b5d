"""The picture of a reviewed turn: the AI's move framed with ✓, the move played
faded with ✗, in one window when they are near, in two when they are not."""

from PIL import Image
from render_support import new_game, play

from engine import MEEPLE
from render import Labels, render_review
from render.review import FADE, _windows
from render.theme import resolve_theme
from render.tileart import tile_image
from render.turn import MAX_COLS, MAX_ROWS


def _moves(game):
    """Two legal moves of the player on turn at different positions, the first
    with a follower: the nearest and the farthest from each other there are."""
    actions = list(game.legal_actions())
    better = next(a for a in actions if a.figure == MEEPLE)
    far = max(actions, key=lambda a: abs(a.x - better.x) + abs(a.y - better.y))
    near = next(a for a in actions if (a.x, a.y) != (better.x, better.y)
                and abs(a.x - better.x) + abs(a.y - better.y) <= 2)
    return better, near, far


def test_both_moves_are_drawn_the_played_one_faded():
    game = play(new_game(["Ana", "Béla"], seed=3), 12, seed=1)
    better, near, far = _moves(game)
    assert len(_windows(game, better, near)) == 1
    x0, y0, cols, rows = _windows(game, better, near)[0]
    assert cols <= MAX_COLS and rows <= MAX_ROWS
    assert len(_windows(game, better, far)) == 2
    theme = resolve_theme(None, game)
    for played in (near, far):
        image = render_review(game, better, played, points="2.5")
        assert image.width <= 2048 and image.height <= 2048
        faded = tile_image(game.rules.tiles[played.tile], played.rotation // 90, theme, 96)
        expected = Image.blend(faded, Image.new("RGB", faded.size, theme.empty), FADE)
        # The faded tile's colours are in the picture; its full colours are not
        # (its badge and the figures cover part of it, so compare the palette).
        colours = {c for _, c in image.getcolors(1 << 20)}
        assert {c for _, c in expected.getcolors(1 << 16)} & colours
    assert render_review(game, better, far, points="2.5").tobytes() == \
        render_review(game, better, far, points="2.5").tobytes()


def test_the_same_place_shows_both_badges_on_the_ai_move():
    game = play(new_game(["Ana", "Béla"], seed=3), 12, seed=1)
    better, _, _ = _moves(game)
    other = next(a for a in game.legal_actions()
                 if (a.x, a.y) == (better.x, better.y) and a != better)
    image = render_review(game, better, other, points="1.0").tobytes()
    # The key says the move played was at the same place (not that it is faded).
    assert image == render_review(game, better, other, points="1.0",
                                  labels=Labels(review_played="-")).tobytes()
    assert image != render_review(game, better, other, points="1.0",
                                  labels=Labels(review_played_here="-")).tobytes()
