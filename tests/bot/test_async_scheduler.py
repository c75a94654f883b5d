"""The timer dispatcher: durable rows with game and turn, stale ones dropped, one task."""

from __future__ import annotations

import re
from datetime import timedelta

from engine import Skip

HOUR = 3600.0
NAME = re.compile(r"^[-_\w]{1,32}$")
OURS = {"me", "snooze", "settings", "deadline", "mygames", "history", "kick", "vote-end"}


async def timer_rows(table) -> list[dict]:
    """The pending timers of the channel's game, earliest first."""
    state = await table.state()
    timers = await table.bot.storage.game_timers(state.id)
    return [
        {"event": t.event, "game_id": t.game_id, "turn": t.turn, "data": t.data,
         "expires_at": t.expires_at}
        for t in sorted(timers.values(), key=lambda t: t.expires_at)
    ]


async def test_each_turn_has_its_timers_stored_with_game_and_turn_in_utc(table) -> None:
    state = await table.started("alice", "bob")
    await table.member("alice").slash(table.channel, "carcassonne deadline", hours=30)
    rows = await timer_rows(table)
    assert [r["event"] for r in rows] == ["reminder", "deadline"]
    for row in rows:
        assert row["game_id"] == state.id and row["turn"] == state.turn
        assert row["expires_at"].utcoffset() == timedelta(0)
        assert row["data"]["player"] == state.current.id
    await table.place()
    after = await table.state()
    rows = await timer_rows(table)  # replaced, not added to
    assert [(r["event"], r["turn"]) for r in rows] == [
        ("reminder", after.turn),
        ("deadline", after.turn),
    ]
    assert rows[0]["data"]["player"] == after.current.id


async def test_a_stale_timer_is_dropped_not_fired(table) -> None:
    state = await table.started("alice", "bob")
    await table.place()
    now = table.env.now()
    async with table.bot.storage.transaction() as tx:  # a deadline left over from turn 0
        await tx.set_timer(
            "deadline",
            now + timedelta(hours=1),
            now=now,
            game_id=state.id,
            turn=state.turn,
            data={"player": state.current.id},
        )
        await tx.set_timer("no-such-event", now + timedelta(hours=2), now=now)
    table.bot.scheduler.wake()
    before = len(table.channel.history())
    await table.env.advance_time(3 * HOUR)
    after = await table.state()
    assert after.turn == state.turn + 1 and not isinstance(after.game.history[-1].action, Skip)
    assert len(table.channel.history()) == before
    assert [r["event"] for r in await timer_rows(table)] == ["reminder"]


async def test_one_dispatcher_sleeps_until_the_earliest_timer(table) -> None:
    scheduler = table.bot.scheduler
    assert scheduler.running and scheduler.next_due is None  # nothing to wait for
    other = table.guild.create_text_channel("second-table")
    first = await table.started("alice", "bob")
    await table.env.advance_time(HOUR)
    await table.started("carol", "dave", channel=other)
    assert scheduler.next_due == first.row.turn_started_at + timedelta(hours=12)
    await table.env.advance_time(11 * HOUR)  # the first game's reminder
    assert table.channel.last_message.content.startswith("⏰")
    assert scheduler.next_due == first.row.turn_started_at + timedelta(hours=13)
    await table.member("carol").slash(other, "carcassonne cancel")
    assert scheduler.next_due == first.row.turn_started_at + timedelta(hours=24)


async def test_the_subcommands_fit_discords_limits(env) -> None:
    root = env.bot.tree.get_commands()[0].to_dict(env.bot.tree)
    subs = {o["name"]: o for o in root["options"]}
    assert set(subs) >= OURS and len(subs) <= 25
    total = len(root["name"]) + len(root["description"])
    for sub in root["options"]:
        total += len(sub["name"]) + len(sub["description"])
        for option in sub.get("options") or []:
            total += len(option["name"]) + len(option["description"])
            total += sum(len(c["name"]) + len(str(c["value"])) for c in option.get("choices") or [])
    assert total <= 4000
    for name in OURS:
        sub = subs[name]
        assert NAME.match(name) and 1 <= len(sub["description"]) <= 100
        for option in sub.get("options") or []:
            assert NAME.match(option["name"]) and 1 <= len(option["description"]) <= 100
            assert all(1 <= len(c["name"]) <= 100 for c in option.get("choices") or [])
