"""The game record (``shared/spec/game-record.md``): write, read, replay.

A record is a game's moves. Replaying one rebuilds the game through the same
checks as live play, so a record is legal exactly when the engine accepts
every turn of it. Two ways to draw tiles:

- a record with a ``seed`` (the engine writes one for the games it deals)
  replays by drawing with that seed, and each turn's tile must be the tile
  drawn (or one in the hand): hands of tiles are rebuilt exactly;
- a record without one takes its tiles in the order the turns name them.

Two entries extend the format for games the bot runs with deadlines:
``{"tile": "V", "skipped": true}`` (the player missed the turn; the tile went
back into the bag) and ``{"removed": 2}`` (player 2 left the game).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .errors import EngineError, IllegalMoveError, RecordError
from .options import GAMES, Options
from .rules import rules_for

FORMAT = "carcassonne-record/1"


@dataclass(frozen=True)
class ReplayResult:
    """What ``python -m engine replay`` prints."""

    scores: list[int]
    after_turn: list[list[int]]
    followers: list[int]

    def to_json(self) -> dict[str, Any]:
        return {"scores": self.scores, "after_turn": self.after_turn,
                "followers": self.followers}


def record_of(game, *, include_seed: bool = True) -> dict[str, Any]:
    start = next(iter(game.board.tiles.values()))
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": game.options.game,
        "options": game.options.to_dict(),
        "players": list(game.players),
        "start": {"tile": start.tile.id, "rotation": start.rotation},
        "turns": [dict(entry) for entry in game.history],
    }
    if game.is_over:
        record["finished"] = True
    if include_seed and game.seed is not None and game.is_seeded:
        record["seed"] = game.seed
    return record


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
           "turns": list, "finished": bool, "seed": int}
#: Fields of one turn entry.
_ENTRY_FIELDS = {"tile": str, "x": int, "y": int, "rotation": int, "meeple": str, "hut": str,
                 "player": int, "bonus": bool, "discarded": bool, "skipped": bool,
                 "removed": int}


def _type_name(kind: type) -> str:
    return {str: "a string", dict: "an object", list: "a list", bool: "true or false",
            int: "an integer"}[kind]


def _has_type(value: Any, kind: type) -> bool:
    if kind is int:
        return _is_int(value)
    return isinstance(value, kind)


def parse_record(record: Any) -> dict[str, Any]:
    """Check a record's shape (not its moves); accepts a dict or JSON text (str or bytes)."""
    if isinstance(record, (str, bytes)):
        record = load_json(record)
    if not isinstance(record, dict):
        raise RecordError("record: must be a JSON object")
    for key, value in record.items():
        if key not in _FIELDS:
            raise RecordError(f"record: unknown field {key!r}")
        if not _has_type(value, _FIELDS[key]):
            raise RecordError(f"record: {key!r} must be {_type_name(_FIELDS[key])}, "
                              f"not {_short(value)}")
    if record.get("format", FORMAT) != FORMAT:
        raise RecordError(f"record: unknown format {record.get('format')!r}, expected {FORMAT!r}")
    game = record.get("game", "carcassonne")
    if game not in GAMES:
        raise RecordError(f"record: unknown game {game!r}")
    players = record.get("players")
    if (not isinstance(players, list) or not all(isinstance(p, str) for p in players)
            or not 2 <= len(players) <= 5):
        raise RecordError("record: 'players' must list 2 to 5 names")
    if not isinstance(record.get("options", {}), dict):
        raise RecordError("record: 'options' must be an object")
    start = record.get("start")
    if not isinstance(start, dict) or not isinstance(start.get("tile"), str):
        raise RecordError("record: 'start' must give the start tile")
    if set(start) - {"tile", "rotation"}:
        raise RecordError(f"record: unknown field {sorted(set(start) - {'tile', 'rotation'})[0]!r}"
                          " in 'start'")
    if "rotation" in start and not _is_int(start["rotation"]):
        raise RecordError("record: the start 'rotation' must be an integer")
    turns = record.get("turns")
    if not isinstance(turns, list):
        raise RecordError("record: 'turns' must be a list")
    for index, entry in enumerate(turns):
        _check_entry(index, entry)
    if "seed" in record and not _is_int(record["seed"]):
        raise RecordError("record: 'seed' must be an integer")
    return record


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: Any) -> str:
    """A value quoted for an error message, cut short."""
    text = "a number" if _is_int(value) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_entry(index: int, entry: Any) -> None:
    def fail(message: str) -> RecordError:
        error = RecordError(f"turn {index}: {message}")
        error.turn = index
        return error

    if not isinstance(entry, dict):
        raise fail("each turn must be an object")
    for key, value in entry.items():
        if key not in _ENTRY_FIELDS:
            raise fail(f"unknown field {key!r}")
        if not _has_type(value, _ENTRY_FIELDS[key]):
            raise fail(f"{key!r} must be {_type_name(_ENTRY_FIELDS[key])}, not {_short(value)}")
    if "removed" in entry:
        return
    if "tile" not in entry:
        raise fail("missing 'tile'")
    if entry.get("discarded") or entry.get("skipped"):
        return
    for key in ("x", "y", "rotation"):
        if key not in entry:
            raise fail(f"missing or non-integer '{key}'")


