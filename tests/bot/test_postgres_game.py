"""A whole game through Discord with its games kept in PostgreSQL: created, played,
the bot restarted in the middle, played to the end. The bot is the same; only
CARCASSONNE_DATABASE (here the ``database`` of :func:`bot.create_bot`) is a URL."""

from __future__ import annotations

from bot_support import first_move, seeded_table
from conftest import SEED

from bot import create_bot


async def test_a_whole_game_on_postgresql_survives_a_restart(postgres_server) -> None:
    from bot.storage.postgres import PostgresStorage

    url = postgres_server.create_database()
    async with seeded_table(url, SEED) as table:
        assert isinstance(table.bot.storage, PostgresStorage)
        await table.started("alice", "bob")
        for _ in range(3):
            assert not (await table.place()).ephemeral
        before = await table.state()

        await table.bot.close()  # the old process's pool goes with it
        await table.env.restart_bot(create_bot(database=url))

        after = await table.state()
        assert after.row == before.row and after.game is not before.game
        assert after.game.to_record() == before.game.to_record()
        for _ in range(100):
            state = await table.state()
            if state.row.status != "running":
                break
            result = await table.place(first_move(state))
            assert not result.ephemeral, result.response.content
        final = await table.state()
        assert final.row.status == "finished" and final.game.is_over
        assert "Game over" in result.response.content
        log = await table.bot.storage.game_log(final.id)
        assert [entry.version for entry in log] == list(range(1, final.row.version + 1))
