"""Helpers for the bot tests: a table of players around one bot, moves, lookups."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import discord
import simcord

from bot.client import CarcassonneBot
from bot.games import GameError, GameService, GameState
from engine import HUT, MEEPLE, Game, Place


@dataclass
class Table:
    """A guild, a channel and some members around one bot: the scene of most tests."""

    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    members: dict[str, simcord.MemberActor] = field(default_factory=dict)

    @property
    def bot(self) -> CarcassonneBot:
        return self.env.bot  # type: ignore[return-value]

    def member(self, name: str, **kwargs) -> simcord.MemberActor:
        if name not in self.members:
            self.members[name] = self.guild.add_member(self.env.create_user(name), **kwargs)
        return self.members[name]

    async def state(self, channel: simcord.ChannelHandle | None = None) -> GameState:
        channel_id = (channel or self.channel).id
        return await self.bot.games.state(self.guild.id, channel_id=channel_id, latest=True)

    async def started(self, *names: str, channel=None, **options) -> GameState:
        """A running game of ``names`` (the first is host), by slash commands."""
        channel = channel or self.channel
        names = names or ("alice", "bob")
        host = self.member(names[0])
        result = await host.slash(channel, "carcassonne new", **options)
        assert not result.ephemeral, result.response.content
        for name in names[1:]:
            joined = await self.member(name).slash(channel, "carcassonne join")
            assert not joined.ephemeral, joined.response.content
        started = await host.slash(channel, "carcassonne start")
        assert not started.ephemeral, started.response.content
        return await self.state(channel)

    async def on_turn(self, channel=None) -> simcord.MemberActor:
        state = await self.state(channel)
        assert state.current is not None
        return next(m for m in self.members.values() if m.id == state.current.id)

    async def off_turn(self, channel=None) -> simcord.MemberActor:
        state = await self.state(channel)
        assert state.current is not None
        return next(
            m
            for m in self.members.values()
            if m.id != state.current.id and state.seat(m.id) is not None
        )

    async def place(self, move: Place | None = None, channel=None) -> simcord.InteractionResult:
        """The player on turn plays ``move`` (default: the first legal placement) by slash."""
        channel = channel or self.channel
        state = await self.state(channel)
        move = move or first_move(state)
        actor = await self.on_turn(channel)
        options = {"position": f"{move.x},{move.y},{move.rotation}"}
        if move.figure == MEEPLE:
            options["follower"] = move.port
        if move.figure == HUT:
            options["follower"] = f"hut:{move.port}"
        return await actor.slash(channel, "carcassonne place", **options)


def first_move(state: GameState) -> Place:
    assert state.game is not None and state.game.tile is not None
    tile = state.game.tile
    placement = GameService.placements(state, tile)[0]
    return Place(tile.id, placement.x, placement.y, placement.rotation)


def scoring_move(state: GameState) -> Place | None:
    """A legal move with a follower that scores at once, if the tile has one."""
    assert state.game is not None and state.game.tile is not None and state.row.record
    from engine import FeatureScored

    tile = state.game.tile
    for placement in GameService.placements(state, tile):
        for option in GameService.figures(state, placement, tile):
            if option.figure != "meeple":
                continue
            move = Place(tile.id, *placement, MEEPLE, option.port)
            trial = Game.from_record(state.row.record)
            events = trial.play(move).events
            if any(isinstance(e, FeatureScored) and e.scorers for e in events):
                return move
    return None


async def clicks_at_once(
    env: simcord.Env, clicks: list[tuple[simcord.MemberActor, object, str]]
) -> list[simcord.InteractionResult]:
    """Deliver several button clicks to the bot before it handles any of them.

    simcord's actors run one at a time (each settles the bot before returning),
    so two truly simultaneous clicks need its lower layer: build each click's
    INTERACTION_CREATE exactly as ``MemberActor.click`` does, emit them all,
    then settle once. This uses simcord internals (pinned: simcord==3.2.1).
    """
    from simcord import interactions as wire
    from simcord.actors import _find_component, _visible_message
    from simcord.backend import serializers
    from simcord.enums import ComponentType, InteractionType

    records = []
    for actor, message, label in clicks:
        stored = _visible_message(actor, message)
        button = _find_component(
            stored.components, types=(ComponentType.BUTTON,), custom_id=None, label=label
        )
        record, payload = wire.base_payload(
            env.backend,
            type=InteractionType.MESSAGE_COMPONENT,
            channel_id=stored.channel_id,
            guild_id=actor.guild.id,
            user_id=actor.id,
            data={"custom_id": button["custom_id"], "component_type": ComponentType.BUTTON},
        )
        payload["message"] = dict(serializers.message_payload(env.backend, stored))
        record.source_message_id = stored.id
        records.append((record, payload))
    for _record, payload in records:
        env.backend.emit("INTERACTION_CREATE", payload)
    await env.settle()
    return [simcord.InteractionResult(env, record) for record, _payload in records]


def mentions(text: str | None) -> list[int]:
    return [int(m) for m in re.findall(r"<@!?(\d+)>", text or "")]


def custom_ids(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    ids = []
    for row in message.components:
        children = row.children if hasattr(row, "children") else row.get("components", [])
        for child in children:
            cid = child.custom_id if hasattr(child, "custom_id") else child.get("custom_id")
            if cid:
                ids.append(cid)
    return ids


def is_player_error(error: BaseException) -> bool:
    """A :class:`GameError` from a command: a wrong move answered ephemerally, not a bug.

    discord.py hands every command error to the tree's error hook, where simcord
    records it, even when the cog's error handler has answered the player.
    """
    return isinstance(getattr(error, "original", error), GameError)
