"""Issue 10, the bot's side: the pictures players see in messages.

The turn message carries the phone-size turn picture (``render.render_turn``);
the whole map at full resolution and the feature view are one tap away,
privately, and ``/carcassonne board`` shows either; every player's mark
stands beside their name in messages, so colour is never the only cue.
"""

from __future__ import annotations

import io

from bot_support import custom_ids, seeded_table
from PIL import Image
from preview_support import PHONE, chromium, shown_sizes

from bot import images
from bot.i18n import SOURCE, messages
from bot.images import labels
from bot.words.tiles import tile_name
from render import THEMES, candidate_positions, map_frame, player_mark
from render.board import recent_tiles
from render.png import theme_palette
from render.turn import PHONE_TILE, turn_layout

EN = messages(SOURCE)


def turn_message(result):
    return result.followups[-1] if result.followups else result.response


async def test_the_turn_message_shows_the_phone_size_turn_picture(table) -> None:
    await table.started("alice", "bob", "carol")
    result = await table.place()
    message = turn_message(result)
    state = await table.state()
    [attachment] = message.attachments
    assert attachment.filename == f"turn-{state.id}-{state.turn}.png"
    # The picture's own, outside the embed: Discord shows it at the message's full width.
    assert message.embeds[0].image.url is None
    # The turn picture of the game as it stands, in the server's words: the action,
    # the places the next tile can go, the tiles since the next player's last turn.
    assert await attachment.read() == images.turn(state.game, EN)
    assert custom_ids(message)[1:] == [f"carc:map:{state.id}:map",
                                       f"carc:map:{state.id}:features"]


async def test_the_full_map_is_one_tap_away_privately_at_full_resolution(table) -> None:
    await table.started("alice", "bob")
    for _ in range(4):
        await table.place()
    message = table.channel.last_message
    state = await table.state()
    turn_picture = Image.open(io.BytesIO(await message.attachments[0].read()))
    watcher = table.member("dora")  # anyone may look
    shown = await watcher.click(message, label="Full map")
    assert shown.ephemeral
    [attachment] = shown.response.attachments
    assert attachment.filename == f"board-{state.id}-{state.turn}.png"
    data = await attachment.read()
    assert data == images.board(state.game, EN)
    # The board draws every tile at full size: more pixels per tile than the turn
    # picture's window of the same map.
    board = Image.open(io.BytesIO(data))
    assert board.size != turn_picture.size
    owned = await watcher.click(message, label="Who owns what")
    assert owned.ephemeral
    [attachment] = owned.response.attachments
    assert attachment.filename == f"features-{state.id}-{state.turn}.png"
    assert await attachment.read() == images.features(state.game, EN)
    assert "who owns what" in owned.response.embeds[0].title
    assert (await table.state()).row.version == state.row.version  # looking changes nothing


async def test_board_shows_the_map_or_who_owns_what(table) -> None:
    await table.started("alice", "bob")
    await table.place()
    state = await table.state()
    watcher = table.member("dora")
    board = await watcher.slash(table.channel, "carcassonne board")
    assert board.ephemeral  # the asker's (issue 20), with the button to share it
    message = turn_message(board)
    assert await message.attachments[0].read() == images.board(state.game, EN)
    assert custom_ids(message) == [f"carc:map:{state.id}:features",  # the other view, a tap
                                   f"carc:share:{state.id}:map"]
    owned = await watcher.slash(table.channel, "carcassonne board", view="features")
    message = turn_message(owned)
    assert message.attachments[0].filename == f"features-{state.id}-{state.turn}.png"
    assert await message.attachments[0].read() == images.features(state.game, EN)
    assert custom_ids(message) == [f"carc:map:{state.id}:map", f"carc:share:{state.id}:features"]


async def test_every_players_mark_stands_beside_their_name(table) -> None:
    """Colour is never the only cue: the mark the pictures draw on a player's figures
    (1 to 5) is beside their name in the turn call, the scores and the seating."""
    state = await table.started("alice", "bob", "carol")
    start = table.channel.last_message
    for seat, player in enumerate(state.players):
        assert f"{player_mark(seat)} <@{player.id}>" in start.embeds[0].description
    first = state.seat(state.current.id)
    assert start.content.startswith(f"🔵{player_mark(first)} <@{state.current.id}>, your turn")
    result = await table.place()
    message = turn_message(result)
    after = await table.state()
    called = after.seat(after.current.id)
    # The seat's colour (one emoji), then its mark and the mention.
    assert message.content[1:].startswith(f"{player_mark(called)} <@{after.current.id}>")
    scores = message.embeds[0].fields[0].value.splitlines()
    for seat, line in enumerate(scores):
        assert line[1:].startswith(f"{player_mark(seat)} **{after.players[seat].name}**: ")


