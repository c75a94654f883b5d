"""The command tree as Discord receives it: names, descriptions, options, limits."""

from __future__ import annotations

import re

import discord

NAME = re.compile(r"^[-_\w]{1,32}$")
EXPECTED = {
    "new",
    "join",
    "leave",
    "start",
    "place",
    "board",
    "rules",
    "status",
    "tiles",
    "export",
    "cancel",
    "help",
    # asynchronous play (bot/discord/cogs/clock.py)
    "snooze",
    "settings",
    "deadline",
    "mygames",
    "games",
    "history",
    "kick",
    "vote-end",
    # each player's own settings: language, hours, vacations (bot/discord/cogs/me.py)
    "me",
    # the AI's advice (bot/discord/cogs/advice.py)
    "review",
    "hint",
}


def check_option(option: dict, path: str) -> None:
    assert NAME.match(option["name"]) and option["name"] == option["name"].lower(), path
    assert 1 <= len(option["description"]) <= 100, (path, option["description"])
    choices = option.get("choices") or []
    assert len(choices) <= 25, path
    for choice in choices:
        assert 1 <= len(choice["name"]) <= 100, (path, choice)
        if isinstance(choice["value"], str):
            assert 1 <= len(choice["value"]) <= 100, (path, choice)
    assert not (choices and option.get("autocomplete")), f"{path}: choices and autocomplete"
    options = option.get("options") or []
    assert len(options) <= 25, path
    required_seen_optional = False
    for child in options:
        if child.get("type") in (1, 2):  # subcommand (group)
            check_option(child, f"{path} {child['name']}")
            continue
        check_option(child, f"{path} {child['name']}")
        if not child.get("required", False):
            required_seen_optional = True
        else:
            assert not required_seen_optional, f"{path}: required option after an optional one"


async def test_every_command_fits_discord_limits(env) -> None:
    commands = env.bot.tree.get_commands()
    payloads = [command.to_dict(env.bot.tree) for command in commands]
    assert payloads[0]["name"] == "carcassonne"
    # the community commands of issue 22, each a command of its own
    assert {p["name"] for p in payloads[1:]} == {"archive", "leaderboard", "profile", "league"}
    root = payloads[0]
    for other in payloads[1:]:  # the community commands: guild-only, within the limits
        check_option(other, f"/{other['name']}")
        assert other.get("contexts") == [0] or other.get("dm_permission") is False
    check_option(root, "/carcassonne")
    assert {o["name"] for o in root["options"]} == EXPECTED
    # Guild only: the group cannot be used in DMs.
    assert root.get("contexts") == [0] or root.get("dm_permission") is False
    total = len(root["name"]) + len(root["description"])
    for sub in root["options"]:
        total += len(sub["name"]) + len(sub["description"])
        for option in sub.get("options") or []:
            total += len(option["name"]) + len(option["description"])
            total += sum(len(c["name"]) + len(str(c["value"])) for c in option.get("choices") or [])
    assert total <= 4000  # Discord's limit on the summed text of one command


async def test_leaderboard_and_profile_are_their_own_guild_only_commands(env) -> None:
    """Issue 22: top-level, since ``/carcassonne`` is near Discord's limits."""
    payloads = {c.name: c.to_dict(env.bot.tree) for c in env.bot.tree.get_commands()}
    for name in ("leaderboard", "profile"):
        check_option(payloads[name], f"/{name}")
        assert payloads[name].get("contexts") == [0] or payloads[name].get("dm_permission") \
            is False


async def test_place_autocompletes_position_follower_and_tile(env) -> None:
    root = env.bot.tree.get_commands()[0].to_dict(env.bot.tree)
    place = next(o for o in root["options"] if o["name"] == "place")
    options = {o["name"]: o for o in place["options"]}
    assert options["position"]["required"] and options["position"]["autocomplete"]
    assert options["follower"]["autocomplete"] and not options["follower"].get("required")
    assert options["tile"]["autocomplete"]


async def test_new_offers_the_options_as_choices(env) -> None:
    root = env.bot.tree.get_commands()[0].to_dict(env.bot.tree)
    new = {o["name"]: o for o in next(o for o in root["options"] if o["name"] == "new")["options"]}
    assert [c["value"] for c in new["game"]["choices"]] == ["carcassonne", "hunters-and-gatherers"]
    assert [c["value"] for c in new["farmers"]["choices"]] == ["3rd", "1st", "off"]
    for flag in ("river", "winter", "two_tile_city", "unfinished"):
        assert new[flag]["type"] == discord.AppCommandOptionType.boolean.value
    assert (new["hand"]["min_value"], new["hand"]["max_value"]) == (1, 3)


async def test_commands_are_synced_once_and_not_again_after_a_restart(env, database) -> None:
    from bot import create_bot

    synced = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(synced) == 1
    old = env.bot
    await old.close()
    await env.restart_bot(create_bot(database=database))
    synced = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(synced) == 1
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    assert "carcassonne help" in alice.available_commands(channel)


async def test_help_is_private(table) -> None:
    result = await table.member("alice").slash(table.channel, "carcassonne help")
    assert result.ephemeral
    text = result.response.embeds[0].description
    assert "Play your turn" in text
    for command in ("me", "snooze", "deadline", "settings", "mygames", "history", "kick",
                    "vote-end"):
        assert f"`{command}`" in text, command
    # Issue 9, polish: which way rotation turns, and how to pick a follower spot.
    assert "always clockwise" in text
    assert "`follower:` takes the number the preview draws on a spot" in text


async def test_development_guild_commands_and_going_global(database) -> None:
    import simcord

    from bot import create_bot

    dev = 4_000_000_000_000_000_000 >> 3
    env = simcord.Env(create_bot(database=database, dev_guild_id=dev))
    await env.start()
    try:
        guild = env.create_guild("Dev", id=dev)
        channel = guild.create_text_channel("general")
        alice = guild.add_member(env.create_user("alice"))
        assert alice.available_commands(channel).count("carcassonne help") == 1
        other = env.create_guild("Other")
        bob = other.add_member(env.create_user("bob"))
        assert bob.available_commands(other.create_text_channel("general")) == ()
        await env.bot.close()
        await env.restart_bot(create_bot(database=database))
        # Global now, and the development copies are gone: each command shows once.
        assert alice.available_commands(channel).count("carcassonne help") == 1
        assert env.backend.commands.get(dev) in (None, {})
    finally:
        await env.shutdown()
        await env.bot.close()
