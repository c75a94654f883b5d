"""The game record (``docs/game-record.md``): read, write, replay.

A record is a game's history: its entries are :class:`~engine.actions.Entry`
values, written to and read from JSON here. Replaying a record rebuilds the
game through the same checks as live play, so a record is legal exactly when
the engine accepts every entry of it. Version 3 is written (version 2 whose
commitment binds the game's setup with the seed: :mod:`engine.chance`);
versions 1 and 2 are read too, and a game replayed from one is written in its
own version, its commitment unchanged. :func:`record_digest` names a record's
content (the bot posts it with the final result). Where the tiles come from:

- with a seed (the record's own once the game is over, or the one the bot
  kept), the tiles are dealt from it, and every tile the record shows must be
  the tile dealt (a :class:`~engine.errors.DrawError` names the draw that is not);
- without one, they are the tiles the record shows: each entry's tile, or in a
  game with hands (version 2), the tiles that come into each hand. After the
  record's last entry nothing more is known: the game waits there (``tile`` is
  None) unless it is over, with the player whose turn it is on turn (with
  hands too, where the record ends at the draw that refills a hand);
- a version 1 record of a game with hands, without its seed, does not say what
  the hands held: each player is taken to hold just the tile they play, in the
  turn order the record gives.

Two entries extend the format for games the bot runs with deadlines:
``{"tile": "V", "skipped": true}`` (the player missed the turn; the tile went
back into the bag) and ``{"removed": 2}`` (player 2 left the game).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Discard, Entry, Place, Remove, Skip
from .chance import SETUP_FORMAT, DrawScript, Setup, commitment
from .errors import EngineError, IllegalMoveError, Reason, RecordError
from .figures import FigureKind
from .options import MIN_PLAYERS, Options
from .rules import RuleSet, rules_for

if TYPE_CHECKING:
    from .game import Game

FORMAT = SETUP_FORMAT
FORMAT_V2 = "carcassonne-record/2"
FORMAT_V1 = "carcassonne-record/1"
_VERSIONS = {FORMAT_V1: 1, FORMAT_V2: 2, FORMAT: 3}


@dataclass(frozen=True)
class Record:
    """A record read and checked for form (not yet for its moves)."""

    version: int
    options: Options
    players: tuple[str, ...]
    start: str
    start_rotation: int
    entries: tuple[Entry, ...]
    finished: bool
    seed: int | None
    commitment: str | None


# ----------------------------------------------------------------------
# Writing


def record_of(game: Game, *, include_seed: bool = True) -> dict[str, Any]:
    """``game`` as a record. Version 3; version 2 for a game replayed from a record
    whose commitment binds the seed alone; version 1 for one replayed from a version
    1 record that does not say what the hands held."""
    start = next(iter(game.board.tiles.values()))
    hands = game.options.hand > 1
    hands_known = hands and game.hands.size > 1
    version = FORMAT_V1 if hands and not hands_known else \
        FORMAT if game.seals_setup else FORMAT_V2
    record: dict[str, Any] = {
        "format": version,
        "game": game.options.game.value,
        "options": game.options.to_dict(),
        "players": list(game.players),
        "start": {"tile": start.tile.id, "rotation": start.rotation},
        "turns": [entry_json(entry, player=hands, hand=hands_known) for entry in game.history],
    }
    if game.is_over:
        record["finished"] = True
    if game.commitment is not None:
        record["commitment"] = game.commitment
    if include_seed and game.seed is not None:
        record["seed"] = game.seed
    return record


def record_digest(game: Game) -> str:
    """The SHA-256 (hex) of ``game``'s whole record, seed included, as the engine
    writes it (one line of JSON, keys sorted, no spaces, UTF-8): the same for every
    copy of the record, however it was formatted, and different for any change to
    it. The bot posts it with the final result, so that an exported record can be
    checked against what the channel saw (``python -m engine verify`` prints it)."""
    text = json.dumps(record_of(game), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def entry_json(entry: Entry, *, player: bool, hand: bool) -> dict[str, Any]:
    """One entry as a record's turn object; ``player`` and ``hand`` (games with
    hands) write who took it and what they held."""
    action = entry.action
    if isinstance(action, Remove):
        return {"removed": action.player}
    data: dict[str, Any] = {"tile": action.tile}
    if isinstance(action, Place):
        data.update(x=action.x, y=action.y, rotation=action.rotation)
        if action.figure is not None:
            data[str(action.figure)] = action.port
    elif isinstance(action, Discard):
        data["discarded"] = True
    else:
        data["skipped"] = True
    if entry.bonus:
        data["bonus"] = True
    if player:
        data["player"] = entry.player
    if hand:
        data["hand"] = list(entry.hand)
    return data


# ----------------------------------------------------------------------
# Reading


def decode_text(data: bytes) -> str:
    """The text of a record file: UTF-8 (a byte-order mark is allowed), nothing else."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RecordError("record: the file is UTF-16 text; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(f"record: not UTF-8 text (byte {error.object[error.start]:#04x} "
                          f"at position {error.start})") from None


