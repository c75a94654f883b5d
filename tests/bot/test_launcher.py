"""``carcassonne-bot`` without a token: one clear sentence, exit status 1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.launcher import DEFAULT_DATABASE, ConfigError, Settings

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_launcher_says_so_in_one_sentence(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    # An empty working directory: no .env to find.
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert lines == [
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token in it."
    ]


def test_settings_from_the_environment() -> None:
    settings = Settings.from_env(
        {"DISCORD_TOKEN": " abc ", "LOG_LEVEL": "debug", "CARCASSONNE_DEV_GUILD_ID": "123"}
    )
    assert settings == Settings("abc", DEFAULT_DATABASE, 123, "DEBUG")
    with pytest.raises(ConfigError, match="server id"):
        Settings.from_env({"DISCORD_TOKEN": "x", "CARCASSONNE_DEV_GUILD_ID": "my server"})
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        Settings.from_env({"DISCORD_TOKEN": "x", "LOG_LEVEL": "loud"})


def test_env_example_documents_every_setting() -> None:
    text = (ROOT / ".env.example").read_text()
    for name in ("DISCORD_TOKEN", "CARCASSONNE_DATABASE", "CARCASSONNE_DEV_GUILD_ID", "LOG_LEVEL"):
        assert f"{name}=" in text
