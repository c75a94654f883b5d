"""Leagues through simcord (issue 22, "Leagues" and "Done when"): a four-player
round robin run to its end across restarts, with a round that times out, a result
by a vote to end, a player who drops out, and standings checked by hand; refusals
that change nothing."""

from __future__ import annotations

from bot_support import Table, first_move, games_in_channels, scoring_move

from bot.app import input as app_input
from engine import MEEPLE, Place

HOUR = 3600.0
ROUND_HOURS = 24


async def restart(table: Table, database: str) -> None:
    from bot import create_bot

    await table.bot.close()
    await table.env.restart_bot(create_bot(database=database))


async def league_table(table: Table) -> Table:
    """Threads on (a league plays each game in a thread of its channel)."""
    await table.bot.app.settings.update_server_settings(table.guild.id, can_manage=True,
                                                        threads=True)
    return table


async def view(table: Table):
    return await table.bot.app.leagues.view(table.guild.id, table.channel.id)


async def games_of_round(table: Table, number: int) -> list:
    current = await view(table)
    return [p for p in current.round(number)]


def follower_move(state) -> Place:
    """A legal move with a follower (it scores, at the latest at the end), if any."""
    tile = state.game.tile
    for placement in app_input.placements(state, tile):
        for option in app_input.figures(state, placement, tile):
            if option.figure == MEEPLE:
                return Place(tile.id, *placement, MEEPLE, option.port)
    return first_move(state)


async def play_a_little(table: Table, thread, moves: int = 2) -> None:
    """A move each, with a follower: the game has points when it is scored as it stands."""
    for _ in range(moves):
        state = await table.state(thread)
        if state.row.status != "running":
            return
        result = await table.place(scoring_move(state) or follower_move(state), channel=thread)
        assert not result.ephemeral, result.response.content


async def threads_of(table: Table, number: int) -> dict[int, object]:
    """The threads of round ``number``'s games, by pairing id."""
    found = {}
    for pairing in await games_of_round(table, number):
        if pairing.game_id is None:
            continue
        row = await table.bot.app.db.game(pairing.game_id)
        found[pairing.id] = next(t for t in table.channel.threads if t.id == row.channel_id)
    return found


def expected_standings(pairings, names: dict[int, str], scores: dict[int, dict[int, int]]):
    """The table by hand: 3/1/0 points, forfeits and byes wins without game points;
    sorted by points, then game points (no tie on points needs head-to-head here)."""
    points = dict.fromkeys(names, 0)
    scored = dict.fromkeys(names, 0)
    for p in pairings:
        if p.forfeit_by is not None:
            points[p.player_a if p.forfeit_by == p.player_b else p.player_b] += 3
            continue
        a, b = scores[p.game_id][p.player_a], scores[p.game_id][p.player_b]
        scored[p.player_a] += a
        scored[p.player_b] += b
        points[p.player_a] += 3 if a > b else 1 if a == b else 0
        points[p.player_b] += 3 if b > a else 1 if a == b else 0
    return points, scored


