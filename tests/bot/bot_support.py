"""Helpers for the bot tests: a table of players around one bot, moves, lookups."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import discord
import simcord

from bot.app import input as app_input
from bot.app.state import GameState
from bot.discord.client import CarcassonneBot
from bot.discord.replies import is_refusal
from engine import MEEPLE, Place

#: The checkout: ``python -m engine`` runs from it.
ROOT = Path(__file__).resolve().parents[2]

#: What no message a player sees may contain (issue 9): a port name of two or three
#: letters (the one-letter ports N, E, S, W, C read as tile ids and picture letters),
#: a figure "on" a port, a hut's value, a rule code (B-10, HG-52), or a note of the
#: tile catalogues ("same, no pennant", "= J", "NEW:", "START tile", "mirror of").
PORTS_AND_NOTES = re.compile(
    r"\b(?:NNW|NNE|ENE|ESE|SSE|SSW|WSW|WNW)\b|\bon [NESWC]\b|\bhut:|"
    r"\b(?:B|D|H|HG|R|V|W)-\d+\b|"
    r"\(same|: same|\(=|: =|\bNEW:|\bSTART\b|\bLAST\b|\bJCZ\b|mirror")
#: The JSON keys of what Discord shows of a message, an embed, a component or a suggestion.
SHOWN_KEYS = frozenset({"content", "title", "description", "name", "value", "text", "label",
                        "placeholder"})


def player_texts(env: simcord.Env) -> list[str]:
    """Every text the bot sent to Discord for players to read: messages (public,
    private, direct), edits, embeds, buttons, menus and suggestions. The command
    tree itself (its upload) is left out: it holds option names, not messages."""
    texts: list[str] = []

    def walk(value, key=None) -> None:
        if isinstance(value, dict):
            # A menu option's or a suggestion's value is what is sent back, never shown.
            hidden = "label" in value or key == "choices"
            for k, v in value.items():
                if not (hidden and k == "value"):
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in SHOWN_KEYS:
            texts.append(value)

    for request in env.http_requests:
        if not request.path.endswith("/commands"):
            walk(request.json)
    return texts


def assert_player_words(env: simcord.Env) -> int:
    """No text the bot sent contains a port name, a rule code or a catalogue note;
    returns how many texts were read."""
    texts = player_texts(env)
    bad = [text for text in texts if PORTS_AND_NOTES.search(text)]
    assert not bad, bad[:5]
    return len(texts)


#: A bot seed whose first base game, played by first legal placements, draws the
#: full city tile C right after the first move, where it fits nowhere (found by a
#: search over seeds with the engine alone; the tests check it still holds).
DISCARD_SEED = 550


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
        return await self.bot.app.queries.state(self.guild.id, channel_id=channel_id, latest=True)

    def admin(self) -> simcord.MemberActor:
        """A member with Manage Server (the server's settings are theirs to change)."""
        if "admin" not in self.members:
            role = self.guild.create_role("mods",
                                          permissions=discord.Permissions(manage_guild=True))
            return self.member("admin", roles=[role])
        return self.members["admin"]

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
        if move.figure is not None:
            options["follower"] = str(spot_number(state, move))
        return await actor.slash(channel, "carcassonne place", **options)


@asynccontextmanager
async def bot_env(database: str, seed: int, *, settle_timeout: float = 5.0,
                  **options) -> AsyncIterator[simcord.Env]:
    """The real bot on ``database`` in simcord's offline Discord; at the end it is
    closed (its database too), and any error that was not a player's is raised.
    ``settle_timeout``: the wall-clock seconds an action may take, AI moves computed
    in the worker process included (more for a machine under load).

    Like simcord's own ``simcord_env`` fixture: ``Env`` with ``start`` and
    ``shutdown``, not ``simcord.run``, so that it can span a fixture's setup and
    teardown."""
    from bot import create_bot

    env = simcord.Env(create_bot(database=database, seed=seed, **options),
                      settle_timeout=settle_timeout)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        await env.bot.close()
    unexpected = [error for error in env.errors if not is_player_error(error)]
    if unexpected:
        raise ExceptionGroup("the bot raised errors", unexpected)


@asynccontextmanager
async def seeded_table(database: str, seed: int, **options) -> AsyncIterator[Table]:
    """Like the ``env`` and ``table`` fixtures, with another bot seed (and ``options``
    of :func:`bot.create_bot`, such as ``catalogues``)."""
    async with bot_env(database, seed, **options) as env:
        guild = env.create_guild("Meeple Hall")
        await games_in_channels(env, guild)
        yield Table(env, guild, guild.create_text_channel("carcassonne"))


async def games_in_channels(env: simcord.Env, guild: simcord.GuildHandle) -> None:
    """The server plays its games in their channels, as before threads (issue 20): the
    scene of the tests that are not about threads."""
    await env.bot.app.settings.update_server_settings(  # type: ignore[attr-defined]
        guild.id, can_manage=True, threads=False)


def verify(record: bytes, folder: Path) -> subprocess.CompletedProcess[str]:
    """``python -m engine verify`` on an exported record, as a player would run it."""
    path = folder / "record.json"
    path.write_bytes(record)
    return subprocess.run(
        [sys.executable, "-m", "engine", "verify", str(path)],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )


def spot_number(state: GameState, move: Place) -> int:
    """The number the preview draws on the spot of ``move``'s figure (1, 2, ...)."""
    assert state.game is not None
    options = state.game.legal_figures(move.placement, move.tile)
    return next(number for number, option in enumerate(options, start=1)
                if option.figure == move.figure and option.port == move.port)


def first_move(state: GameState) -> Place:
    assert state.game is not None and state.game.tile is not None
    tile = state.game.tile
    placement = app_input.placements(state, tile)[0]
    return Place(tile.id, placement.x, placement.y, placement.rotation)


def move_with(state: GameState, wanted: type) -> Place | None:
    """A legal move of the tile on turn that causes an event of type ``wanted``."""
    game = state.game
    assert game is not None and game.tile is not None
    for placement in game.legal_placements():
        options = [None, *game.legal_figures(placement)]
        for option in options:
            move = Place(game.tile.id, *placement, option and option.figure,
                         option and option.port)
            trial = game.copy()
            if any(isinstance(e, wanted) for e in trial.play(move).events):
                return move
    return None


def scoring_move(state: GameState) -> Place | None:
    """A legal move with a follower that scores at once, if the tile has one."""
    assert state.game is not None and state.game.tile is not None and state.row.record
    from engine import FeatureScored

    tile = state.game.tile
    for placement in app_input.placements(state, tile):
        for option in app_input.figures(state, placement, tile):
            if option.figure != "meeple":
                continue
            move = Place(tile.id, *placement, MEEPLE, option.port)
            trial = state.game.copy()
            events = trial.play(move).events
            if any(isinstance(e, FeatureScored) and e.scorers for e in events):
                return move
    return None


# Interactions built now and delivered later or together. simcord's actors run
# one at a time (each settles the bot before returning), so two interactions in
# flight at once, or one sent now and delivered after another was handled, need
# its lower layer: these build each INTERACTION_CREATE exactly as the actors do.
# They use simcord internals (pinned: simcord==3.2.1).


@dataclass
class Prepared:
    """An interaction created (its id taken from the clock) but not yet delivered."""

    record: object
    payload: dict


def prepared_click(
    env: simcord.Env,
    actor: simcord.MemberActor,
    message,
    label: str | None = None,
    *,
    custom_id: str | None = None,
) -> Prepared:
    """A button click on ``message``; ``custom_id`` forges the id sent, and the
    message's buttons with it (as a hostile client could)."""
    from simcord import interactions as wire
    from simcord.actors import _find_component, _visible_message
    from simcord.backend import serializers
    from simcord.enums import ComponentType, InteractionType

    stored = _visible_message(actor, message)
    forged = custom_id is not None
    if custom_id is None:
        button = _find_component(
            stored.components, types=(ComponentType.BUTTON,), custom_id=None, label=label
        )
        custom_id = button["custom_id"]
    record, payload = wire.base_payload(
        env.backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=stored.channel_id,
        guild_id=actor.guild.id, user_id=actor.id,
        data={"custom_id": custom_id, "component_type": ComponentType.BUTTON},
    )
    payload["message"] = dict(serializers.message_payload(env.backend, stored))
    if forged:
        payload["message"]["components"] = [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Join", "custom_id": custom_id}
        ]}]
    record.source_message_id = stored.id
    return Prepared(record, payload)


