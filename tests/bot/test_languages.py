"""Issue 11, the bot's side: who reads which language, and whole games without English.

A reply only one player sees is in their language (their choice, else their
Discord client's, else the server's); public messages are in the server's
(its setting, else its Discord locale, else English). The catalogues of the
four translated languages fill in after the code: a test that needs one
complete is skipped while entries of it still await their translator.
"""

from __future__ import annotations

import re

import pytest
from bot_support import (
    ai_table,
    assert_player_words,
    custom_ids,
    deliver,
    english_fragments,
    player_texts,
    prepared_slash,
    pseudo,
    pseudo_catalogue,
    seeded_table,
    spot_number,
    untranslated,
    values,
)

from bot.app import input as app_input
from bot.i18n import SOURCE, Language, messages
from bot.naming import placement_value
from bot.spots import spots

SEED = 20260101


def pseudo_catalogues(language: Language):
    """Catalogues where ``language`` is a complete pseudo-translation."""
    fake = pseudo_catalogue(language)
    return lambda wanted: fake if wanted is language else messages(wanted)


async def test_a_players_language_is_theirs_and_public_messages_the_servers(database) -> None:
    hungarian = pseudo_catalogue(Language.HUNGARIAN)
    async with seeded_table(database, SEED,
                            catalogues=pseudo_catalogues(Language.HUNGARIAN)) as table:
        alice = table.member("alice")
        chosen = await alice.slash(table.channel, "carcassonne me", language="hu")
        assert chosen.ephemeral and chosen.response.content.startswith(pseudo("I will answer"))
        # Her private replies are hers; what everyone reads stays the server's (English).
        help_ = await alice.slash(table.channel, "carcassonne help")
        assert help_.response.embeds[0].title == hungarian.gettext("Carcassonne here")
        await table.started("alice", "bob")
        assert "your turn" in table.channel.last_message.content
        refused = await (await table.off_turn()).slash(table.channel, "carcassonne place",
                                                       position="1,0 0")
        answer = refused.response.content
        assert refused.ephemeral and (pseudo("It is not your turn") in answer) == (
            (await table.off_turn()).id == alice.id)
        # The server's language, set by a member with Manage Server, for what all read.
        saved = await table.admin().slash(table.channel, "carcassonne settings", language="hu")
        assert saved.response.content == "Saved."  # the admin reads their own: English
        await table.place()
        assert pseudo("your turn") in table.channel.last_message.content
        # Back to automatic: Discord's language (simcord's clients are en-US).
        await alice.slash(table.channel, "carcassonne me", language="auto")
        help_ = await alice.slash(table.channel, "carcassonne help")
        assert help_.response.embeds[0].title == "Carcassonne here"


async def test_a_discord_client_language_is_read_when_none_is_chosen(database) -> None:
    async with seeded_table(database, SEED,
                            catalogues=pseudo_catalogues(Language.ROMANIAN)) as table:
        bob = table.member("bob")
        sent = prepared_slash(table.env, bob, table.channel, "carcassonne help")
        sent.payload["locale"] = "ro"
        [answer] = await deliver(table.env, sent)
        assert answer.response.embeds[0].title == pseudo("Carcassonne here")
        sent = prepared_slash(table.env, bob, table.channel, "carcassonne help")
        sent.payload["locale"] = "eo"  # no Discord locale: the server's language
        [answer] = await deliver(table.env, sent)
        assert answer.response.embeds[0].title == "Carcassonne here"


async def test_language_menus_show_each_language_in_its_own_words(env) -> None:
    root = env.bot.tree.get_commands()[0].to_dict(env.bot.tree)
    commands = {o["name"]: o for o in root["options"]}
    for command in ("me", "settings"):
        menu = next(o for o in commands[command]["options"] if o["name"] == "language")
        names = [c["name"] for c in menu["choices"]]
        assert names[:5] == [language.endonym for language in Language], command
        assert names[5].startswith("Automatic")


async def test_a_changed_translation_syncs_the_commands_again(database) -> None:
    from bot import create_bot

    def puts(env) -> int:
        return len([r for r in env.http_requests
                    if r.method == "PUT" and r.path.endswith("/commands")])

    async with seeded_table(database, SEED) as table:
        env = table.env
        assert puts(env) == 1
        await env.bot.close()
        await env.restart_bot(create_bot(database=database))  # the same: no upload
        assert puts(env) == 1
        await env.bot.close()
        await env.restart_bot(create_bot(database=database,
                                         catalogues=pseudo_catalogues(Language.HUNGARIAN)))
        assert puts(env) == 2  # a Hungarian name or description changed: uploaded
        uploaded = [r for r in env.http_requests if r.path.endswith("/commands")][-1].json
        assert uploaded[0]["description_localizations"]["hu"] == pseudo(
            "Play Carcassonne in this channel")