def load_json(text: str | bytes) -> Any:
    """Parse JSON text; every way it can fail is a :class:`RecordError`."""
    if isinstance(text, bytes):
        text = decode_text(text)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"record: not valid JSON: {error}") from None
    except RecursionError:
        raise RecordError("record: not valid JSON: nested too deeply") from None
    except ValueError as error:  # an integer past Python's digit limit
        raise RecordError(f"record: not valid JSON: {str(error).split(':')[0].lower()}") from None


#: Top-level fields of a record, and the type each must have.
_FIELDS = {"format": str, "game": str, "options": dict, "players": list, "start": dict,
           "turns": list, "finished": bool, "seed": int, "commitment": str}
#: Fields of one turn entry.
_ENTRY_FIELDS = {"tile": str, "x": int, "y": int, "rotation": int, "meeple": str, "hut": str,
                 "big": str, "builder": str, "pig": str,
                 "player": int, "bonus": bool, "discarded": bool, "skipped": bool,
                 "removed": int, "hand": list}
#: The keys that place a figure, one per kind (at most one per entry).
_FIGURE_KEYS = tuple(str(kind) for kind in FigureKind)
_TYPE_NAMES = {str: "a string", dict: "an object", list: "a list", bool: "true or false",
               int: "an integer"}


def read_record(record: Any) -> Record:
    """Check a record's form (not its moves); accepts a dict or JSON text (str or bytes)."""
    if isinstance(record, Record):
        return record
    if isinstance(record, (str, bytes)):
        record = load_json(record)
    if not isinstance(record, dict):
        raise RecordError("record: must be a JSON object")
    for key, value in record.items():
        if key not in _FIELDS:
            raise RecordError(f"record: unknown field {key!r}")
        _check_type(f"record: {key!r}", value, _FIELDS[key], RecordError)
    version = _VERSIONS.get(record.get("format", FORMAT_V1))
    if version is None:
        raise RecordError(f"record: unknown format {record['format']!r}, expected {FORMAT!r}, "
                          f"{FORMAT_V2!r} or {FORMAT_V1!r}")
    options = Options.from_dict(record.get("options"), record.get("game", "carcassonne"))
    players = record.get("players")
    most = options.max_players
    if players is None or not all(isinstance(p, str) for p in players) \
            or not MIN_PLAYERS <= len(players) <= most:
        raise RecordError(f"record: 'players' must list {MIN_PLAYERS} to {most} names")
    start = record.get("start")
    if start is None or not isinstance(start.get("tile"), str):
        raise RecordError("record: 'start' must give the start tile")
    if set(start) - {"tile", "rotation"}:
        raise RecordError(f"record: unknown field {sorted(set(start) - {'tile', 'rotation'})[0]!r}"
                          " in 'start'")
    _check_type("record: the start 'rotation'", start.get("rotation", 0), int, RecordError)
    if "turns" not in record:
        raise RecordError("record: 'turns' must be a list")
    hands = version >= 2 and options.hand > 1
    entries = tuple(_entry(index, data, hands) for index, data in enumerate(record["turns"]))
    if "seed" in record and record["seed"] < 0:
        raise RecordError("record: 'seed' must not be negative")
    if "commitment" in record and not _is_hex_digest(record["commitment"]):
        raise RecordError("record: 'commitment' must be a SHA-256 digest in hex")
    return Record(version, options, tuple(players), start["tile"], start.get("rotation", 0),
                  entries, record.get("finished", False), record.get("seed"),
                  record.get("commitment"))