def prepared_slash(
    env: simcord.Env,
    actor: simcord.MemberActor,
    channel,
    name: str,
    raw: list[dict] | None = None,
    **options,
) -> Prepared:
    """A slash command, with options checked as Discord checks them; or with ``raw``
    options sent as they are (what a stale or hostile client could send)."""
    from simcord import interactions as wire
    from simcord.actors import _resolve_visible_command
    from simcord.enums import AppCommandType, InteractionType

    parts = name.split()
    root = _resolve_visible_command(actor, channel.id, parts[0], AppCommandType.CHAT_INPUT)
    leaf, nesting = wire.walk_to_subcommand(root, parts[1:])
    if raw is None:
        leaf_options, resolved = wire.build_options(
            actor, name, leaf, options, channel_id=channel.id
        )
    else:
        leaf_options, resolved = raw, None
    data = {
        "id": root["id"],
        "name": root["name"],
        "type": root.get("type", AppCommandType.CHAT_INPUT),
        "options": wire.nest_options(root, nesting, leaf_options),
    }
    if resolved:
        data["resolved"] = resolved
    record, payload = wire.base_payload(
        env.backend, type=InteractionType.APPLICATION_COMMAND, channel_id=channel.id,
        guild_id=actor.guild.id, user_id=actor.id, data=data,
    )
    return Prepared(record, payload)