@pytest.mark.parametrize("language", list(Language), ids=str)
async def test_a_whole_game_in_each_language_has_no_untranslated_string(database,
                                                                         language) -> None:
    """Issue 11: a whole game played through Discord in each language, every text the
    bot sent checked against the English catalogue. In English itself the catalogue
    is a pseudo-translation (every vowel accented), so that English written in the
    code rather than taken from the catalogue shows."""
    catalogues = pseudo_catalogues(language) if language is SOURCE else messages
    async with seeded_table(database, SEED, catalogues=catalogues) as table:
        await table.admin().slash(table.channel, "carcassonne settings", language=language.value)
        for name in ("alice", "bob"):
            await table.member(name).slash(table.channel, "carcassonne me",
                                           language=language.value)
        start = len(table.env.http_requests)  # the admin's own replies are theirs
        await table.started("alice", "bob", hand=2)
        await play_a_whole_game_every_way(table)
        texts = [text for request in table.env.http_requests[start:]
                 for text in player_texts_of(request)]
        assert len(texts) > 400
        found = untranslated(texts, english_fragments(catalogues(language)))
        assert not found, found[:5]
        assert_player_words(table.env)


@pytest.mark.parametrize("language", list(Language), ids=str)
async def test_ai_players_and_the_ai_policy_speak_each_language(database, language) -> None:
    """Issue 13 in each language: the lobby's AI buttons and refusals, the AIs' names,
    their turns, a turn an AI plays for an absent player, the game that ends when its
    one person keeps missing, and the help and status that tell of them."""
    catalogues = pseudo_catalogues(language) if language is SOURCE else messages
    t = catalogues(language)
    async with ai_table(database, catalogues=catalogues) as table:
        await table.admin().slash(table.channel, "carcassonne settings", language=language.value,
                                  idle_rounds=2)
        alice, bob = table.member("alice"), table.member("bob")
        for member in (alice, bob):
            await member.slash(table.channel, "carcassonne me", language=language.value)
        start = len(table.env.http_requests)  # the admin's own replies are theirs
        lobby = (await alice.slash(table.channel, "carcassonne new", ai=1)).response
        for custom_id in custom_ids(lobby)[3:]:  # an AI of each level, then one out again
            await alice.click(lobby, custom_id=custom_id)
        refused = await bob.click(lobby, custom_id=custom_ids(lobby)[3])
        assert refused.ephemeral
        await alice.slash(table.channel, "carcassonne deadline", hours=1, policy="ai",
                          reminder_hours=0)
        await alice.slash(table.channel, "carcassonne start")
        names = {p.name for p in (await table.state()).players if p.is_ai}
        assert names == {t.gettext("AI Medium {number}", number=1),
                         t.gettext("AI Easy {number}", number=1),
                         t.gettext("AI Medium {number}", number=2)}  # the hard one left
        await table.env.advance_time(3600)  # alice misses: an AI plays for her
        await alice.slash(table.channel, "carcassonne status")
        await table.env.advance_time(3600)  # and again: the game ends
        assert (await table.state()).row.status == "finished"
        for command in ("history", "help", "status"):
            await alice.slash(table.channel, f"carcassonne {command}")
        texts = [text for request in table.env.http_requests[start:]
                 for text in player_texts_of(request)]
        assert any(t.gettext("(🤖 played for them by the AI)") in text for text in texts)
        found = untranslated(texts, english_fragments(t))
        assert not found, found[:5]
        assert_player_words(table.env)


def player_texts_of(request) -> list[str]:
    class One:
        http_requests = [request]

    return player_texts(One)  # type: ignore[arg-type]


def latest_turn_message(table):
    return next(m for m in reversed(list(table.channel.history()))
                if any(c.startswith("carc:play:") for c in custom_ids(m)))