def game_from_record(record: Any, *, seed: int | None = None):
    """Rebuild the game a record describes, checking every turn."""
    from .game import Game, Move

    record = parse_record(record)
    options = Options.from_dict(record.get("options"), record.get("game", "carcassonne"))
    turns = record["turns"]
    seed = record.get("seed") if seed is None else seed
    start = record["start"]
    rules = rules_for(options)
    if start["tile"] != rules.start_tile():
        rule = "R-2" if options.river else "HG-2" if rules.name != "carcassonne" else "B-4"
        raise IllegalMoveError(f"record: the start tile must be {rules.start_tile()}, "
                               f"not {start['tile']}", rule)
    try:
        if seed is not None:
            game = Game(record["players"], options, seed=seed,
                        start_rotation=start.get("rotation", 0))
        else:
            game = Game(record["players"], options, seed=0,
                        start_rotation=start.get("rotation", 0),
                        forced=[t["tile"] for t in turns if "tile" in t and not t.get("bonus")],
                        forced_bonus=[t["tile"] for t in turns if t.get("bonus")])
    except EngineError as error:
        raise _at_turn(error, 0) from None
    for index, entry in enumerate(turns):
        try:
            _replay_turn(game, index, entry, Move)
        except EngineError as error:
            raise _at_turn(error, index) from None
    if record.get("finished"):
        game.end()
    return game


def _at_turn(error: EngineError, index: int) -> EngineError:
    """Name the turn an error belongs to (a draw error names its own turn)."""
    turn = getattr(error, "turn", None)
    if turn is None:
        turn = index
    message = str(error)
    if not message.startswith("turn ") and not message.startswith("record:"):
        message = f"turn {turn}: {message}"
    if isinstance(error, IllegalMoveError):
        named: EngineError = IllegalMoveError(message)
    else:
        named = type(error)(message)
    named.rule = error.rule
    named.turn = turn
    return named


def _replay_turn(game, index: int, entry: dict, move_class) -> None:
    if "removed" in entry:
        game.remove_player(entry["removed"])
        return
    tile = entry["tile"]
    rules = game.rules
    if index < len(game.history):
        # The engine has already taken this turn: its tile fit nowhere.
        taken = game.history[index]
        if not entry.get("discarded"):
            raise IllegalMoveError(f"tile {taken['tile']} has no legal place: it must be "
                                   "discarded", rules.rule_discard)
        if taken["tile"] != tile or bool(taken.get("bonus")) != bool(entry.get("bonus")):
            raise IllegalMoveError(f"the record discards {tile} but {taken['tile']} was drawn",
                                   rules.rule_discard)
        _check_player(game.turn_players[index], entry, game)
        return
    if game.is_over:
        raise IllegalMoveError("the game is already over", "B-38")
    if game.bonus_unrecorded:
        raise IllegalMoveError("a bonus tile must be placed now", "HG-32")
    if bool(entry.get("bonus")) != game.is_bonus_turn:
        if game.is_bonus_turn:
            raise IllegalMoveError("a bonus tile must be placed now", "HG-32")
        raise IllegalMoveError("no bonus tile was earned", "HG-32")
    if game.tile is None:
        raise IllegalMoveError(f"tile {tile} cannot be drawn now", rules.rule_bag)
    if entry.get("discarded"):
        raise IllegalMoveError(f"tile {tile} can be placed, so it may not be discarded",
                               rules.rule_discard)
    if entry.get("skipped"):
        if tile not in {t.id for t in game.hand}:
            raise IllegalMoveError(f"tile {tile} is not the tile to play now", "B-7")
        _check_player(game.current_player, entry, game)
        game.skip_turn()
        return
    player = entry.get("player")
    if player is not None and player != game.current_player and not game.is_seeded \
            and game.options.hand > 1 and 0 <= player < len(game.players):
        game.pass_to(player)
    _check_player(game.current_player, entry, game)
    game.play(move_class(tile, entry["x"], entry["y"], entry["rotation"],
                         meeple=entry.get("meeple"), hut=entry.get("hut")))


def _check_player(expected: int, entry: dict, game) -> None:
    if "player" in entry and entry["player"] != expected:
        raise IllegalMoveError(
            f"it is {game.players[expected]}'s turn (player {expected}), "
            f"not player {entry['player']}'s", "B-7")


def replay(record: Any) -> ReplayResult:
    """Replay a record and report its scores (the ``replay`` command's output)."""
    record = parse_record(record)
    game = game_from_record(record)
    turns = len(record["turns"])
    after = [list(scores) for scores in game.after_turn[:turns]]
    if record.get("finished"):
        scores = list(game.scores)
    else:
        scores = after[-1] if after else [0] * len(game.players)
    followers = [game.supply(player).meeples for player in range(len(game.players))]
    return ReplayResult(scores, after, followers)