def _is_hex_digest(text: str) -> bool:
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def _check_type(what: str, value: Any, kind: type, error: type[EngineError]) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool) if kind is int \
        else isinstance(value, kind)
    if not ok:
        raise error(f"{what} must be {_TYPE_NAMES[kind]}, not {_short(value)}")


def _short(value: Any) -> str:
    """A value quoted for an error message, cut short."""
    if isinstance(value, int) and not isinstance(value, bool):
        return "a number"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _entry(index: int, data: Any, hands: bool) -> Entry:
    """One turn object as an entry (``hands``: a record of version 2 or later of a game
    with hands)."""
    def fail(message: str) -> RecordError:
        error = RecordError(f"turn {index}: {message}")
        error.turn = index
        return error

    if not isinstance(data, dict):
        raise fail("each turn must be an object")
    for key, value in data.items():
        if key not in _ENTRY_FIELDS:
            raise fail(f"unknown field {key!r}")
        _check_type(f"turn {index}: {key!r}", value, _ENTRY_FIELDS[key], RecordError)
    if "removed" in data:
        if len(data) > 1:
            raise fail("a removal says only who was 'removed'")
        return Entry(Remove(data["removed"]), data["removed"])
    if "tile" not in data:
        raise fail("missing 'tile'")
    tile = data["tile"]
    held = data.get("hand")
    if held is not None:
        if not hands:
            raise fail("'hand' belongs in version 2 and 3 records of games with hands")
        if not all(isinstance(t, str) for t in held) or tile not in held:
            raise fail("'hand' must list the tiles held, the tile played among them")
    elif hands:
        raise fail("a game with hands records each entry's 'hand' and 'player'")
    if hands and "player" not in data:
        raise fail("a game with hands records each entry's 'hand' and 'player'")
    player, bonus, hand = data.get("player"), data.get("bonus", False), tuple(held or ())
    if data.get("discarded"):
        return Entry(Discard(tile), player, bonus, hand)
    if data.get("skipped"):
        return Entry(Skip(tile), player, bonus, hand)
    for key in ("x", "y", "rotation"):
        if key not in data:
            raise fail(f"missing or non-integer '{key}'")
    placed = [key for key in _FIGURE_KEYS if key in data]
    if len(placed) > 1:
        raise fail(f"one figure per turn: {placed[0]!r} or {placed[1]!r}, not both")
    figure = FigureKind(placed[0]) if placed else None
    port = data[placed[0]] if placed else None
    return Entry(Place(tile, data["x"], data["y"], data["rotation"], figure, port), player,
                 bonus, hand)


# ----------------------------------------------------------------------
# Replaying


@dataclass(frozen=True)
class ReplayPlan:
    """How to deal a record's game (:meth:`Game.for_replay`): its rules, the seed
    (None: the tiles are what the record shows, ``script``), and whether it is a
    version 1 record of a game with hands replayed without a seed, which does not
    say what the hands held (each player is taken to hold the tile they play)."""

    rules: RuleSet
    seed: int | None
    script: DrawScript
    hands_unknown: bool


def replay_plan(record: Record, seed: int | None) -> ReplayPlan:
    """Check ``record``'s start and its seed (``seed``, or the record's own) against
    its commitment, and say how its tiles come."""
    rules = rules_for(record.options)
    if record.start != rules.start:
        raise IllegalMoveError(f"record: the start tile must be {rules.start}, "
                               f"not {record.start}", rules.rule_start, Reason.WRONG_START_TILE,
                               tile=record.start, start=rules.start)
    seed = record.seed if seed is None else seed
    if seed is not None and record.commitment is not None \
            and sealed(record, seed) != record.commitment:
        raise RecordError("record: the seed does not match the commitment" + (
            " (which binds the game, its options, the players and the start too)"
            if record.version >= 3 else ""))
    hands = record.options.hand > 1
    legacy_hands = hands and record.version == 1 and seed is None
    land = "entries" if not hands or legacy_hands else "hands" if record.version >= 2 else "none"
    script = DrawScript(record.entries, land=land, rule_bonus=rules.rule_bonus or rules.rule_bag,
                        double_turns=rules.double_turns)
    return ReplayPlan(rules, seed, script, legacy_hands)