async def play_a_whole_game_every_way(table) -> None:
    """Every kind of message of a game: moves by the panel and by slash commands with
    suggestions (tile, place, follower by number), refusals, looks at the map, the
    status, the bag, the history, a player's games, the help, the export."""
    for turn in range(120):
        state = await table.state()
        if state.row.status != "running":
            break
        me = await table.on_turn()
        tile = state.game.hand[-1]
        placement = app_input.placements(state, tile)[turn % 3 % len(
            app_input.placements(state, tile))]
        options = state.game.legal_figures(placement, tile)
        if turn % 4 == 1:  # by the panel
            message = latest_turn_message(table)
            panel = (await me.click(message, custom_id=custom_ids(message)[0])).response
            if any(c.startswith("carc:tile:") for c in custom_ids(panel)):
                menu = next(c for c in custom_ids(panel) if c.startswith("carc:tile:"))
                panel = (await me.select(panel, [tile.id], custom_id=menu)).response
            menu = next(c for c in custom_ids(panel) if c.startswith("carc:pos:"))
            panel = (await me.select(panel, [placement_value(placement)],
                                     custom_id=menu)).response
            if options:
                menu = next(c for c in custom_ids(panel) if c.startswith("carc:fig:"))
                value = options[0].port if options[0].figure == "meeple" else \
                    f"hut:{options[0].port}"
                panel = (await me.select(panel, [value], custom_id=menu)).response
            confirm = next(c for c in custom_ids(panel) if c.startswith("carc:ok:"))
            await me.click(panel, custom_id=confirm)
            continue
        given = {"tile": tile.id.lower(), "position": placement_value(placement)}
        offered = await me.autocomplete(table.channel, "carcassonne place", "tile", "")
        assert tile.id in values(offered)
        await me.autocomplete(table.channel, "carcassonne place", "position", "",
                              tile=tile.id)
        if options and turn % 4 == 2:
            await me.autocomplete(table.channel, "carcassonne place", "follower", "",
                                  **given)
            from engine import Place

            move = Place(tile.id, *placement, options[0].figure, options[0].port)
            given["follower"] = str(spot_number(state, move))
        if turn == 6:  # refusals: a place far off, a bare letter, a spot that is not
            for wrong in ({"position": "9,9 0"}, {"position": "A"},
                          {"position": placement_value(placement), "follower": "9"}):
                await me.slash(table.channel, "carcassonne place", tile=tile.id, **wrong)
            await (await table.off_turn()).slash(table.channel, "carcassonne place",
                                                 position="1,0 0")
        if turn == 8:  # looks
            watcher = await table.off_turn()
            message = latest_turn_message(table)
            for custom_id in custom_ids(message)[1:]:  # the full map, who owns what
                await watcher.click(message, custom_id=custom_id)
            for command, extra in (("status", {}), ("tiles", {}), ("board", {}),
                                   ("board", {"view": "features"}), ("history", {}),
                                   ("mygames", {}), ("help", {})):
                await watcher.slash(table.channel, f"carcassonne {command}", **extra)
        result = await me.slash(table.channel, "carcassonne place", **given)
        assert not result.ephemeral, result.response.content
    assert (await table.state()).game.is_over
    await table.member("alice").slash(table.channel, "carcassonne export")
    await table.member("alice").slash(table.channel, "carcassonne status")