async def deliver(env: simcord.Env, *interactions: Prepared) -> list[simcord.InteractionResult]:
    """Deliver interactions to the bot together (before it handles any), then settle."""
    for prepared in interactions:
        env.backend.emit("INTERACTION_CREATE", prepared.payload)
    await env.settle()
    return [simcord.InteractionResult(env, prepared.record) for prepared in interactions]


async def clicks_at_once(
    env: simcord.Env, clicks: list[tuple[simcord.MemberActor, object, str]]
) -> list[simcord.InteractionResult]:
    """Deliver several button clicks to the bot before it handles any of them."""
    return await deliver(
        env, *(prepared_click(env, actor, message, label) for actor, message, label in clicks)
    )


async def fire(env: simcord.Env, timer) -> None:
    """Fire a timer as the scheduler does (a ``carcassonne_timer`` event, dispatched
    inside the bot's scope so that settling waits for its listener), then settle:
    for a timer fired late, or twice."""
    with env._bot_scope():
        env.bot.dispatch("carcassonne_timer", timer)
    await env.settle()


def start_timers(env: simcord.Env) -> None:
    """Start the bot's timer task again (after ``bot.scheduler.stop()``) as the bot's
    own task, as at its start, so that settling waits for what its timers set off."""
    with env._bot_scope():
        env.bot.scheduler.start()


def untag(value: str) -> str:
    """A suggested value without the turn it names (``t3:1,0,90`` -> ``1,0,90``)."""
    head, colon, rest = value.partition(":")
    return rest if colon and re.fullmatch(r"t[0-9]+", head) else value


def values(choices: list[dict]) -> list[str]:
    """The values of autocomplete suggestions, without their turn."""
    return [untag(c["value"]) for c in choices]


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
    """A refusal from a command (a wrong move answered ephemerally), not a bug.

    discord.py hands every command error to the tree's error hook, where simcord
    records it before our handler answers the player.
    """
    return is_refusal(error)


# Languages. A pseudo-translation of the whole template (every vowel accented,
# fields and `code` kept) is a complete catalogue in which English that did not
# come from the catalogue stands out; UNTRANSLATED finds it.

_ACCENTS = str.maketrans("aeiouyAEIOUY", "áéíóúýÁÉÍÓÚÝ")


def pseudo(text: str) -> str:
    """``text`` with its vowels accented, outside ``{fields}`` and `code`."""
    out, field, code = [], False, False
    for char in text:
        if char == "`":
            code = not code
        elif char == "{" and not code:
            field = True
        elif char == "}" and not code:
            field = False
        out.append(char if field or code else char.translate(_ACCENTS))
    return "".join(out)


