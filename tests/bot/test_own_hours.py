"""Players' own hours (issue 20): ``/carcassonne me``, time zones, quiet hours,
how a turn calls its player, vacations; on simcord's virtual clock, which starts
at 2026-01-01 00:00 UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot_support import mentions, values

HOUR = 3600.0
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def reminders(channel) -> list:
    return [m for m in channel.history() if m.content.startswith("⏰")]


def pings(env, content: str) -> bool:
    """Whether the message sent with ``content`` was allowed to ping whom it mentions."""
    [sent] = [r.json for r in env.http_requests
              if r.method == "POST" and r.json and r.json.get("content") == content]
    return sent.get("allowed_mentions") != {"parse": []}


def stamp(moment: datetime) -> str:
    return f"<t:{int(moment.timestamp())}:"


async def test_quiet_hours_hold_a_reminder_until_they_end_in_each_players_time_zone(
    table,
) -> None:
    await table.started("alice", "bob")
    first = await table.on_turn()
    second = await table.off_turn()
    # 21:00 in Tokyo (UTC+9) is when the 12-hour reminder falls: quiet from 20 to 8,
    # chosen after the reminder was set, holds it until 08:00 Tokyo, 23:00 UTC.
    await first.slash(table.channel, "carcassonne me", zone="Asia/Tokyo", quiet="20-8")
    # In New York (UTC-5) quiet from 22 to 7: the next turn's reminder falls at 06:00.
    await second.slash(table.channel, "carcassonne me", zone="america/new_york",
                       quiet="22:00-07:00")
    await table.env.advance_time(12 * HOUR)
    assert reminders(table.channel) == []
    await table.env.advance_time(11 * HOUR - 60)
    assert reminders(table.channel) == []
    await table.env.advance_time(60)  # 23:00 UTC: the quiet hours end in Tokyo
    [held] = reminders(table.channel)
    assert mentions(held.content) == [first.id] and "Reminder 1 of 3" in held.content

    await table.place()  # 23:00 UTC, 18:00 in New York: 12 hours on is 06:00 there
    await table.env.advance_time(12 * HOUR)
    assert len(reminders(table.channel)) == 1
    await table.env.advance_time(HOUR)  # 07:00 in New York
    assert mentions(reminders(table.channel)[-1].content) == [second.id]
    assert len(reminders(table.channel)) == 2


async def test_a_turn_that_begins_in_quiet_hours_calls_its_player_when_they_end(table) -> None:
    await table.started("alice", "bob")
    waiting = await table.off_turn()
    await waiting.slash(table.channel, "carcassonne me", zone="UTC", quiet="0-6")
    await table.env.advance_time(HOUR)
    await table.place()  # 01:00 UTC: their turn, in their quiet hours
    turn = table.channel.last_message
    assert mentions(turn.content) == [waiting.id]
    assert not pings(table.env, turn.content)  # shown, not pinged
    await table.env.advance_time(5 * HOUR - 60)
    assert reminders(table.channel) == []
    await table.env.advance_time(60)  # 06:00: the call comes as the quiet hours end
    call = reminders(table.channel)[-1].content
    assert mentions(call) == [waiting.id] and pings(table.env, call)


async def test_a_deadline_moves_out_of_quiet_hours_unless_the_server_turns_that_off(
    table,
) -> None:
    state = await table.started("alice", "bob")
    on_turn = await table.on_turn()
    await on_turn.slash(table.channel, "carcassonne me", quiet="22-8")  # no zone: UTC
    await table.member("alice").slash(table.channel, "carcassonne deadline", hours=24)
    assert (await table.state()).clock.deadline == EPOCH + timedelta(hours=32)  # 08:00
    shown = await on_turn.slash(table.channel, "carcassonne status")
    assert stamp(EPOCH + timedelta(hours=32)) in str(shown.response.embeds[0].to_dict())

    off = await table.admin().slash(table.channel, "carcassonne settings", quiet_deadlines=False)
    assert off.response.content == "Saved."
    assert (await table.state()).clock.deadline == EPOCH + timedelta(hours=24)
    await table.env.advance_time(24 * HOUR)
    assert (await table.state()).turn > state.turn  # skipped at midnight, quiet or not


async def test_a_vacation_pauses_the_deadline_and_reminders_and_they_resume_after_it(
    table,
) -> None:
    state = await table.started("alice", "bob")
    await table.member("alice").slash(table.channel, "carcassonne deadline", hours=24)
    away = await table.on_turn()
    await table.env.advance_time(2 * HOUR)
    went = await away.slash(table.channel, "carcassonne me", vacation=3)
    until = EPOCH + timedelta(hours=2, days=3)
    assert went.ephemeral and stamp(until) in went.response.embeds[0].description
    told = table.channel.last_message.content
    assert "on vacation until" in told and stamp(until) in told and not pings(table.env, told)
    assert (await table.state()).clock.deadline == EPOCH + timedelta(hours=24 + 72)
    status = await table.member("bob").slash(table.channel, "carcassonne status")
    assert "on vacation until" in str(status.response.embeds[0].to_dict())

    await table.env.advance_time(72 * HOUR)  # through the vacation: no reminder, no skip
    assert reminders(table.channel) == []
    assert (await table.state()).turn == state.turn
    await table.env.advance_time(10 * HOUR)  # 12 hours of the turn's own clock
    assert mentions(reminders(table.channel)[-1].content) == [away.id]
    await table.env.advance_time(12 * HOUR)  # and the deadline's policy applies again
    after = await table.state()
    assert after.turn > state.turn and after.clock.away == ()


async def test_coming_back_early_gives_the_clock_back_and_the_unused_days(table) -> None:
    await table.started("alice", "bob")
    await table.member("alice").slash(table.channel, "carcassonne deadline", hours=24)
    away = await table.on_turn()
    await away.slash(table.channel, "carcassonne me", vacation=5)
    await table.env.advance_time(30 * HOUR)
    back = await away.slash(table.channel, "carcassonne me", vacation=0)
    assert "on vacation" not in back.response.embeds[0].description
    assert "back from vacation" in table.channel.last_message.content
    assert (await table.state()).clock.deadline == EPOCH + timedelta(hours=30 + 24)
    again = await away.slash(table.channel, "carcassonne me", vacation=6)  # 2 days used
    assert again.ephemeral and "allows you 5 more vacation days (of 7)" in \
        again.response.content


async def test_vacation_limits_of_days_and_times_are_refused_clearly(table) -> None:
    await table.started("alice", "bob")
    admin = table.admin()
    await admin.slash(table.channel, "carcassonne settings", vacation_days=3, vacations=1)
    alice = table.member("alice")
    state = await table.state()
    too_long = await alice.slash(table.channel, "carcassonne me", vacation=4)
    assert too_long.ephemeral
    assert too_long.response.content == (
        f"Game #{state.id} allows you 3 more vacation days (of 3).")
    assert (await alice.slash(table.channel, "carcassonne me", vacation=1)).response.content \
        == "Saved."
    twice = await alice.slash(table.channel, "carcassonne me", vacation=1)
    assert twice.response.content == "You are on vacation already; end it first (vacation: 0)."
    await alice.slash(table.channel, "carcassonne me", vacation=0)
    spent = await alice.slash(table.channel, "carcassonne me", vacation=1)
    assert spent.response.content == f"You have taken all 1 vacations game #{state.id} allows."
    await admin.slash(table.channel, "carcassonne settings", vacations=0)
    none = await table.member("bob").slash(table.channel, "carcassonne me", vacation=1)
    assert none.response.content == "This server allows no vacations."
    nowhere = await table.member("carol").slash(table.channel, "carcassonne me", vacation=1)
    assert nowhere.response.content == "You are in no running game on this server."


async def test_the_time_zone_autocompletes_iana_names_and_refuses_others(table) -> None:
    alice = table.member("alice")
    found = values(await alice.autocomplete(table.channel, "carcassonne me", "zone", "europe/ber"))
    assert found[0] == "Europe/Berlin"
    assert "America/Sao_Paulo" in values(
        await alice.autocomplete(table.channel, "carcassonne me", "zone", "sao"))
    assert len(await alice.autocomplete(table.channel, "carcassonne me", "zone", "")) == 25
    wrong = await alice.slash(table.channel, "carcassonne me", zone="Mars/Olympus")
    assert wrong.ephemeral and wrong.response.content.startswith("There is no time zone")
    bad = await alice.slash(table.channel, "carcassonne me", quiet="late")
    assert bad.response.content.startswith("Quiet hours are written from-to")


async def test_me_shows_the_settings_and_they_last_across_a_restart(table, database) -> None:
    from bot import create_bot

    alice = table.member("alice")
    shown = await alice.slash(table.channel, "carcassonne me")
    assert shown.ephemeral and shown.response.content in (None, "")
    text = shown.response.embeds[0].description
    assert "**Time zone**: UTC" in text and "**Quiet hours**: none" in text
    await alice.slash(table.channel, "carcassonne me", language="hu", zone="Europe/Budapest",
                      quiet="23-7", call="dm")
    second = await alice.slash(table.channel, "carcassonne me", call_after=3, language="en")
    assert second.response.content.startswith("I will answer you in English")
    assert "**Language**: English" in second.response.embeds[0].description  # the new one
    await table.started("alice", "bob")
    await alice.slash(table.channel, "carcassonne me", vacation=2)
    await table.bot.close()
    await table.env.restart_bot(create_bot(database=database))
    text = (await alice.slash(table.channel, "carcassonne me")).response.embeds[0].description
    assert "**Language**: English" in text
    assert "**Time zone**: Europe/Budapest" in text
    assert "**Quiet hours**: 23:00 to 07:00, your time" in text
    assert "once the turn has waited 3 hours" in text
    assert "On vacation in Carcassonne #" in text


async def test_a_player_called_only_after_some_hours_is_pinged_then(table) -> None:
    await table.started("alice", "bob")
    later = await table.off_turn()
    await later.slash(table.channel, "carcassonne me", call_after=3)
    await table.place()
    turn = table.channel.last_message.content
    assert mentions(turn) == [later.id] and not pings(table.env, turn)
    await table.env.advance_time(3 * HOUR - 60)
    assert reminders(table.channel) == []
    await table.env.advance_time(60)
    call = reminders(table.channel)[-1].content
    assert mentions(call) == [later.id] and pings(table.env, call)
    await table.env.advance_time(12 * HOUR)  # and the reminders go on from there
    assert len(reminders(table.channel)) == 2


def deny_send_messages(table) -> None:
    import discord
    from simcord.backend.models import Overwrite
    from simcord.enums import OverwriteType

    denied = discord.Permissions(send_messages=True).value
    table.env.backend.edit_channel(table.channel.id, {}, overwrites=[
        Overwrite(target_id=table.bot.user.id, type=OverwriteType.MEMBER, allow=0,
                  deny=denied)])


async def test_quiet_hours_must_hold_back_every_call(table) -> None:
    """Gap 1: the direct message that replaces a turn the channel refused waits for
    the end of the quiet hours of the player it calls, like a reminder."""
    await table.started("alice", "bob")
    host = table.member("alice")
    await host.slash(table.channel, "carcassonne deadline", hours=1, policy="skip")
    waiting = await table.off_turn()
    await waiting.slash(table.channel, "carcassonne me", zone="UTC", quiet="0-6")
    deny_send_messages(table)
    await table.env.advance_time(HOUR)  # 01:00: a skip hands them the turn, unposted
    assert (await table.state()).current.id == waiting.id
    assert waiting.user.dm_channel is None or waiting.user.dm_channel.history() == []
    await table.env.advance_time(5 * HOUR - 60)
    assert waiting.user.dm_channel is None or waiting.user.dm_channel.history() == []
    await table.env.advance_time(60)  # 06:00: the quiet hours end, the call comes
    [dm] = waiting.user.dm_channel.history()
    assert "**Send Messages**" in dm.content


async def test_a_turn_posted_without_a_ping_pings_later_even_when_reminders_are_off(
    table,
) -> None:
    """Gap 2: with ``reminder_hours 0`` a turn that could not call its player (quiet
    hours, or a later call) calls them once when they may: no reminder count."""
    await table.started("alice", "bob")
    await table.member("alice").slash(table.channel, "carcassonne deadline",
                                      reminder_hours=0)
    quiet = await table.off_turn()
    await quiet.slash(table.channel, "carcassonne me", zone="UTC", quiet="0-6")
    await table.env.advance_time(HOUR)
    await table.place()  # 01:00: their turn, in their quiet hours, shown without a ping
    assert not pings(table.env, table.channel.last_message.content)
    await table.env.advance_time(5 * HOUR - 60)
    assert reminders(table.channel) == []
    await table.env.advance_time(60)  # 06:00
    [call] = reminders(table.channel)
    assert mentions(call.content) == [quiet.id] and pings(table.env, call.content)
    assert "Reminder" not in call.content

    later = await table.off_turn()
    await later.slash(table.channel, "carcassonne me", call_after=3)
    await table.place()
    assert not pings(table.env, table.channel.last_message.content)
    await table.env.advance_time(3 * HOUR - 60)
    assert len(reminders(table.channel)) == 1
    await table.env.advance_time(60)
    assert mentions(reminders(table.channel)[-1].content) == [later.id]
    await table.env.advance_time(48 * HOUR)  # once: reminders stay off
    assert len(reminders(table.channel)) == 2
