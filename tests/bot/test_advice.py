"""The AI's advice (issue 23): ``/carcassonne review`` of a finished game, and
``/carcassonne hint`` for the player on turn where the server allows hints.

Reviews and hints are computed by the real worker process (the bot's
ProcessPoolExecutor), which simcord's settling waits for."""

from __future__ import annotations

import io

from bot_support import ai_table, assert_player_words
from PIL import Image

from bot.app.hints import hints_allowed
from bot.app.settings import ServerSettings
from bot.thinking import Thinker
from bot.words.common import mark
from engine import parse_action


async def play_to_the_end(table) -> None:
    """Every person on turn plays their first legal move (the AIs answer) to the end."""
    for _ in range(100):
        state = await table.state()
        if state.row.status != "running":
            return
        result = await table.place()
        assert not result.ephemeral, result.response.content
    raise AssertionError("the game did not end")


async def unchanged(table, ask, *, refusal: str, channel=None) -> None:
    """``ask()`` is refused privately with ``refusal`` in it, and nothing changes: the
    channel's latest game (its row and its log) and the channel's messages."""
    channel = channel or table.channel
    before = await table.bot.storage.latest_game(table.guild.id, channel.id)
    log = await table.bot.storage.game_log(before.id) if before else None
    messages = len(channel.history())
    result = await ask()
    assert result.ephemeral and refusal in result.response.content, result.response.content
    after = await table.bot.storage.latest_game(table.guild.id, channel.id)
    assert after == before
    assert (await table.bot.storage.game_log(before.id) if before else None) == log
    assert len(channel.history()) == messages


class CountingThinker(Thinker):
    """The bot's real worker pool, counting the reviews it computes."""

    reviews = 0

    async def review(self, *args, **kwargs):
        self.reviews += 1
        return await super().review(*args, **kwargs)


async def test_a_finished_game_is_reviewed_player_by_player(database, tmp_path) -> None:
    thinker = CountingThinker()
    async with ai_table(database, thinker=thinker) as table:
        alice = table.member("alice")
        review = lambda **options: alice.slash(table.channel, "carcassonne review", **options)  # noqa: E731
        await unchanged(table, review, refusal="There is no game in this channel")
        await alice.slash(table.channel, "carcassonne new", ai=4)
        await unchanged(table, review, refusal="this one is waiting for players")
        await alice.slash(table.channel, "carcassonne start")
        await unchanged(table, review, refusal="this one is running")
        await play_to_the_end(table)
        state = await table.state()
        assert state.row.status == "finished"
        await unchanged(table, lambda: alice.slash(table.channel, "carcassonne hint"),
                        refusal="That game is over (finished).")

        # Anyone may ask, here or in another channel by the game's number.
        bob = table.member("bob")
        elsewhere = table.guild.create_text_channel("elsewhere")
        result = await bob.slash(elsewhere, "carcassonne review", game=state.id)
        assert not result.ephemeral
        messages = [result.response, *result.followups]
        assert messages[0].content.startswith(f"**Review of Carcassonne #{state.id}**")
        # One message per player: the summary, then each worst turn with its picture.
        assert [m.embeds[0].title for m in messages] == [
            f"{mark(seat)} {name}" for seat, name in enumerate(state.names)]
        seat = state.seat(alice.id)
        alice_review = messages[seat]
        summary, *turns = alice_review.embeds
        assert "points lost in all" in summary.description
        assert len(turns) == 3 == len(alice_review.attachments)
        for turn in turns:
            assert turn.description.startswith("**Turn ") and "Better: " in turn.description
            assert turn.description.endswith(" points more.")
            assert turn.image.url.startswith(f"attachment://review-{state.id}-turn")
        files = {a.filename: a for a in alice_review.attachments}
        shown = turns[0].image.url.removeprefix("attachment://")
        picture = Image.open(io.BytesIO(await files[shown].read()))
        picture.save(tmp_path / "review.png")
        assert picture.width <= 2048
        assert_player_words(table.env)

        cancelled = await table.started("carol", "dave", channel=elsewhere)
        await table.member("carol").slash(elsewhere, "carcassonne cancel")
        await unchanged(table, lambda: bob.slash(elsewhere, "carcassonne review",
                                                 game=cancelled.id),
                        refusal="this one is cancelled", channel=elsewhere)
        await unchanged(table, lambda: bob.slash(elsewhere, "carcassonne review", game=999),
                        refusal="That game does not exist on this server.", channel=elsewhere)

        # In the server's language, for everyone.
        await table.admin().slash(table.channel, "carcassonne settings", language="ro")
        romanian = await bob.slash(table.channel, "carcassonne review")
        assert romanian.response.content.startswith(
            f"**Analiza jocului Carcassonne #{state.id}**")
        alice_review = [romanian.response, *romanian.followups][seat]
        assert "puncte pierdute în total" in alice_review.embeds[0].description
        assert alice_review.embeds[1].description.startswith("**Tura ")
        assert thinker.reviews == 1  # computed once, then kept


async def test_the_player_on_turn_takes_a_hint_and_the_history_says_so(database) -> None:
    async with ai_table(database) as table:
        state = await table.started("alice", "bob")
        # The one rule: the server's setting, in a casual game (every game, so far).
        assert not hints_allowed(ServerSettings(), state.row)
        assert hints_allowed(ServerSettings(hints=True), state.row)
        on_turn, off_turn = await table.on_turn(), await table.off_turn()
        hint = lambda who: who.slash(table.channel, "carcassonne hint")  # noqa: E731
        await unchanged(table, lambda: hint(on_turn), refusal="Hints are off on this server")
        saved = await table.admin().slash(table.channel, "carcassonne settings", hints=True)
        assert "**Hints from the AI in casual games**: yes" in saved.response.embeds[0].description
        await unchanged(table, lambda: hint(off_turn), refusal="It is not your turn")
        outsider = table.member("eve")
        await unchanged(table, lambda: hint(outsider), refusal="You are not playing")
        elsewhere = table.guild.create_text_channel("elsewhere")
        await unchanged(table, lambda: on_turn.slash(elsewhere, "carcassonne hint"),
                        refusal="There is no game in this channel.", channel=elsewhere)

        result = await hint(on_turn)
        assert result.ephemeral
        embed = result.response.embeds[0]
        assert embed.title == "💡 Hint for turn 1"
        assert embed.description.startswith("The AI would play ")
        assert embed.image.url == f"attachment://hint-{state.id}-0.png"
        after = await table.state()
        assert after.row.hints == {0} and after.turn == 0
        log = await table.bot.storage.game_log(state.id)
        assert log[-1].action == "hint" and log[-1].user_id == on_turn.id
        assert log[-1].data["turn"] == 0
        assert parse_action(log[-1].data["move"]) in list(after.game.legal_actions())

        # Asked again, in the player's own language: the same move, noted once.
        await on_turn.slash(table.channel, "carcassonne me", language="hu")
        again = await hint(on_turn)
        assert again.ephemeral and again.response.embeds[0].title == "💡 Tipp, 1. kör"
        assert again.response.embeds[0].description.startswith("Az MI ezt lépné: ")
        assert await table.bot.storage.game_log(state.id) == log

        await table.place()
        history = await off_turn.slash(table.channel, "carcassonne history")
        lines = history.response.embeds[0].description.splitlines()
        assert "(💡 hint taken)" in lines[0] and "(💡 hint taken)" not in lines[1:]


def test_hints_are_a_server_setting_off_by_default() -> None:
    assert ServerSettings().hints is False
    assert ServerSettings.from_dict({}).hints is False
    assert ServerSettings.from_dict(ServerSettings(hints=True).to_dict()).hints is True