async def test_a_four_player_round_robin_runs_to_its_end_across_restarts(table, database):
    await league_table(table)
    names = ("alice", "bob", "carol", "dave")
    members = {name: table.member(name) for name in names}
    created = await members["alice"].slash(table.channel, "league create", name="Autumn Cup",
                                           round_hours=ROUND_HOURS)
    assert not created.ephemeral, created.response.content
    assert "Autumn Cup" in created.response.content
    for name in names:
        joined = await members[name].slash(table.channel, "league join")
        assert not joined.ephemeral, joined.response.content
    # Only the organiser (or Manage Server) starts it; the refusal changes nothing.
    refused = await members["bob"].slash(table.channel, "league start")
    assert refused.ephemeral and "organiser" in refused.response.content
    assert (await view(table)).league.status == "signup"
    started = await members["alice"].slash(table.channel, "league start")
    assert not started.ephemeral, started.response.content
    ids = {members[n].id: n for n in names}

    # Round 1: two games, each in its thread; one ends by a vote, the other at time-up.
    first = await threads_of(table, 1)
    assert len(first) == 2 and len(table.channel.threads) == 2
    pairings = await games_of_round(table, 1)
    for thread in first.values():
        await play_a_little(table, thread)
    # No hints in a league game (hints.py refuses even where the server allows them).
    await table.bot.app.settings.update_server_settings(table.guild.id, can_manage=True,
                                                        hints=True)
    some_thread = next(iter(first.values()))
    on_turn = await table.on_turn(some_thread)
    hint = await on_turn.slash(some_thread, "carcassonne hint")
    assert hint.ephemeral and "League games give no hints" in hint.response.content
    await table.env.advance_time(12 * HOUR + 60)  # the turn counts as stalled
    voter = await table.off_turn(first[pairings[0].id])
    voted = await voter.slash(first[pairings[0].id], "carcassonne vote-end")
    assert not voted.ephemeral, voted.response.content
    assert (await table.state(first[pairings[0].id])).row.status == "finished"
    results = [m for m in table.channel.history() if m.content and "Result, round 1" in m.content]
    assert len(results) == 1 and results[0].embeds[0].title == "🏆 Autumn Cup: standings"
    await restart(table, database)
    await table.env.advance_time(ROUND_HOURS * HOUR)  # round 1's time is up
    texts = [m.content for t in first.values() for m in t.history()]
    assert any("The round's time is up" in text for text in texts)
    assert (await view(table)).league.round == 2

    # Round 2: dave drops out; his game is forfeited; the other game times out.
    second = await threads_of(table, 2)
    assert len(second) == 2
    for thread in second.values():
        await play_a_little(table, thread)
    dropped = await members["dave"].slash(table.channel, "league drop")
    assert not dropped.ephemeral, dropped.response.content
    dave_game = next(p for p in await games_of_round(table, 2) if members["dave"].id in
                     (p.player_a, p.player_b))
    assert dave_game.forfeit_by == members["dave"].id
    assert (await table.bot.app.db.game(dave_game.game_id)).status == "cancelled"
    await restart(table, database)
    await table.env.advance_time(ROUND_HOURS * HOUR)

    # Round 3: dave's pairing is forfeited at once; the other game times out.
    third = await games_of_round(table, 3)
    assert len(third) == 2
    assert [p.forfeit_by for p in third if p.game_id is None] == [members["dave"].id]
    for thread in (await threads_of(table, 3)).values():
        await play_a_little(table, thread)
    await table.env.advance_time(ROUND_HOURS * HOUR)

    final = await view(table)
    assert final.league.status == "finished" and final.league.round == 3
    assert len(final.pairings) == 6 and all(p.status == "done" for p in final.pairings)
    scores = {}
    for p in final.pairings:
        if p.game_id is not None and p.forfeit_by is None:
            row = await table.bot.app.db.game(p.game_id)
            game = (await table.bot.app.queries.state(table.guild.id, game_id=row.id)).game
            scores[p.game_id] = {player.id: game.outcome().scores[seat]
                                 for seat, player in enumerate(row.players)}
            assert (p.score_a, p.score_b) == (scores[p.game_id][p.player_a],
                                              scores[p.game_id][p.player_b])
    points, scored = expected_standings(final.pairings, ids, scores)
    assert {line.player: line.points for line in final.lines} == points
    assert {line.player: line.scored for line in final.lines} == scored
    assert [line.points for line in final.lines] == sorted(points.values(), reverse=True)
    assert [line.dropped for line in final.lines].count(True) == 1
    # The end is announced, and the standings and schedule answer on request.
    assert any("is over. Winner" in (m.content or "") for m in table.channel.history())
    standings = await members["bob"].slash(table.channel, "league standings")
    assert "Win 3, draw 1, loss 0 points" in standings.response.embeds[0].fields[0].value
    schedule = await members["bob"].slash(table.channel, "league schedule")
    assert "**Round 3**" in schedule.response.embeds[0].description
    assert "forfeit by" in schedule.response.embeds[0].description


