"""Turn reminders on simcord's virtual clock: when they come, to whom, and when not."""

from __future__ import annotations

from datetime import timedelta

from bot_support import custom_ids, mentions

HOUR = 3600.0


def reminders(channel) -> list:
    return [m for m in channel.history() if m.content.startswith("⏰")]


async def test_reminders_come_every_interval_and_stop_at_the_limit(table) -> None:
    state = await table.started("alice", "bob")
    on_turn = state.current
    await table.env.advance_time(12 * HOUR - 60)
    assert reminders(table.channel) == []
    await table.env.advance_time(60)
    sent = reminders(table.channel)
    assert len(sent) == 1
    assert mentions(sent[0].content) == [on_turn.id]
    assert "Reminder 1 of 3" in sent[0].content
    # Issue 9, polish: not "waited since 13 hours ago".
    assert f"it began <t:{int(state.row.turn_started_at.timestamp())}:R>" in sent[0].content
    assert "since <t:" not in sent[0].content
    assert f"carc:play:{state.id}:{state.turn}" in custom_ids(sent[0])
    await table.env.advance_time(12 * HOUR)
    await table.env.advance_time(12 * HOUR)
    assert [m.content.count("Reminder") for m in reminders(table.channel)] == [1, 1, 1]
    assert "Reminder 3 of 3" in reminders(table.channel)[-1].content
    await table.env.advance_time(48 * HOUR)
    assert len(reminders(table.channel)) == 3


async def test_a_move_cancels_the_pending_reminder(table) -> None:
    first = (await table.started("alice", "bob")).current
    await table.env.advance_time(6 * HOUR)
    await table.place()
    second = (await table.state()).current
    assert second.id != first.id
    await table.env.advance_time(6 * HOUR)  # when the first player's reminder was due
    assert reminders(table.channel) == []
    await table.env.advance_time(6 * HOUR)  # 12 hours after the move
    sent = reminders(table.channel)
    assert len(sent) == 1 and mentions(sent[0].content) == [second.id]


async def test_a_restart_between_a_move_and_its_reminder_still_reminds_once(
    table, database
) -> None:
    from bot import create_bot

    await table.started("alice", "bob")
    await table.env.advance_time(HOUR)
    await table.place()
    waiting = (await table.state()).current
    await table.bot.close()
    await table.env.restart_bot(create_bot(database=database))
    await table.env.advance_time(12 * HOUR)
    sent = reminders(table.channel)
    assert len(sent) == 1 and mentions(sent[0].content) == [waiting.id]
    await table.env.advance_time(11 * HOUR)
    assert len(reminders(table.channel)) == 1
    await table.env.advance_time(HOUR)  # and they go on from the new process
    assert len(reminders(table.channel)) == 2


async def test_a_reminder_due_while_the_bot_was_down_comes_once_when_it_is_back(
    table, database
) -> None:
    from bot import create_bot

    state = await table.started("alice", "bob")
    await table.bot.close()
    await table.env.advance_time(48 * HOUR)  # the bot is away for two days
    await table.env.restart_bot(create_bot(database=database))
    sent = reminders(table.channel)
    assert len(sent) == 1 and mentions(sent[0].content) == [state.current.id]
    await table.env.advance_time(12 * HOUR)
    assert len(reminders(table.channel)) == 2


async def test_reminders_by_direct_message_only_for_players_who_opted_in(table) -> None:
    state = await table.started("alice", "bob")
    first = await table.on_turn()
    other = await table.off_turn()
    answer = await first.slash(table.channel, "carcassonne me", call="dm")
    assert answer.ephemeral
    await table.env.advance_time(12 * HOUR)
    dms = first.user.dm_channel.history()
    assert len(dms) == 1 and f"#{state.id}" in dms[0].content
    assert str(table.channel.id) in dms[0].content  # a link to the game's channel
    assert len(reminders(table.channel)) == 1  # and in the channel as ever

    await table.place()  # now the other one, who did not opt in, waits
    await table.env.advance_time(12 * HOUR)
    assert mentions(reminders(table.channel)[-1].content) == [other.id]
    assert other.user.dm_channel.history() == []
    assert len(first.user.dm_channel.history()) == 1

    await first.slash(table.channel, "carcassonne me", call="mention")
    await table.place()
    await table.env.advance_time(12 * HOUR)
    assert mentions(reminders(table.channel)[-1].content) == [first.id]
    assert len(first.user.dm_channel.history()) == 1


async def test_snooze_puts_off_the_next_reminder_but_not_the_deadline(table) -> None:
    await table.started("alice", "bob")
    host = table.member("alice")
    await host.slash(table.channel, "carcassonne deadline", hours=48)
    on_turn, other = await table.on_turn(), await table.off_turn()
    await table.env.advance_time(6 * HOUR)
    refused = await other.slash(table.channel, "carcassonne snooze")
    assert refused.ephemeral and "turn" in refused.response.content
    snoozed = await on_turn.slash(table.channel, "carcassonne snooze", hours=24)
    assert snoozed.ephemeral
    due = table.env.now() + timedelta(hours=24)
    assert f"<t:{int(due.timestamp())}:R>" in snoozed.response.content
    assert "deadline" in snoozed.response.content.lower()
    await table.env.advance_time(24 * HOUR - 60)  # past the 12-hour reminder
    assert reminders(table.channel) == []
    await table.env.advance_time(60)
    assert len(reminders(table.channel)) == 1
    assert "Deadline" in reminders(table.channel)[0].content


async def test_a_sooner_reminder_wakes_the_sleeping_dispatcher(table) -> None:
    state = await table.started("alice", "bob")
    scheduler = table.bot.scheduler
    assert scheduler.next_due == state.row.turn_started_at + timedelta(hours=12)
    await table.member("alice").slash(table.channel, "carcassonne deadline", reminder_hours=1)
    assert scheduler.next_due == state.row.turn_started_at + timedelta(hours=1)
    await table.env.advance_time(HOUR)
    assert len(reminders(table.channel)) == 1


async def test_fault_2_no_turn_is_lost_in_a_channel_closed_to_the_bot(table, caplog) -> None:
    """Issue 18, fault 2: Send Messages taken away during a game. The reminder that
    could not be posted goes to the player on turn by direct message, the server's log
    says it at WARNING, and the next command in the channel brings the message."""
    import logging

    import discord
    from simcord.backend.models import Overwrite
    from simcord.enums import OverwriteType

    state = await table.started("alice", "bob")
    first, other = await table.on_turn(), await table.off_turn()
    denied = discord.Permissions(send_messages=True).value
    table.env.backend.edit_channel(table.channel.id, {}, overwrites=[
        Overwrite(target_id=table.bot.user.id, type=OverwriteType.MEMBER, allow=0,
                  deny=denied)])
    with caplog.at_level(logging.WARNING, logger="bot"):
        await table.env.advance_time(12 * HOUR)
    assert reminders(table.channel) == []
    [dm] = first.user.dm_channel.history()
    assert f"#{state.id}" in dm.content and "**Send Messages**" in dm.content
    assert any(r.levelno == logging.WARNING and str(table.channel.id) in r.getMessage()
               for r in caplog.records)

    await other.slash(table.channel, "carcassonne status")
    late = [m for m in table.channel.history() if "could not post this" in (m.content or "")]
    assert len(late) == 1 and mentions(late[0].content) == [first.id]
    assert "**Send Messages**" in late[0].content
    await other.slash(table.channel, "carcassonne status")  # brought once only
    assert len([m for m in table.channel.history()
                if "could not post this" in (m.content or "")]) == 1