def pseudo_catalogue(language):
    """The messages of ``language`` as a complete pseudo-translation of the template."""
    import gettext
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from bot.i18n import Messages
    from bot.i18n.catalogues import TEMPLATE
    from bot.i18n.checks import read_catalogue

    catalog = Catalog(locale="en", domain="messages")
    keys = set()
    for message in read_catalogue(TEMPLATE):
        if not message.id:
            continue
        forms = message.id if isinstance(message.id, tuple) else (message.id,)
        string = tuple(pseudo(f) for f in forms) if len(forms) > 1 else pseudo(forms[0])
        catalog.add(message.id, string, context=message.context)
        keys.add((message.context, forms[0]))
    mo = io.BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    return Messages(language, gettext.GNUTranslations(mo), frozenset(keys))


def english_fragments(t) -> list[re.Pattern[str]]:
    """Every piece of English text of the catalogue's messages (between fields, code
    aside) that has a word of four letters or more, as a pattern, except pieces the
    catalogue ``t`` itself writes the same (a name such as "Carcassonne" or
    "Esperanto"). Command names and descriptions are left out: Discord shows those,
    and names stay in code spans of messages."""
    from bot.i18n.catalogues import TEMPLATE
    from bot.i18n.checks import read_catalogue
    from bot.i18n.translator import CHOICE, DESCRIPTION, NAME

    same: set[str] = set()
    pieces: set[str] = set()
    for message in read_catalogue(TEMPLATE):
        if not message.id or message.context in (NAME, DESCRIPTION, CHOICE):
            continue
        forms = message.id if isinstance(message.id, tuple) else (message.id,)
        raw = t.translations  # unfilled: the translation as written
        if len(forms) > 1:
            same.update(raw.npgettext(message.context, forms[0], forms[1], n)
                        if message.context else raw.ngettext(forms[0], forms[1], n)
                        for n in (1, 2, 5, 20))
        else:
            same.add(raw.pgettext(message.context, forms[0]) if message.context
                     else raw.gettext(forms[0]))
        for form in forms:
            text = re.sub(r"`[^`]*`|\{[^}]*\}", "\0", form)
            for piece in text.split("\0"):
                piece = piece.strip(" .,:;()*!?…-·\n")
                if re.search(r"[A-Za-z]{4,}", piece):
                    pieces.add(piece)
    kept = [p for p in pieces if not any(p in s for s in same)]
    return [re.compile(rf"(?<![A-Za-z]){re.escape(p)}(?![A-Za-z])") for p in kept]


def untranslated(texts: list[str], fragments: list[re.Pattern[str]]) -> list[tuple[str, str]]:
    """(English piece, text) for every text holding a piece of English."""
    found = []
    for text in texts:
        for pattern in fragments:
            if pattern.search(text):
                found.append((pattern.pattern, text))
                break
    return found


# AI players (issue 13).

#: Wall-clock seconds an action may take where AI players move: a person's move and
#: up to four AI moves after it, computed in the worker process, on a busy machine.
AI_SETTLE = 30.0


def ai_table(database: str, seed: int = 3, **options):
    """:func:`seeded_table` for games with AI players (a longer settling time)."""
    return seeded_table(database, seed, settle_timeout=AI_SETTLE, **options)


def ai_entries(state: GameState) -> list:
    """The record entries of the AI seats' turns."""
    return [e for e in state.game.history if state.players[e.player].is_ai]


def assert_no_ai_contact(env: simcord.Env, state: GameState) -> None:
    """No message mentions anyone but the game's people, and no direct message is ever
    opened for an AI (their ids are negative: nobody's account)."""
    import json

    people = {p.id for p in state.players if not p.is_ai}
    for request in env.http_requests:
        if request.path.endswith("/commands"):
            continue
        text = json.dumps(request.json or {}, ensure_ascii=False)
        assert "<@-" not in text and "<@!-" not in text, text[:300]
        assert set(mentions(text)) <= people, text[:300]
        if request.path.endswith("/users/@me/channels"):
            assert int(request.json["recipient_id"]) in people
