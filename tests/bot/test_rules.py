"""Issue 18, "Help in the game's own words": ``/carcassonne rules``.

``help`` explains the bot; ``rules`` explains the game, topic by topic, each with
a small picture the renderer draws, in the reader's language, and the house rules
those of the game in the channel.
"""

from __future__ import annotations

import io
import re

import pytest
from bot_support import english_fragments, player_texts, untranslated
from PIL import Image

from bot import images
from bot.i18n import SOURCE, Language, messages
from bot.words.rules import topic_title
from render.rules import Topic


@pytest.mark.parametrize("language", list(Language), ids=str)
async def test_rules_answers_every_topic_with_its_picture_in_each_language(table,
                                                                           language) -> None:
    t = messages(language)
    alice = table.member("alice")
    await alice.slash(table.channel, "carcassonne me", language=language.value)
    start = len(table.env.http_requests)
    for topic in Topic:
        result = await alice.slash(table.channel, "carcassonne rules", topic=topic.value)
        assert result.ephemeral  # only the reader sees it
        [embed] = result.response.embeds
        assert embed.title == topic_title(t, topic)
        assert embed.description
        [attachment] = result.response.attachments
        picture = await attachment.read()
        assert picture == images.rules(topic, t)
        assert Image.open(io.BytesIO(picture)).width >= 300
    if language is not SOURCE:
        class Answers:  # the requests of these answers, as player_texts reads an Env
            http_requests = table.env.http_requests[start:]

        texts = player_texts(Answers)  # type: ignore[arg-type]
        assert len(texts) >= 2 * len(Topic)
        assert not untranslated(texts, english_fragments(t))


async def test_house_rules_are_those_of_the_game_in_the_channel(table) -> None:
    en = messages(SOURCE)
    alice = table.member("alice")
    none = await alice.slash(table.channel, "carcassonne rules", topic="house")
    assert "There is no game in this channel" in none.response.embeds[0].description
    await alice.slash(table.channel, "carcassonne new", hand=3, unfinished=False,
                      farmers="1st")
    house = (await alice.slash(table.channel, "carcassonne rules", topic="house")).response
    lines = house.embeds[0].description.splitlines()
    assert lines == [
        en.ngettext("Each player holds a hand of {count} tile and plays one of them; the hand "
                    "is filled up after each turn.",
                    "Each player holds a hand of {count} tiles and plays one of them; the hand "
                    "is filled up after each turn.", 3),
        en.gettext("Unfinished features score nothing at the end."),
        en.gettext("Farmers score the 1st-edition way: 4 points a city."),
    ]


def test_regression_a_rules_line_is_never_read_as_a_numbered_list() -> None:
    """Hungarian's "1. kiadás" (1st edition) opened a rules line, and Discord drew it as
    an item of a numbered list; a line that starts with a number and a full stop
    escapes the stop."""
    from bot.words.rules import topic_lines

    for language in Language:
        t = messages(language)
        for topic in Topic:
            for line in topic_lines(t, topic, None):
                assert not re.match(r"\d+\. ", line), (language, topic, line)