async def test_every_message_of_lobbies_and_turn_clocks_comes_from_the_catalogue(
    database,
) -> None:
    """What the whole game above does not meet, in the pseudo-translated English:
    lobbies, settings, the turn clock (reminders, direct messages, a removal at a
    deadline), snoozes, a kick, votes, cancelling, and a lobby that expires."""
    catalogues = pseudo_catalogues(SOURCE)
    async with seeded_table(database, SEED, catalogues=catalogues) as table:
        names = ("alice", "bob", "carol", "dave")
        members = [table.member(n) for n in names]
        host = members[0]
        for member in members:
            await member.slash(table.channel, "carcassonne me", call="dm")
        await table.admin().slash(table.channel, "carcassonne settings", lobby_hours=1)
        lobby = table.guild.create_text_channel("lobby")
        opened = await members[1].slash(lobby, "carcassonne new", game="hunters-and-gatherers")
        await host.click(opened.response, custom_id=custom_ids(opened.response)[0])  # join
        await host.click(opened.response, custom_id=custom_ids(opened.response)[1])  # leave
        await table.env.advance_time(3600)  # it expires
        cancelled = table.guild.create_text_channel("cancelled")
        await host.slash(cancelled, "carcassonne new")
        await host.slash(cancelled, "carcassonne cancel")
        await table.started(*names)
        await host.slash(table.channel, "carcassonne deadline", hours=30, policy="remove",
                         remove_after=1, reminder_hours=12)
        await host.slash(table.channel, "carcassonne deadline")
        await members[1].slash(table.channel, "carcassonne settings")
        await table.env.advance_time(12 * 3600)  # a reminder, by direct message too
        await (await table.on_turn()).slash(table.channel, "carcassonne snooze", hours=2)
        await (await table.off_turn()).slash(table.channel, "carcassonne snooze")
        await table.env.advance_time(18 * 3600)  # the deadline: removed after one miss
        await table.place()
        state = await table.state()
        active = [m for m in members if not state.is_removed(state.seat(m.id))]
        kicked = next(m for m in active if m.id not in (host.id, state.current.id))
        await host.slash(table.channel, "carcassonne kick", player=kicked)
        state = await table.state()
        voter = next(m for m in active if m.id not in (kicked.id, state.current.id))
        await voter.slash(table.channel, "carcassonne vote-end")  # not stalled yet
        await table.env.advance_time(13 * 3600)
        await voter.slash(table.channel, "carcassonne vote-end")
        await host.slash(table.channel, "carcassonne history")
        await host.slash(table.channel, "carcassonne mygames")
        texts = player_texts(table.env)
        found = untranslated(texts, english_fragments(catalogues(SOURCE)))
        assert not found, found[:5]
        text = "\n".join(texts)
        for said in ("was not started within", "was cancelled by", "it is still your turn",
                     "It is your turn in", "Your next reminder", "and is removed from the game",
                     "was removed from the game by", "The game is not stalled", "Game over"):
            assert pseudo(said) in text, said


async def test_pictures_are_drawn_in_the_readers_words(database) -> None:
    from bot import images
    from bot.i18n.pictures import labels_of

    hungarian = pseudo_catalogue(Language.HUNGARIAN)
    async with seeded_table(database, SEED,
                            catalogues=pseudo_catalogues(Language.HUNGARIAN)) as table:
        await table.admin().slash(table.channel, "carcassonne settings", language="hu")
        await table.started("alice", "bob")
        result = await table.place()
        message = result.followups[-1] if result.followups else result.response
        state = await table.state()
        assert labels_of(hungarian).turn_title == pseudo("{name} to play")
        drawn = await message.attachments[0].read()
        assert drawn == images.turn(state.game, hungarian)
        assert drawn != images.turn(state.game, messages(SOURCE))


async def test_regression_chinese_sentences_are_joined_without_a_stray_space(database) -> None:
    """Sentences the bot puts one after the other (the call to play and its deadline,
    a reminder, a snooze, a refusal and what would fit) are joined as each language
    writes them: with a space, but none after "。" in Chinese."""
    async with seeded_table(database, SEED) as table:
        await table.admin().slash(table.channel, "carcassonne settings", language="zh_Hans")
        for name in ("alice", "bob"):
            await table.member(name).slash(table.channel, "carcassonne me",
                                           language="zh_Hans")
        start = len(table.env.http_requests)
        await table.started("alice", "bob")
        await table.member("alice").slash(table.channel, "carcassonne deadline", hours=30,
                                          reminder_hours=12)
        await table.place()
        await table.env.advance_time(12 * 3600)  # a reminder, with the deadline
        me = await table.on_turn()
        snoozed = await me.slash(table.channel, "carcassonne snooze", hours=2)
        refused = await me.slash(table.channel, "carcassonne place", position="5,5 0")
        texts = [text for request in table.env.http_requests[start:]
                 for text in player_texts_of(request)]
        joined = [snoozed.response.content, refused.response.content,
                  next(text for text in texts if text.startswith("⏰")),
                  table.channel.last_message.content]
        for text in joined:  # two sentences or more, without a space between
            assert re.search(r"。\S", text), text
        stray = [text for text in texts if re.search(r"[。！？）] ", text)]
        assert not stray, stray