async def test_league_refusals_change_nothing(table) -> None:
    await league_table(table)
    alice, bob = table.member("alice"), table.member("bob")
    other = table.guild.create_text_channel("other")
    long = await alice.slash(other, "league create", name="x" * 41)
    assert long.ephemeral and "1 to 40 characters" in long.response.content
    rounds = await alice.slash(other, "league create", name="Cup", rounds=3)
    assert rounds.ephemeral and "Only a Swiss league" in rounds.response.content
    nothing = await bob.slash(other, "league standings")
    assert nothing.ephemeral and "no league" in nothing.response.content
    assert await table.bot.app.db.channel_league(table.guild.id, other.id) is None
    assert not (await alice.slash(table.channel, "league create", name="Cup")).ephemeral
    again = await bob.slash(table.channel, "league create", name="Other")
    assert again.ephemeral and "has a league already" in again.response.content
    await bob.slash(table.channel, "league join")
    twice = await bob.slash(table.channel, "league join")
    assert twice.ephemeral and "already" in twice.response.content
    few = await alice.slash(table.channel, "league start")
    assert few.ephemeral and "3 to 16 players" in few.response.content
    cancel = await bob.slash(table.channel, "league cancel")
    assert cancel.ephemeral and "organiser" in cancel.response.content
    drop = await alice.slash(table.channel, "league drop", member=bob.user)
    assert drop.ephemeral
    current = await view(table)
    assert current.league.status == "signup" and [p.name for p in current.players] == ["bob"]
    # A member with Manage Server may cancel another's league.
    cancelled = await table.admin().slash(table.channel, "league cancel")
    assert not cancelled.ephemeral, cancelled.response.content
    assert (await view(table)).league.status == "cancelled"


async def test_a_league_needs_threads(table) -> None:
    await games_in_channels(table.env, table.guild)
    refused = await table.member("alice").slash(table.channel, "league create", name="Cup")
    assert refused.ephemeral and "thread" in refused.response.content
    assert await table.bot.app.db.channel_league(table.guild.id, table.channel.id) is None



async def test_the_league_command_fits_discord_limits(env) -> None:
    from test_commands import check_option

    league = next(c for c in env.bot.tree.get_commands() if c.name == "league")
    root = league.to_dict(env.bot.tree)
    check_option(root, "/league")
    assert root.get("contexts") == [0] or root.get("dm_permission") is False
    assert {o["name"] for o in root["options"]} == {
        "create", "join", "leave", "start", "standings", "schedule", "drop", "cancel"}


async def signed_up(table: Table, *names: str, **options) -> dict:
    """A league in the table's channel made by the first of ``names``, all signed up."""
    await league_table(table)
    members = {name: table.member(name) for name in names}
    made = await members[names[0]].slash(table.channel, "league create", name="Cup", **options)
    assert not made.ephemeral, made.response.content
    for name in names:
        joined = await members[name].slash(table.channel, "league join")
        assert not joined.ephemeral, joined.response.content
    return members


async def test_a_dropped_player_s_games_are_played_by_an_ai(table) -> None:
    members = await signed_up(table, "alice", "bob", "carol", "dave", dropped="ai",
                              round_hours=ROUND_HOURS)
    assert "A dropped player's games are played by an AI." in \
        table.channel.history()[0].content
    assert not (await members["alice"].slash(table.channel, "league start")).ephemeral
    dave = members["dave"].id
    pairing = next(p for p in await games_of_round(table, 1) if dave in (p.player_a, p.player_b))
    thread = (await threads_of(table, 1))[pairing.id]
    await play_a_little(table, thread, moves=1)
    dropped = await members["dave"].slash(table.channel, "league drop")
    assert "an AI plays their games" in dropped.response.content
    row = await table.bot.app.db.game(pairing.game_id)
    assert row.status == "running" and dave not in {p.id for p in row.players}
    stand_in = next(p for p in row.players if p.is_ai)
    assert stand_in.name == "dave" and stand_in.ai == "medium"
    assert any("an AI plays on in their seat" in m.content for m in thread.history())
    # The AI moves in dave's seat when it is on turn; the person plays on.
    turn = row.turn
    for _ in range(2):
        if (await table.state(thread)).current.is_ai:
            await table.env.advance_time(60)
        else:
            await play_a_little(table, thread, moves=1)
    assert (await table.state(thread)).turn >= turn + 2
    await table.env.advance_time(ROUND_HOURS * HOUR)  # time-up: scored as it stands
    done = next(p for p in (await view(table)).pairings if p.id == pairing.id)
    state = await table.bot.app.queries.state(table.guild.id, game_id=pairing.game_id)
    scores = state.game.outcome().scores
    seat_of_dave = next(i for i, p in enumerate(state.players) if p.is_ai)
    dave_score = done.score_a if done.player_a == dave else done.score_b
    assert done.forfeit_by is None and dave_score == scores[seat_of_dave]
    # Round 2: dave's game opens with an AI in his seat, under his name.
    nxt = next(p for p in await games_of_round(table, 2) if dave in (p.player_a, p.player_b))
    opened = await table.bot.app.db.game(nxt.game_id)
    assert [p.name for p in opened.players if p.is_ai] == ["dave"]
    assert set(nxt.seats) == {nxt.player_a, nxt.player_b}
    assert not (await members["alice"].slash(table.channel, "league cancel")).ephemeral