def replay_entry(game: Game, index: int, entry: Entry) -> None:
    """Replay entry ``index`` of a record into ``game`` (made by
    :meth:`Game.for_replay`), checking it as live play does; an error names its turn."""
    try:
        _replay_entry(game, index, entry, game.hands.size < game.options.hand)
    except EngineError as error:
        raise error.at_turn(error.turn if error.turn is not None else index) from None


def sealed(record: Record, seed: int) -> str:
    """The commitment ``seed`` makes for ``record``: with its setup (version 3), or
    alone (versions 1 and 2)."""
    if record.version < 3:
        return commitment(seed)
    return commitment(seed, Setup(record.options.game.value, record.options.to_dict(),
                                  record.players, record.start, record.start_rotation))


def _replay_entry(game: Game, index: int, entry: Entry, legacy_hands: bool) -> None:
    action = entry.action
    rules = game.rules
    if isinstance(action, Remove):
        game.remove_player(action.player)
        return
    if index < len(game.history):
        # The engine has made this entry already: the tile drawn fit nowhere.
        made = game.history[index]
        if not isinstance(action, Discard):
            raise IllegalMoveError(f"tile {made.tile} has no legal place: it must be discarded",
                                   rules.rule_discard, Reason.MUST_DISCARD, tile=made.tile)
        if made.tile != action.tile or made.bonus != entry.bonus:
            raise IllegalMoveError(f"the record discards {action.tile} but {made.tile} was drawn",
                                   rules.rule_discard, Reason.OTHER_TILE_DISCARDED,
                                   tile=action.tile, drawn=made.tile)
        assert made.player is not None, "the engine names the player of every entry it makes"
        _check_player(game, made.player, entry)
        _check_hand(game, made.hand, entry)
        return
    if game.is_over:
        raise IllegalMoveError("the game is already over", rules.rule_over, Reason.GAME_OVER)
    if entry.bonus != game.is_bonus_turn:
        if game.is_bonus_turn:
            raise IllegalMoveError("a bonus tile must be placed now", rules.rule_bonus,
                                   Reason.BONUS_TILE_DUE)
        raise IllegalMoveError("no bonus tile was earned", rules.rule_bonus or rules.rule_bag,
                               Reason.NO_BONUS_EARNED)
    if game.tile is None:
        raise IllegalMoveError(f"tile {action.tile} cannot be drawn now", rules.rule_bag,
                               Reason.NOT_IN_BAG, tile=action.tile)
    if isinstance(action, Discard):
        raise IllegalMoveError(f"tile {action.tile} can be placed, so it may not be discarded",
                               rules.rule_discard, Reason.MAY_NOT_DISCARD, tile=action.tile)
    if legacy_hands and entry.player is not None and entry.player != game.current_player \
            and 0 <= entry.player < len(game.players):
        game.give_turn(entry.player)
    _check_player(game, game.player_on_turn, entry)
    _check_hand(game, tuple(tile.id for tile in game.hand), entry)
    game.play(action)


def _check_player(game: Game, expected: int, entry: Entry) -> None:
    if entry.player is not None and entry.player != expected:
        raise IllegalMoveError(
            f"it is {game.players[expected]}'s turn (player {expected}), "
            f"not player {entry.player}'s", game.rules.rule_turn, Reason.WRONG_PLAYER,
            player=entry.player, expected=expected)


def _check_hand(game: Game, held: tuple[str, ...], entry: Entry) -> None:
    """In a record of version 2 or 3 of a game with hands, the hand is what the player holds."""
    if entry.hand and Counter(entry.hand) != Counter(held):
        raise IllegalMoveError(f"the record gives player {entry.player} the hand "
                               f"{', '.join(entry.hand)}, but they hold {', '.join(held)}", "D-8",
                               Reason.HAND_MISMATCH, player=entry.player, hand=entry.hand,
                               held=held)
