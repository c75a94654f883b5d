"""``carcassonne-bot`` as an operator starts it: each failure is one sentence and exit 1.

These run the real launcher in a subprocess from a folder of its own, as an
admin would. "No network" is this machine with name lookups failing (a
``sitecustomize`` that makes ``socket.getaddrinfo`` raise, which is what an
offline machine does); a full disk is ``/dev/full``, which answers every
write with ENOSPC. The subprocess timeout only guards against a hang.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.launcher import DEFAULT_DATABASE, ConfigError, Settings
from bot.storage import Shards
from bot.thinking import AISettings

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = """\
import socket

def _offline(*args, **kwargs):
    raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

socket.getaddrinfo = _offline
"""
NO_NETWORK = (
    "Cannot reach Discord (Cannot connect to host discord.com:443 ssl:default "
    "[Name or service not known]): check this machine's internet connection, "
    "then start the bot again."
)


def start(folder: Path, *, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m bot`` in ``folder`` with no network; stdout, stderr, status."""
    hooks = folder / "offline"
    hooks.mkdir(exist_ok=True)
    (hooks / "sitecustomize.py").write_text(OFFLINE)
    environment = {
        k: v for k, v in os.environ.items()
        if not k.startswith(("DISCORD_", "CARCASSONNE_", "LOG_LEVEL"))
    }
    environment["PYTHONPATH"] = f"{hooks}{os.pathsep}{ROOT}"
    environment["LOG_LEVEL"] = "ERROR"
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def one_sentence(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_without_a_token_the_launcher_says_so_in_one_sentence(tmp_path) -> None:
    # An empty working directory: no .env to find.
    assert one_sentence(start(tmp_path)) == (
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token in it."
    )


def test_regression_env_file_is_read_from_the_working_directory(tmp_path) -> None:
    """The .env was looked for beside the installed package, not where the bot starts."""
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=abc.def.ghi\nCARCASSONNE_DATABASE=data/games.sqlite3\n"
    )
    assert one_sentence(start(tmp_path)) == NO_NETWORK  # the token was found
    assert (tmp_path / "data" / "games.sqlite3").is_file()  # and the database setting


def test_regression_startup_without_network_is_one_sentence(tmp_path) -> None:
    """No network used to end in a 76-line traceback."""
    done = start(tmp_path, env={"DISCORD_TOKEN": "abc.def.ghi"})
    assert one_sentence(done) == NO_NETWORK


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_regression_startup_with_a_damaged_database_is_one_sentence(tmp_path, damage) -> None:
    """A damaged database used to give a traceback and a process that never ended;
    now it is reported, and never written."""
    path = tmp_path / "games.sqlite3"
    if damage == "garbage":
        path.write_bytes(bytes(range(256)) * 16)
    else:
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE t (x)")
            db.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    before = path.read_bytes()
    done = start(tmp_path, env={"DISCORD_TOKEN": "abc", "CARCASSONNE_DATABASE": path.name})
    sentence = one_sentence(done)
    assert sentence.startswith(f"The database {path.name} is damaged (")
    assert "restore a backup" in sentence
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3", "offline"]


def test_regression_startup_with_an_unusable_database_is_one_sentence(tmp_path) -> None:
    (tmp_path / "games.sqlite3").mkdir()
    done = start(tmp_path, env={"DISCORD_TOKEN": "abc", "CARCASSONNE_DATABASE": "games.sqlite3"})
    assert one_sentence(done) == (
        "The database games.sqlite3 cannot be opened for writing (it is a folder): check that "
        "the file and its folder exist and that the bot's user may read and write them."
    )


def test_startup_on_postgresql_that_refuses_the_login_is_one_sentence(
        tmp_path, postgres_server) -> None:
    """Issue 21: a PostgreSQL server that refuses the password stops the start in one
    sentence that names the database, not the password."""
    postgres_server.sql("CREATE ROLE dora LOGIN PASSWORD 'right'")
    url = f"postgresql://dora:wrong@/postgres?host={postgres_server.folder}"
    done = start(tmp_path, env={"DISCORD_TOKEN": "abc", "CARCASSONNE_DATABASE": url})
    sentence = one_sentence(done)
    assert sentence.startswith(
        f"The database server refused the bot's login to postgresql://dora@/postgres?host="
        f"{postgres_server.folder} ("
    ), sentence
    assert "wrong" not in sentence


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_regression_startup_on_a_full_disk_is_one_sentence(tmp_path) -> None:
    (tmp_path / "games.sqlite3").symlink_to("/dev/full")  # every write: no space left
    done = start(tmp_path, env={"DISCORD_TOKEN": "abc", "CARCASSONNE_DATABASE": "games.sqlite3"})
    assert one_sentence(done) == (
        "The disk that holds the database games.sqlite3 is full: free some space and start again."
    )


