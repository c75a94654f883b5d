"""Absent players: deadlines that skip or remove, the host's kick, the vote to end."""

from __future__ import annotations

import discord
from bot_support import custom_ids, mentions, player_texts, scoring_move

from bot.app import input as app_input
from bot.app.state import GameState
from bot.words.common import mark
from engine import MEEPLE, FeatureScored, Place, Remove, Skip

HOUR = 3600.0


def lasting_follower_move(state: GameState) -> Place:
    """A legal move that puts a follower on the map and scores nothing at once."""
    assert state.game is not None and state.game.tile is not None
    tile = state.game.tile
    for placement in app_input.placements(state, tile):
        for option in app_input.figures(state, placement, tile):
            if option.figure != "meeple":
                continue
            move = Place(tile.id, *placement, MEEPLE, option.port)
            events = state.game.copy().play(move).events
            if not any(isinstance(e, FeatureScored) for e in events):
                return move
    raise AssertionError("no tile here takes a lasting follower")


def bot_posts(channel, text: str) -> list:
    return [
        m
        for m in channel.history()
        if text in (m.content or "") or any(text in (e.description or "") for e in m.embeds)
    ]


async def test_a_missed_deadline_skips_the_turn_and_the_tile_goes_back(table) -> None:
    state = await table.started("alice", "bob")
    host = table.member("alice")
    set_up = await host.slash(table.channel, "carcassonne deadline", hours=24, policy="skip")
    assert not set_up.ephemeral and "<t:" in set_up.response.embeds[0].description
    absent, tile = state.current, state.game.tile.id
    in_bag = sum(state.game.remaining().values())
    await table.env.advance_time(24 * HOUR - 60)
    assert (await table.state()).turn == state.turn
    await table.env.advance_time(60)
    after = await table.state()
    assert after.game.history[-1].action == Skip(tile)
    assert after.current is not None and after.current.id != absent.id
    assert sum(after.game.remaining().values()) == in_bag  # back in, and the next one drawn
    assert after.row.turn_started_at == table.env.now()
    posts = bot_posts(table.channel, "missed the deadline")
    assert len(posts) == 1 and mentions(posts[0].content) == [after.current.id]
    assert f"carc:play:{after.id}:{after.turn}" in custom_ids(posts[0])
    next_deadline = int(table.env.now().timestamp() + 24 * HOUR)
    assert f"Deadline <t:{next_deadline}:R>" in posts[0].content  # the next player's own
    # The next player has a full deadline of their own.
    await table.env.advance_time(24 * HOUR - 60)
    assert (await table.state()).turn == after.turn
    await table.env.advance_time(60)
    assert isinstance((await table.state()).game.history[-1].action, Skip)


async def test_with_policy_nothing_the_deadline_only_says_so(table) -> None:
    state = await table.started("alice", "bob")
    await table.member("alice").slash(
        table.channel, "carcassonne deadline", hours=6, policy="nothing"
    )
    await table.env.advance_time(6 * HOUR)
    assert (await table.state()).turn == state.turn
    assert len(bot_posts(table.channel, "deadline in")) == 1
    await table.env.advance_time(24 * HOUR)
    assert len(bot_posts(table.channel, "deadline in")) == 1


async def test_players_who_miss_n_turns_are_removed_and_the_last_one_wins(table) -> None:
    await table.started("alice", "bob", "carol")
    await table.member("alice").slash(
        table.channel,
        "carcassonne deadline",
        hours=1,
        policy="remove",
        remove_after=2,
        reminder_hours=0,
    )
    first = await table.state()
    p0, p1, p2 = (first.seat(p.id) for p in first.players)
    await table.place(lasting_follower_move(first))  # p0 leaves a follower on the map
    await table.place()  # p1 plays; now p2 is on turn and everyone stays away
    played = await table.state()
    assert any(f.player == p0 for f in played.game.figures)

    await table.env.advance_time(3 * HOUR)  # p2, p0, p1 each miss once: skipped
    state = await table.state()
    assert all(isinstance(e.action, Skip) for e in state.game.history[-3:])
    assert all(state.game.active)

    await table.env.advance_time(HOUR)  # p2 misses again: removed, the game goes on
    state = await table.state()
    assert state.game.history[-1].action == Remove(p2)
    assert state.game.active == [True, True, False]
    assert state.row.status == "running" and state.current.id == state.players[p0].id
    assert len(bot_posts(table.channel, "is removed from the game")) == 1

    await table.env.advance_time(HOUR)  # p0 too: one player is left, the game ends
    state = await table.state()
    assert state.row.status == "finished" and state.game.is_over
    assert not any(f.player == p0 for f in state.game.figures)  # their follower left
    assert state.game.outcome().winners == (p1,)
    final = table.channel.last_message
    assert "Game over" in final.content and mentions(final.content) == [state.players[p1].id]
    assert final.attachments and final.attachments[0].filename.startswith("scores-")
    await table.env.advance_time(24 * HOUR)  # and nothing fires for a finished game
    assert table.channel.last_message.id == final.id


