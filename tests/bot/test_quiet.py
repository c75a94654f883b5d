"""A quieter channel (issue 20): the read-only answers are the asker's, shared with
everyone by a button; a round of AIs is one message; tidying may delete a finished
game's turn posts, keeping its result."""

from __future__ import annotations

from bot_support import ai_table, custom_ids, first_move


async def test_read_only_answers_are_private_and_a_share_button_posts_them_for_everyone(
        table) -> None:
    state = await table.started("alice", "bob")
    await table.place()
    carol = table.member("carol")
    before = len(table.channel.history())
    for command in ("board", "status", "tiles", "history", "export"):
        answer = await carol.slash(table.channel, f"carcassonne {command}")
        assert answer.ephemeral, command
        response = answer.followups[-1] if answer.followups else answer.response
        assert f"carc:share:{state.id}:" in " ".join(custom_ids(response)), command
    # Nobody else saw anything.
    public = [m for m in table.channel.history() if not m.flags.ephemeral]
    assert len(public) == before

    status = await carol.slash(table.channel, "carcassonne status")
    response = status.followups[-1] if status.followups else status.response
    shared = await carol.click(response, label="📣 Share with everyone")
    assert not shared.ephemeral
    message = shared.followups[-1] if shared.followups else shared.response
    assert f"<@{carol.id}> shares this:" in message.content
    assert "Carcassonne #1" in message.embeds[0].title
    # The map, shared, is the picture.
    board = await carol.slash(table.channel, "carcassonne board")
    response = board.followups[-1] if board.followups else board.response
    shared = await carol.click(response, label="📣 Share with everyone")
    message = shared.followups[-1] if shared.followups else shared.response
    assert message.attachments and message.attachments[0].filename.endswith(".png")


async def test_a_solo_game_against_three_ais_posts_one_message_for_each_round_of_ais(
        database) -> None:
    async with ai_table(database) as table:
        alice = table.member("alice")
        await alice.slash(table.channel, "carcassonne new", ai=3, ai_level="easy")
        await alice.slash(table.channel, "carcassonne start")
        for _ in range(3):
            if (await table.state()).current.is_ai:
                break
            before = len(table.channel.history())
            state = await table.state()
            move = first_move(state)
            result = await alice.slash(table.channel, "carcassonne place",
                                       position=f"{move.x},{move.y},{move.rotation}")
            assert not result.ephemeral
            after = await table.state()
            assert after.turn >= state.turn + 4 and not after.current.is_ai
            # Her move's message (calling the first AI), then one for the three AIs.
            new = table.channel.history()[before:]
            assert len(new) == 2, [m.content for m in new]
            assert "is thinking…" in new[0].content
            assert f"<@{alice.id}>" in new[1].content and "your turn" in new[1].content


async def test_tidying_can_delete_a_finished_games_turn_posts_keeping_the_lobby(table) -> None:
    await table.admin().slash(table.channel, "carcassonne settings", tidy_posts=True)
    state = await table.started("alice", "bob")
    await table.place()
    await table.place()
    turns = [m for m in table.channel.history()
             if any(c.startswith(f"carc:play:{state.id}:") for c in custom_ids(m))]
    assert len(turns) >= 2
    await table.member("alice").slash(table.channel, "carcassonne cancel")
    left = {m.id for m in table.channel.history()}
    assert not any(m.id in left for m in turns)
    # The lobby stays (its buttons gone), and the word that the game was cancelled.
    assert any("was cancelled" in (m.content or "") for m in table.channel.history())
    assert any(m.embeds and "Players" in m.embeds[0].fields[0].name
               for m in table.channel.history() if m.embeds and m.embeds[0].fields)