def test_settings_from_the_environment() -> None:
    settings = Settings.from_env(
        {"DISCORD_TOKEN": " abc ", "LOG_LEVEL": "debug", "CARCASSONNE_DEV_GUILD_ID": "123"}
    )
    assert settings == Settings("abc", DEFAULT_DATABASE, 123, "DEBUG")
    with pytest.raises(ConfigError, match="server id"):
        Settings.from_env({"DISCORD_TOKEN": "x", "CARCASSONNE_DEV_GUILD_ID": "my server"})
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        Settings.from_env({"DISCORD_TOKEN": "x", "LOG_LEVEL": "loud"})
    ai = Settings.from_env({"DISCORD_TOKEN": "x", "CARCASSONNE_AI_WORKERS": "2",
                            "CARCASSONNE_AI_SECONDS": "0.8"})
    assert ai.ai == AISettings(workers=2, hard_seconds=0.8)
    assert Settings.from_env({"DISCORD_TOKEN": "x"}).ai == AISettings()
    for wrong in ({"CARCASSONNE_AI_WORKERS": "0"}, {"CARCASSONNE_AI_WORKERS": "many"},
                  {"CARCASSONNE_AI_SECONDS": "60"}, {"CARCASSONNE_AI_SECONDS": "nan"},
                  {"CARCASSONNE_AI_SECONDS": "soon"}):
        with pytest.raises(ConfigError, match="CARCASSONNE_AI_"):
            Settings.from_env({"DISCORD_TOKEN": "x", **wrong})


def test_shards_from_the_environment() -> None:
    postgres = {"DISCORD_TOKEN": "x", "CARCASSONNE_DATABASE": "postgresql://bot@db/carcassonne"}
    assert Settings.from_env(postgres).shards is None  # unset: one process, as ever
    assert Settings.from_env({**postgres, "CARCASSONNE_SHARDS": " 0-3/8 "}).shards == Shards(
        (0, 1, 2, 3), 8)
    assert Settings.from_env({**postgres, "CARCASSONNE_SHARDS": "2/8"}).shards == Shards((2,), 8)
    # One process on every shard may keep its SQLite file; a part of them may not.
    sqlite = {"DISCORD_TOKEN": "x", "CARCASSONNE_SHARDS": "0-1/2"}
    assert Settings.from_env(sqlite).shards == Shards((0, 1), 2)
    with pytest.raises(ConfigError, match="PostgreSQL"):
        Settings.from_env({**sqlite, "CARCASSONNE_SHARDS": "1/2"})
    for wrong in ("8/8", "3-1/8", "0-3", "all", "0-3/0", "-1/4", "1/2/3"):
        with pytest.raises(ConfigError, match=r"^CARCASSONNE_SHARDS must be .* not '") as error:
            Settings.from_env({**postgres, "CARCASSONNE_SHARDS": wrong})
        assert str(error.value).count(". ") == 0  # one sentence


def test_env_example_documents_every_setting() -> None:
    text = (ROOT / ".env.example").read_text()
    for name in ("DISCORD_TOKEN", "CARCASSONNE_DATABASE", "CARCASSONNE_DEV_GUILD_ID", "LOG_LEVEL",
                 "CARCASSONNE_AI_WORKERS", "CARCASSONNE_AI_SECONDS", "CARCASSONNE_SHARDS"):
        assert f"{name}=" in text


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_fault_5_a_database_that_cannot_be_opened_is_one_sentence_every_time(
        tmp_path) -> None:
    """Issue 18, fault 5: when SQLite cannot open the file, aiosqlite stopped the
    connection's thread without waiting, and it printed two "Event loop is closed"
    tracebacks once the launcher's loop was closed (here in 28 starts of 30). No file
    can be created in /proc, whoever runs the test."""
    env = {"DISCORD_TOKEN": "abc", "CARCASSONNE_DATABASE": "/proc/carcassonne.sqlite3"}
    for _ in range(3):
        assert one_sentence(start(tmp_path, env=env)).startswith(
            "The database /proc/carcassonne.sqlite3 cannot be opened for writing")


def test_fault_7_a_start_logs_no_voice_warnings(tmp_path) -> None:
    """Issue 18, fault 7: the bot uses no voice, and discord.py's warnings that PyNaCl and
    davey are missing read as errors to a newcomer; a start at INFO gives none."""
    done = start(tmp_path, env={"DISCORD_TOKEN": "abc", "LOG_LEVEL": "INFO",
                                "CARCASSONNE_DATABASE": "games.sqlite3"})
    assert done.returncode == 1 and "applied migration" in done.stderr, done.stderr
    assert "voice" not in done.stderr and "WARNING" not in done.stderr, done.stderr


def test_fault_7_missing_cjk_fonts_are_said_once_at_start(caplog) -> None:
    """Issue 18, fault 7: without a CJK font, Chinese pictures lose their words; the start
    says so in the log (here a fallback chain of the bundled font alone)."""
    import logging

    from bot.images import check_fonts
    from render.fonts import BUNDLED, Face

    with caplog.at_level(logging.WARNING, logger="bot.images"):
        assert check_fonts((Face(str(BUNDLED)),)) is False
    [said] = caplog.records
    assert "fonts-noto-cjk" in said.getMessage() and said.levelno == logging.WARNING
