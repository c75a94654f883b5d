"""Chance in the record: seeds, the commitment, hands in record version 2, verify."""

import hashlib
import json
import random
import subprocess
import sys

import pytest

from engine import (
    DrawError,
    Game,
    IllegalMoveError,
    Options,
    RecordError,
    commitment,
    record_digest,
    replay,
    verify,
)
from engine.record import read_record
from engine.selfplay import play_random_game, play_random_moves

HAND_OPTIONS = [Options(hand=3), Options(hand=2, river=True),
                Options(game="hunters-and-gatherers", hand=2),
                Options(hand=3, winter=True, discards="back")]


def test_a_new_game_without_a_seed_gets_an_unguessable_one():
    first, second = Game.new(["A", "B"]), Game.new(["A", "B"])
    assert first.seed != second.seed
    assert all(0 <= game.seed < 2 ** 128 for game in (first, second))
    assert max(first.seed, second.seed) >= 2 ** 100  # 128 random bits, not a small number


def test_the_commitment_is_the_sha256_of_the_seed_and_the_setup():
    """Issue 18, fault 10: version 3 binds the game, its options, the players and the
    start with the seed (computed here from its definition in the spec)."""
    game = Game.new(["Ana", "Béla"], Options(winter=True), seed=1234567)
    text = ('{"format":"carcassonne-record/3","game":"carcassonne","options":{"winter":true},'
            '"players":["Ana","Béla"],"seed":"1234567","start":{"rotation":0,"tile":"D"}}')
    assert game.commitment == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert commitment(1234567) == hashlib.sha256(b"1234567").hexdigest()  # versions 1, 2
    record = game.to_record(include_seed=False)
    assert record["commitment"] == game.commitment and "seed" not in record
    assert record["format"] == "carcassonne-record/3"


@pytest.mark.parametrize("options", HAND_OPTIONS, ids=str)
def test_a_record_alone_rebuilds_a_game_with_hands(options):
    game = play_random_game(3, options, seed=21)
    record = game.to_record(include_seed=False)
    assert record["format"] == "carcassonne-record/3"
    for entry in record["turns"]:
        if "removed" not in entry:
            assert entry["tile"] in entry["hand"] and isinstance(entry["player"], int)
    again = Game.from_record(json.dumps(record))
    assert again.to_record(include_seed=False) == record
    assert [entry.hand for entry in again.history] == [entry.hand for entry in game.history]
    assert again.scores == game.scores


@pytest.mark.parametrize("options", HAND_OPTIONS, ids=str)
def test_a_running_game_comes_back_from_its_record_and_seed_with_its_hands(options):
    game = play_random_moves(Game.new(["A", "B", "C"], options, seed=5), random.Random(2), 30)
    again = Game.from_record(game.to_record(include_seed=False), seed=game.seed)
    assert [t.id for t in again.hand] == [t.id for t in game.hand]
    assert [[t.id for t in again.hand_of(p)] for p in range(3)] == \
        [[t.id for t in game.hand_of(p)] for p in range(3)]
    assert again.remaining() == game.remaining()


def test_without_its_seed_a_running_game_waits_where_its_record_ends():
    game = play_random_moves(Game.new(["A", "B"], Options(), seed=5), random.Random(2), 12)
    again = Game.from_record(game.to_record(include_seed=False))
    assert again.tile is None and not again.is_over  # the next tile is not in the record
    assert again.current_player == game.current_player
    assert again.scores == game.scores and again.turn == game.turn


def test_a_hand_that_loses_a_tile_is_refused():  # D-8
    record = play_random_game(2, Options(hand=3), seed=8).to_record(include_seed=False)
    entry = record["turns"][6]
    kept = next(t for t in entry["hand"] if t != entry["tile"])
    later = next(e for e in record["turns"][7:] if e.get("player") == entry["player"])
    later["hand"] = [t for t in later["hand"] if t != kept] + ["A"]
    with pytest.raises(IllegalMoveError, match=f"lost tile {kept}") as error:
        replay(record)
    assert error.value.rule == "D-8"


@pytest.mark.parametrize(("change", "message"), [
    (lambda turn: turn.pop("hand"), "records each entry's 'hand' and 'player'"),
    (lambda turn: turn.update(hand=["V"]), "the tile played among them"),
])
def test_version_2_hand_games_must_list_every_hand(change, message):
    record = play_random_game(2, Options(hand=2), seed=3).to_record(include_seed=False)
    change(record["turns"][4])
    with pytest.raises(RecordError, match=message):
        read_record(record)


def test_a_hand_belongs_only_in_version_2_and_3_records_of_games_with_hands():
    record = play_random_game(2, Options(), seed=3).to_record()
    record["turns"][0]["hand"] = [record["turns"][0]["tile"]]
    with pytest.raises(RecordError, match="'hand' belongs in version 2 and 3 records"):
        read_record(record)


def test_entries_round_trip_through_the_record():
    game = play_random_moves(Game.new(["A", "B", "C"], Options(discards="back"), seed=9),
                             random.Random(3), 10)
    game.skip_turn()
    game.remove_player(2)
    play_random_moves(game, random.Random(4), 10)
    entries = read_record(game.to_record()).entries  # no "player" without hands
    assert [(e.action, e.bonus) for e in entries] == [(e.action, e.bonus) for e in game.history]


# ----------------------------------------------------------------------
# Fair draws checked


def finished(seed: int = 4, options: Options | None = None) -> dict:
    return play_random_game(2, options or Options(), seed=seed).to_record()


@pytest.mark.parametrize("options", [Options(), Options(hand=3, river=True),
                                     Options(game="hunters-and-gatherers")], ids=str)
