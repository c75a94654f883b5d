"""Property test (issue 9): whatever a player types into a free-text option, or
while autocomplete suggests, the bot answers, privately, within Discord's
limits, and changes nothing (unless the text named a legal move, which is played).

Bounded: a few dozen examples on one game, through simcord.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import input as app_input
from bot.discord.replies import MAX_MESSAGE
from bot.discord.transformers import MAX_FOLLOWER, MAX_POSITION, MAX_TILE
from bot.errors import GameError
from bot.naming import parse_position, resolve_position

#: Characters near the grammar (digits, separators, letters, look-alikes) and
#: characters that trouble text (markdown, mentions, zero width, newlines).
NEAR = list("0123456789,;()+- °rRtThHuU:nNoOeEsSwWcCAB²¹٩９\u200b\n\t`*_~|@#<>\\")
LIMITS = {"position": MAX_POSITION, "follower": MAX_FOLLOWER, "tile": MAX_TILE}


def texts(limit: int) -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(alphabet=st.sampled_from(NEAR), max_size=limit),
        st.text(max_size=limit),
    )


async def game_on_turn(table):
    state = await table.state() if table.members else None
    if state is None or state.row.status != "running":
        state = await table.started("alice", "bob", game="hunters-and-gatherers", hand=2)
    return state, await table.on_turn()


def legal(state, text: str) -> bool:
    """Whether ``text`` names a legal placement of the first tile of the hand."""
    try:
        tile = app_input.hand(state)[0]
        placement = resolve_position(parse_position(text), app_input.placements(state, tile))
    except GameError:
        return False
    return state.game.is_legal_placement(placement, tile)


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), option=st.sampled_from(sorted(LIMITS)))
async def test_property_every_free_text_option_is_answered_and_changes_nothing(
    table, data, option
) -> None:
    state, me = await game_on_turn(table)
    text = data.draw(texts(LIMITS[option]), label=option)
    given = {"position": text} if option == "position" else {"position": "?", option: text}
    result = await me.slash(table.channel, "carcassonne place", **given)
    after = await table.state()
    if not result.ephemeral:  # the text named a legal move: it was played
        assert option == "position" and legal(state, text), text
        assert after.turn > state.turn
        return
    answer = result.response.content
    assert answer and len(answer) <= MAX_MESSAGE
    assert "Something went wrong" not in answer
    assert after.row.version == state.row.version


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), option=st.sampled_from(sorted(LIMITS)))
async def test_property_every_autocomplete_is_answered_and_changes_nothing(
    table, data, option
) -> None:
    state, me = await game_on_turn(table)
    typed = data.draw(texts(200), label="typed")
    filled = data.draw(texts(40), label="position so far")
    choices = await me.autocomplete(
        table.channel, "carcassonne place", option, typed, position=filled
    )
    assert 1 <= len(choices) <= 25
    for choice in choices:
        assert 1 <= len(choice["name"]) <= 100 and 1 <= len(choice["value"]) <= 100
    assert (await table.state()).row.version == state.row.version