async def test_the_host_kicks_absent_players(table) -> None:
    await table.started("alice", "bob", "carol")
    host = table.member("alice")
    state = await table.state()
    waiting = state.current
    denied = await table.member("bob").slash(table.channel, "carcassonne kick", player=host)
    assert denied.ephemeral and "host" in denied.response.content
    assert all((await table.state()).game.active)

    await table.env.advance_time(6 * HOUR)
    # Remove someone who is not on turn: the waiting player's clock runs on.
    target = next(m for m in (table.member("bob"), table.member("carol")) if m.id != waiting.id)
    kicked = await host.slash(table.channel, "carcassonne kick", player=target)
    assert not kicked.ephemeral
    assert "removed from the game by **alice**" in kicked.response.embeds[0].description
    after = await table.state()
    assert not after.game.active[after.seat(target.id)]
    assert after.game.history[-1].action == Remove(after.seat(target.id))
    assert after.current.id == waiting.id and after.row.status == "running"
    await table.env.advance_time(6 * HOUR)  # 12 hours into the turn: the reminder
    assert table.channel.last_message.content.startswith("⏰")
    assert mentions(table.channel.last_message.content) == [waiting.id]

    last = next(m for m in (table.member("bob"), table.member("carol")) if m.id != target.id)
    ended = await host.slash(table.channel, "carcassonne kick", player=last)
    final = await table.state()
    assert final.row.status == "finished"
    assert final.game.outcome().winners == (final.seat(host.id),)
    assert "Game over" in ended.response.content


async def test_players_vote_to_end_a_stalled_game_and_it_is_scored(table) -> None:
    await table.started("alice", "bob", "carol")
    state = await table.state()
    waiting = await table.on_turn()
    voters = [m for m in table.members.values() if m.id != waiting.id]
    early = await voters[0].slash(table.channel, "carcassonne vote-end")
    assert early.ephemeral and "not stalled" in early.response.content
    await table.env.advance_time(12 * HOUR)
    first = await voters[0].slash(table.channel, "carcassonne vote-end")
    assert not first.ephemeral
    assert (await table.state()).row.status == "running"
    last = await voters[1].slash(table.channel, "carcassonne vote-end")
    assert not last.ephemeral
    final = await table.state()
    assert final.row.status == "finished" and final.game.is_over
    assert final.game.to_record()["finished"] is True
    assert final.turn == state.turn
    embed = last.response.embeds[0]
    assert embed.title.endswith("ends by vote") and "Game over" in last.response.content
    assert last.response.attachments[0].filename == f"scores-{state.id}.png"
    await table.env.advance_time(24 * HOUR)  # its timers went with it
    assert table.channel.last_message.id == last.response.id


async def test_a_move_cancels_the_votes(table) -> None:
    await table.started("alice", "bob", "carol")
    await table.env.advance_time(12 * HOUR)
    waiting = await table.on_turn()
    voters = [m for m in table.members.values() if m.id != waiting.id]
    await voters[0].slash(table.channel, "carcassonne vote-end")
    await table.place()
    await table.env.advance_time(12 * HOUR)
    waiting = await table.on_turn()
    voter = next(m for m in table.members.values() if m.id not in (waiting.id, voters[0].id))
    result = await voter.slash(table.channel, "carcassonne vote-end")
    assert (await table.state()).row.status == "running"
    assert "Votes to end" in result.response.content
    assert voters[0].name not in result.response.content.split("now:")[1].split(".")[0]