async def test_at_time_up_ai_stand_ins_take_the_seats(table) -> None:
    members = await signed_up(table, "alice", "bob", "carol", time_up="ai",
                              round_hours=ROUND_HOURS)
    assert not (await members["alice"].slash(table.channel, "league start")).ephemeral
    (pairing,) = [p for p in await games_of_round(table, 1) if p.player_b is not None]
    await table.env.advance_time(ROUND_HOURS * HOUR)
    row = await table.bot.app.db.game(pairing.game_id)
    assert row.status == "running" and all(p.is_ai for p in row.players)
    current = await view(table)
    assert sorted(p.name for p in row.players) == sorted(
        current.name(pid) for pid in (pairing.player_a, pairing.player_b))
    # The round waits for the AIs to finish the game (not played out here: a whole
    # game of AI moves takes longer than a test should).
    assert (await view(table)).league.round == 1
    thread = (await threads_of(table, 1))[pairing.id]
    assert any("AI players take the seats" in m.content for m in thread.history())
    assert not (await members["alice"].slash(table.channel, "league cancel")).ephemeral
    assert (await table.bot.app.db.game(pairing.game_id)).status == "cancelled"


async def test_a_league_starts_on_its_date_if_enough_players_signed_up(table) -> None:
    members = await signed_up(table, "alice", "bob", start_in=2)
    assert "It starts by itself" in table.channel.history()[0].content
    await table.env.advance_time(2 * HOUR)
    assert (await view(table)).league.status == "signup"
    assert "could not start on its date" in table.channel.history()[-1].content
    assert not (await table.member("carol").slash(table.channel, "league join")).ephemeral
    started = await members["alice"].slash(table.channel, "league start")
    assert not started.ephemeral
    assert len(table.channel.threads) == 1  # 3 players: one game and a bye


async def test_a_league_with_a_start_date_opens_its_first_round_then(table) -> None:
    await signed_up(table, "alice", "bob", "carol", "dave", start_in=5)
    await table.env.advance_time(5 * HOUR - 60)
    assert (await view(table)).league.status == "signup" and not table.channel.threads
    await table.env.advance_time(60)
    assert (await view(table)).league.round == 1 and len(table.channel.threads) == 2


async def test_a_league_game_cancelled_by_hand_is_a_draw_at_time_up(table) -> None:
    """A player (the game's host) may still `/carcassonne cancel` a league game: the
    round does not wait for it for ever; at time-up it counts as a 0-0 draw."""
    members = await signed_up(table, "alice", "bob", "carol", round_hours=ROUND_HOURS)
    assert not (await members["alice"].slash(table.channel, "league start")).ephemeral
    (pairing,) = [p for p in await games_of_round(table, 1) if p.player_b is not None]
    thread = (await threads_of(table, 1))[pairing.id]
    host = (await table.bot.app.db.game(pairing.game_id)).host_id
    hosting = next(m for m in members.values() if m.id == host)
    assert not (await hosting.slash(thread, "carcassonne cancel")).ephemeral
    await table.env.advance_time(ROUND_HOURS * HOUR)
    current = await view(table)
    done = next(p for p in current.pairings if p.id == pairing.id)
    assert (done.status, done.score_a, done.score_b, done.forfeit_by) == ("done", 0, 0, None)
    assert current.league.round == 2
    assert {line.player: line.draws for line in current.lines if line.draws} == {
        pairing.player_a: 1, pairing.player_b: 1}