def test_verify_accepts_an_honest_record(options):
    record = finished(options=options)
    verified = verify(record)
    assert verified.seed == record["seed"] and verified.commitment == record["commitment"]
    game = Game.from_record(record)
    tiles = sum(tile.count for tile in game.rules.tiles.values())
    assert verified.draws == tiles - 1 - sum(game.remaining_bonus().values())  # all but the start


def test_verify_names_the_draw_that_differs():
    record = finished()
    turn = record["turns"][7]
    swapped = next(e["tile"] for e in record["turns"][8:] if e["tile"] != turn["tile"])
    turn["tile"] = swapped
    with pytest.raises(DrawError) as error:
        verify(record)
    assert error.value.draw == 8 and error.value.tile == swapped and error.value.turn == 7
    assert str(error.value).startswith(f"turn 7: the record shows tile {swapped} where the seed "
                                       f"deals {error.value.dealt} (draw 8)")


def test_verify_refuses_a_seed_that_is_not_the_committed_one():
    record = finished()
    record["seed"] += 1
    with pytest.raises(RecordError, match="the seed does not match the commitment"):
        verify(record)
    with pytest.raises(RecordError, match="the seed does not match the commitment"):
        replay(record)


def test_verify_needs_the_seed_and_says_when_there_is_no_commitment():
    record = finished()
    with pytest.raises(RecordError, match="no seed to verify"):
        verify({k: v for k, v in record.items() if k != "seed"})
    with pytest.raises(RecordError, match="draws match the seed, but the record has no "
                       "commitment"):
        verify({k: v for k, v in record.items() if k != "commitment"})


def run_verify(tmp_path, record):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "engine", "verify", str(path)],
                          capture_output=True, text=True)


def test_verify_command_line(tmp_path):
    record = finished()
    done = run_verify(tmp_path, record)
    assert done.returncode == 0 and done.stdout.startswith("ok: the seed matches the commitment")
    assert "(71 draws)" in done.stdout
    record["turns"][3]["tile"] = next(e["tile"] for e in record["turns"][4:]
                                      if e["tile"] != record["turns"][3]["tile"])
    done = run_verify(tmp_path, record)
    assert done.returncode == 1 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "(draw 4)" in done.stderr


def _edits(record: dict) -> dict[str, dict]:
    """A finished record edited in every way issue 18 (fault 10) names, and more."""
    def edited(change) -> dict:
        copy = json.loads(json.dumps(record))
        change(copy)
        return copy

    turns = record["turns"]
    placed = next(i for i, e in enumerate(turns) if "x" in e and "meeple" not in e)

    def to_skip(r):
        r["turns"][placed] = {"tile": turns[placed]["tile"], "skipped": True}

    def moved(r):  # the same tile placed elsewhere, where it also fits
        game = Game.from_record({**r, "turns": r["turns"][:placed], "finished": False,
                                 "seed": r["seed"]})
        entry = r["turns"][placed]
        other = next(p for p in game.legal_placements()
                     if (p.x, p.y, p.rotation) != (entry["x"], entry["y"], entry["rotation"]))
        entry.update(x=other.x, y=other.y, rotation=other.rotation)

    return {
        "cut short by 5 turns": edited(lambda r: r.update(turns=r["turns"][:-5])),
        "cut to 3 turns": edited(lambda r: r.update(turns=r["turns"][:3])),
        "Winter switched on": edited(lambda r: r["options"].update(winter=True)),
        "farmers switched off": edited(lambda r: r["options"].update(farmers="off")),
        "players renamed": edited(lambda r: r.update(players=["Mallory", *r["players"][1:]])),
        "players reseated": edited(lambda r: r.update(players=r["players"][::-1])),
        "a player added": edited(lambda r: r.update(players=[*r["players"], "Eve"])),
        "a placed turn made a skip": edited(to_skip),
        "a turn placed elsewhere": edited(moved),
        "a follower dropped": edited(lambda r: next(
            e for e in r["turns"] if "meeple" in e).pop("meeple")),
    }


@pytest.mark.parametrize("seed", range(4))
def test_fault_10_every_edit_is_refused_or_outside_what_verify_proves(seed, tmp_path):
    """Issue 18, fault 10: the commitment bound only the seed, so records edited after
    the game verified "ok". Now an edit of what is fixed at the start (options,
    players) is refused; any other edit that still verifies gets a record digest other
    than the one the bot posted with the final result, and the output says that
    matching that digest is what shows the moves and the end."""
    game = play_random_game(3, Options(), seed=seed)
    record = game.to_record()
    honest = verify(record)
    assert honest.binds_setup and honest.digest == record_digest(game)
    for name, edited in _edits(record).items():
        try:
            verified = verify(edited)
        except (RecordError, IllegalMoveError):
            continue
        assert verified.digest != honest.digest, name
        assert name not in ("Winter switched on", "farmers switched off", "players renamed",
                            "players reseated", "a player added"), name
        report = verified.report()
        assert f"record digest: {verified.digest}" in report
        assert "Not shown: that these are the moves played and that the record is whole" \
            in report
    done = run_verify(tmp_path, record)
    assert done.returncode == 0 and f"record digest: {honest.digest}" in done.stdout


def test_fault_10_an_old_record_verifies_by_the_old_rule_and_says_so():
    """A record of version 2 (its commitment the seed's alone) still verifies, and the
    report says its options and players are not checked."""
    game = play_random_game(2, Options(), seed=7)
    old = game.to_record()
    old.update(format="carcassonne-record/2", commitment=commitment(old["seed"]))
    verified = verify(old)
    assert not verified.binds_setup and verified.version == 2
    assert "binds the seed alone: its options and players are not checked" in \
        verified.report()
    again = Game.from_record(old)
    assert again.to_record()["format"] == "carcassonne-record/2"  # written as it came
    assert again.to_record()["commitment"] == old["commitment"]
