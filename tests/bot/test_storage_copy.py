"""Moving to PostgreSQL (issue 21, "Moving over"): ``python -m bot.storage copy`` takes
every game, lobby, timer and setting of an SQLite file into an empty PostgreSQL
database, checks counts and a replay of every running game, and the bot carries on
there as if nothing had happened."""

from __future__ import annotations

import pytest
from bot_support import seeded_table
from conftest import SEED

from bot import create_bot
from bot.storage.copy import TABLES, CopyError, copy_database, main


async def test_a_running_game_a_lobby_and_settings_carry_on_in_postgresql(
        tmp_path, postgres_server) -> None:
    path = str(tmp_path / "carcassonne.sqlite3")
    url = postgres_server.create_database()
    async with seeded_table(path, SEED) as table:
        changed = await table.admin().slash(table.channel, "carcassonne settings",
                                            reminder_hours=12, deadline_hours=48)
        assert changed.response.content == "Saved."
        await table.member("alice").slash(table.channel, "carcassonne me", call="dm")
        await table.started("alice", "bob")
        for _ in range(3):
            assert not (await table.place()).ephemeral
        lobby = table.guild.create_text_channel("lobby")
        assert not (await table.member("carol").slash(lobby, "carcassonne new")).ephemeral
        running, waiting = await table.state(), await table.state(lobby)
        timers = await table.bot.storage.game_timers(running.id)
        assert timers, "a running game has its turn's timers"

        await table.bot.close()
        copied = await copy_database(path, url)
        assert copied.running_games_checked == 1
        assert copied.rows["games"] == 2 and copied.rows["game_log"] >= 5
        assert copied.rows["guild_settings"] == copied.rows["player_settings"] == 1
        assert set(copied.rows) == set(TABLES)

        await table.env.restart_bot(create_bot(database=url))
        after = await table.state()
        assert after.row == running.row and after.game.to_record() == running.game.to_record()
        assert (await table.state(lobby)).row == waiting.row
        assert await table.bot.storage.game_timers(running.id) == timers
        assert not (await table.place()).ephemeral  # the game goes on in PostgreSQL
        # New games are numbered after the copied ones.
        third = table.guild.create_text_channel("third")
        assert not (await table.member("dave").slash(third, "carcassonne new")).ephemeral
        assert (await table.state(third)).id > max(running.id, waiting.id)


async def test_a_copy_into_a_database_with_games_is_refused(tmp_path, postgres_server) -> None:
    path = str(tmp_path / "carcassonne.sqlite3")
    url = postgres_server.create_database()
    async with seeded_table(url, SEED) as table:
        await table.started("alice", "bob")
    async with seeded_table(path, SEED) as table:
        await table.started("alice", "bob")
    with pytest.raises(CopyError, match="already has games; copy into an empty database"):
        await copy_database(path, url)


def test_bad_arguments_get_one_line_and_exit_1(tmp_path, capsys) -> None:
    missing = str(tmp_path / "nothing.sqlite3")
    assert main(["copy", "--from", missing, "--to", "postgresql://localhost/x"]) == 1
    assert capsys.readouterr().err == (
        f"python -m bot.storage: There is no SQLite file at {missing}.\n")
    assert main(["copy", "--from", "postgresql://a/b", "--to", "postgresql://c/d"]) == 1
    assert "not a PostgreSQL URL" in capsys.readouterr().err
    assert main(["copy", "--from", missing, "--to", missing]) == 1
    assert "a postgresql:// URL" in capsys.readouterr().err