async def test_a_four_player_knockout_runs_to_its_champion(table, database) -> None:
    """Issue 22, "a knockout as an option": seeds by sign-up order (1 meets 4, 2 meets 3),
    the winners meet in the final, a 0-0 draw sends the better seed through, and the
    last player left wins; the standings show the bracket."""
    members = await signed_up(table, "alice", "bob", "carol", "dave", format="knockout",
                              round_hours=ROUND_HOURS)
    assert "knockout" in table.channel.history()[0].content
    started = await members["alice"].slash(table.channel, "league start")
    assert "2 rounds" in started.response.content
    seed = [members[name].id for name in ("alice", "bob", "carol", "dave")]
    first = await games_of_round(table, 1)
    assert [(p.player_a, p.player_b) for p in first] == [(seed[0], seed[3]), (seed[1], seed[2])]
    threads = await threads_of(table, 1)
    await play_a_little(table, threads[first[0].id])  # alice-dave: scored as it stands
    await table.env.advance_time(ROUND_HOURS * HOUR)  # bob-carol never moved: 0-0
    first = await games_of_round(table, 1)
    assert (first[1].score_a, first[1].score_b) == (0, 0)
    one = first[0]
    winner_one = one.player_b if one.score_b > one.score_a else one.player_a  # a draw: alice
    final = await games_of_round(table, 2)
    assert [(p.player_a, p.player_b) for p in final] == [(winner_one, seed[1])]  # bob: seed 2
    standings = await members["carol"].slash(table.channel, "league standings")
    embed = standings.response.embeds[0]
    assert embed.title == "🏆 Cup: bracket" and "goes through as the better seed" in \
        embed.description and "Still in:" in embed.description
    await restart(table, database)
    await play_a_little(table, (await threads_of(table, 2))[final[0].id])
    await table.env.advance_time(ROUND_HOURS * HOUR)
    (final,) = await games_of_round(table, 2)
    done = await view(table)
    champion = final.player_b if final.score_b > final.score_a else final.player_a
    assert done.league.status == "finished" and done.winners() == [champion]
    assert any(f"is over. Winner: <@{champion}>" in (m.content or "")
               for m in table.channel.history())


async def test_a_knockout_final_given_up_still_announces_its_winner_once(table) -> None:
    """Regression (issue 22): a league whose last round ended with no game result (a
    forfeit, a 0-0 of a game never played) finished without saying who won, and one
    whose last games ended together at time-up said it after each. Now a league that
    finishes says so once. 3 players: seed 1 has the bye, 2 and 3 draw 0-0 (seed 2
    goes through), and seed 2 drops out of the final: seed 1 wins."""
    members = await signed_up(table, "alice", "bob", "carol", format="knockout",
                              round_hours=ROUND_HOURS)
    assert not (await members["alice"].slash(table.channel, "league start")).ephemeral
    alice, bob, carol = (members[name].id for name in ("alice", "bob", "carol"))
    first = await games_of_round(table, 1)
    assert [(p.player_a, p.player_b) for p in first] == [(alice, None), (bob, carol)]
    await table.env.advance_time(ROUND_HOURS * HOUR)
    (final,) = await games_of_round(table, 2)
    assert (final.player_a, final.player_b) == (alice, bob)
    dropped = await members["bob"].slash(table.channel, "league drop")
    assert not dropped.ephemeral, dropped.response.content
    await table.env.advance_time(60)
    assert (await view(table)).winners() == [alice]
    over = [m for m in table.channel.history() if "is over" in (m.content or "")]
    assert len(over) == 1 and f"Winner: <@{alice}>" in over[0].content
    assert over[0].embeds[0].title == "🏆 Cup: bracket"