async def test_regression_the_turn_picture_is_shown_at_the_messages_width(table) -> None:
    """Shown small: as an embed's image the turn picture (about 610×820 late in a game)
    was drawn in a box 280 px high, its tiles about 30 px. As the message's own picture,
    the channel preview draws its tiles at least 56 px wide on a desktop and on a
    400 px phone."""
    chromium()
    await table.started("alice", "bob", "carol", "dora")
    for _ in range(24):  # a line of tiles: the row labels have three characters ("-18")
        await table.place()
    message = table.channel.last_message
    state = await table.state()
    [attachment] = message.attachments
    picture = Image.open(io.BytesIO(await attachment.read()))
    tile = turn_layout(state.game, labels(state.game, EN)).frame.tile
    sizes = await shown_sizes(table.env, table.channel, table.member("alice"), message,
                              attachment.filename)
    for viewport, (width, _) in sizes.items():
        assert tile * width / picture.width >= PHONE_TILE, viewport
    assert sizes[PHONE][0] < picture.width  # the phone shrinks it: the measure is real


async def test_regression_the_first_picture_after_a_restart_is_not_slow(tmp_path) -> None:
    """The first picture after a restart took 1.2-2.3 s: its theme's palette was worked
    out then. The bot works out every palette as it starts, before the first move."""
    theme_palette.cache_clear()
    async with seeded_table(str(tmp_path / "bot.sqlite3"), 3):
        assert theme_palette.cache_info().currsize == len(THEMES)


async def test_regression_places_and_tiles_are_not_named_alike(table) -> None:
    """"to place: V" stood beside the place lettered V, and a hand game said "choose one
    of … (G), … (V) or … (N)" while the places were lettered A-G: a turn message, whose
    picture letters the places, and the panel's move choices name tiles by name alone."""
    await table.started("alice", "bob", "carol", hand=3)
    for _ in range(4):
        await table.place()
    message = table.channel.last_message
    state = await table.state()
    named = {*state.game.hand, *(placed.tile for placed in recent_tiles(state.game))}
    me = await table.on_turn()
    panel = await me.click(message, label="Play your turn")
    tile = state.game.hand[0]
    choices = await me.select(panel.response, [tile.id], custom_id=next(
        c for c in custom_ids(panel.response) if c.startswith("carc:tile:")))
    texts = [message.content, message.embeds[0].description, choices.response.embeds[0].title,
             choices.response.embeds[0].description or ""]
    for text in texts:
        for tile in named:
            assert f"({tile.id})" not in text, text
    assert f"**{tile_name(EN, state.game.hand[0])}**" in message.content


async def test_regression_the_full_map_letters_the_places_the_turn_picture_leaves_out(
        table) -> None:
    """"+N more places on the full map" sent players to a full map that lettered none:
    the full map letters every place the tile to play can go, as the turn picture does."""
    await table.started("alice", "bob", "carol")
    for _ in range(12):
        await table.place()
    state = await table.state()
    places = candidate_positions(state.game)
    layout = turn_layout(state.game, labels(state.game, EN))
    assert len(layout.candidates) < len(places)  # the turn picture leaves some out
    message = table.channel.last_message
    shown = await table.member("dora").click(message, label="Full map")
    board = Image.open(io.BytesIO(await shown.response.attachments[0].read())).convert("RGB")
    frame = map_frame(state.game, extra=places.values())
    for label, (x, y) in places.items():
        ox, oy = frame.origin(x, y)
        t = frame.tile
        cell = board.crop((ox + t // 4, oy + t // 4, ox + 3 * t // 4, oy + 3 * t // 4))
        colours = {c for _, c in cell.getcolors(t * t)}
        # A label: black on white (the PNG's palette holds a white a shade off).
        assert (0, 0, 0) in colours and any(min(c) >= 245 for c in colours), label