async def test_turn_message_shows_the_deadline_and_status_the_next_reminder(table) -> None:
    """Issue 9, polish: the reminder line on every turn message only when it helps. The
    deadline matters to the player called; the next reminder comes by itself, so it is
    in ``status`` only."""
    await table.started("alice", "bob")
    await table.member("alice").slash(table.channel, "carcassonne deadline", hours=24,
                                      policy="skip")
    start = table.env.now()
    placed = await table.place()
    message = placed.followups[-1] if placed.followups else placed.response
    deadline = int(start.timestamp() + 24 * HOUR)
    assert f"Deadline <t:{deadline}:R>" in message.content
    assert "eminder" not in message.content
    status = await table.member("bob").slash(table.channel, "carcassonne status")
    on_turn = next(f for f in status.response.embeds[0].fields if f.name == "On turn")
    assert f"Deadline <t:{deadline}:R>" in on_turn.value
    assert "Next reminder <t:" in on_turn.value


async def test_regression_a_removed_player_is_never_said_to_have_left(table) -> None:
    """A moderator removed a player, and the next turn's "since your last turn" and
    the history said "🚪 ... left the game", as if they had walked out: nobody leaves
    a running game by themselves, so every line says they were removed."""
    await table.started("alice", "bob", "carol")
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    moderator = table.member("moderator", roles=[mods])
    target = await table.off_turn()
    kicked = await moderator.slash(table.channel, "carcassonne kick", player=target)
    assert "removed from the game by **moderator**" in kicked.response.embeds[0].description
    state = await table.state()
    seat = state.seat(target.id)
    for _ in range(2):  # until everyone still playing has been called once more
        await table.place()
    history = await table.member("alice").slash(table.channel, "carcassonne history")
    texts = player_texts(table.env)
    assert not [text for text in texts if "left the game" in text]
    removed = f"🚪 {mark(seat)} **{state.name(seat)}** was removed from the game."
    assert any(removed in text for text in texts), texts
    assert f"🚪 {mark(seat)} {state.name(seat)} was removed from the game" in (
        history.response.embeds[0].description)


def _markup_in_embed_headings(env) -> list[str]:
    """Mentions, channels and times written where Discord does not render them: embed
    titles, footers, authors and field names."""
    found = []
    for message in env.http_requests:
        if message.path.endswith("/commands"):
            continue
        stack = [message.json]
        while stack:
            value = stack.pop()
            if isinstance(value, list):
                stack += value
            elif isinstance(value, dict):
                if "embeds" in value:
                    for embed in value["embeds"] or []:
                        found += [text for text in [
                            embed.get("title"), (embed.get("footer") or {}).get("text"),
                            (embed.get("author") or {}).get("name"),
                            *(f.get("name") for f in embed.get("fields") or [])]
                            if text and any(m in text for m in ("<@", "<#", "<t:"))]
                stack += list(value.values())
    return found


async def test_fault_6_final_results_by_rank_and_one_public_tally(table) -> None:
    """Issue 18, fault 6: the final scoring lists the players by rank (it listed them by
    seat); a repeated ``vote-end`` is answered to the voter alone (it re-posted the
    tally); no embed heading holds a mention Discord would show raw."""
    await table.started("alice", "bob", "carol")
    for _ in range(30):
        state = await table.state()
        scores = list(state.game.scores)
        if scores != sorted(scores, reverse=True):
            break
        seat = state.game.current_player
        await table.place(scoring_move(state) if seat else None)
    await table.env.advance_time(12 * HOUR)
    waiting = await table.on_turn()
    voters = [m for m in table.members.values() if m.id != waiting.id]
    first = await voters[0].slash(table.channel, "carcassonne vote-end")
    assert not first.ephemeral
    again = await voters[0].slash(table.channel, "carcassonne vote-end")
    assert again.ephemeral and "already" in again.response.content
    assert voters[1].name in again.response.content
    last = await voters[1].slash(table.channel, "carcassonne vote-end")
    final = await table.state()
    scores = final.game.scores
    assert list(scores) != sorted(scores, reverse=True), scores  # seat order is not rank
    *fields, digest = last.response.embeds[0].fields
    assert digest.name == "Record digest (SHA-256)"
    order = [next(seat for seat in range(3) if mark(seat) in field.name) for field in fields]
    assert [scores[seat] for seat in order] == sorted(scores, reverse=True), (order, scores)
    ranks = [int(field.name.split(".")[0]) for field in fields]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    assert _markup_in_embed_headings(table.env) == []