async def test_regression_titles_and_suggestions_are_punctuated_by_the_catalogue(
    database,
) -> None:
    """The bag's title and the suggestions of tiles and spots are whole catalogue
    messages, so Chinese puts its own "：" between their parts, not ": "."""
    async with seeded_table(database, SEED) as table:
        await table.admin().slash(table.channel, "carcassonne settings", language="zh_Hans")
        for name in ("alice", "bob"):
            await table.member(name).slash(table.channel, "carcassonne me",
                                           language="zh_Hans")
        state = await table.started("alice", "bob", hand=2)
        bag = await table.member("alice").slash(table.channel, "carcassonne tiles")
        left = state.game.tiles_left()
        assert bag.response.embeds[0].title == f"卡卡颂 #{state.id}：袋中剩余 {left} 张方块"
        me = await table.on_turn()
        tiles = await me.autocomplete(table.channel, "carcassonne place", "tile", "")
        hand = state.game.hand
        assert [c["name"].split("：")[0] for c in tiles] == [tile.id for tile in hand]
        tile = hand[0]
        placement = next(p for p in app_input.placements(state, tile)
                         if state.game.legal_figures(p, tile))
        spots = await me.autocomplete(table.channel, "carcassonne place", "follower", "",
                                      tile=tile.id, position=placement_value(placement))
        assert [c["name"].split("：")[0] for c in spots[1:]] == [
            str(n) for n in range(1, len(spots))]
        names = [c["name"] for c in [*tiles, *spots]] + [bag.response.embeds[0].title]
        assert not [name for name in names if ": " in name], names


#: Letters of Hungarian and Romanian as a player types them without accents.
_UNACCENTED = str.maketrans("áéíóöőúüűăâîșşțţÁÉÍÓÖŐÚÜŰĂÂÎȘŞȚŢ", "aeiooouuuaaisstt"
                                                               "AEIOOOUUUAAISSTT")


async def test_regression_followers_typed_in_the_players_language_are_understood(table) -> None:
    """`follower: nincs` (Hungarian for "none") was refused as no spot, and so was a
    spot's name typed without its accents ("eszaki mezo" for "északi mező", "camp
    (nord)" for "câmp (nord)"): each language's own words for no follower come from
    the catalogue, and spot words are read without accents."""
    await table.started("alice", "bob")
    typed_none = {Language.HUNGARIAN: "nincs", Language.ROMANIAN: "fara supus",
                  Language.ESPERANTO: "neniu", Language.CHINESE: "无"}
    for turn, language in enumerate([Language.ROMANIAN, Language.HUNGARIAN] * 2
                                     + list(typed_none)):
        me = await table.on_turn()
        await me.slash(table.channel, "carcassonne me", language=language.value)
        state = await table.state()
        tile = state.game.tile
        t = messages(language)
        if turn < 4:  # a spot whose name has accents, typed without them
            placement, spot = next(
                (placement, spot) for placement in app_input.placements(state, tile)
                for spot in spots(t, tile, app_input.figures(state, placement, tile))
                if spot.name.translate(_UNACCENTED) != spot.name)
            typed = spot.name.translate(_UNACCENTED)
        else:  # no follower, in the player's words
            placement, spot, typed = app_input.placements(state, tile)[0], None, \
                typed_none[language]
        result = await me.slash(table.channel, "carcassonne place",
                                position=placement_value(placement), follower=typed)
        assert not result.ephemeral, (language, typed, result.response.content)
        placed = [f for f in (await table.state()).game.figures
                  if (f.x, f.y) == (placement.x, placement.y)]
        if spot is None:
            assert not placed, (language, typed)
        else:
            assert [(f.figure, f.segment) for f in placed] == [
                (spot.option.figure, spot.option.segment)], (language, typed)


async def test_regression_a_language_is_named_in_lower_case_mid_sentence(table) -> None:
    """"I will answer you in Magyar": the language menu's name, capitalised, stood in
    the middle of a Hungarian sentence (Hungarian and Romanian write language names
    in lower case: "magyar", "română"); the reader's own word is used."""
    alice = table.member("alice")
    for chosen, name in ((Language.HUNGARIAN, "magyar"), (Language.ROMANIAN, "română")):
        said = await alice.slash(table.channel, "carcassonne me", language=chosen.value)
        assert said.response.content == messages(chosen).gettext(
            "I will answer you in {language}. Messages for everyone stay in the server's "
            "language.", language=name)
        assert chosen.endonym not in said.response.content
    # Automatic: a Romanian Discord client is answered in Romanian, and told so.
    sent = prepared_slash(table.env, alice, table.channel, "carcassonne me",
                          language="auto")
    sent.payload["locale"] = "ro"
    [said] = await deliver(table.env, sent)
    assert said.response.content == messages(Language.ROMANIAN).gettext(
        "I will answer you in your Discord language: {language}.", language="română")
