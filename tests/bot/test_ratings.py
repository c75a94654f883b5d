"""Issue 22, "Ratings and leaderboards" and "Statistics and the archive" (its first
point): a game that ends normally leaves its statistics; a rated one changes its
players' ratings exactly as OpenSkill's Plackett–Luce model computes them; an
unrated or cancelled game changes no rating; ``/leaderboard`` pages, ``/profile``
shows a member's games and rating chart; a member may be left off leaderboards;
each AI level has its own rating; rated games give no hints (issue 23)."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from bot_support import ai_table, custom_ids, scoring_move
from openskill.models import PlackettLuce
from PIL import Image
from preview_support import PHONE, chromium, shown_sizes

from bot.app.ratings import Profile
from bot.app.results import game_result, new_ratings, places
from bot.i18n import SOURCE, messages
from bot.storage import GameRow, Player, Rating, Status
from bot.words.archive import statistics_text
from bot.words.ratings import profile_post
from engine import Game, Options, Place
from engine.statistics import PlayerStatistics, game_statistics
from render.chart import CHART_TEXT, RATING_HEIGHT, RATING_TEXT, RATING_WIDTH, WIDTH

HOUR = 3600.0
NOW = datetime(2026, 1, 1, tzinfo=UTC)


async def rated_server(table) -> None:
    saved = await table.admin().slash(table.channel, "carcassonne settings", rated=True)
    assert saved.response.content == "Saved."


async def end_by_vote(table, moves: int = 4):
    """Play ``moves`` turns (scoring ones where the tile allows), let the player on turn
    stall, and the others vote to end."""
    for _ in range(moves):
        state = await table.state()
        assert not (await table.place(scoring_move(state) if state.current is not None
                                      and not state.current.is_ai else None)).ephemeral
    await table.env.advance_time(12 * HOUR)
    state = await table.state()
    for member in list(table.members.values()):
        seat = state.seat(member.id)
        if seat is not None and member.id != state.current.id and not state.is_removed(seat):
            await member.slash(table.channel, "carcassonne vote-end")
    final = await table.state()
    assert final.row.status == "finished" and final.game.is_over
    return final


def by_hand(scores: list[int], before: list[tuple[float, float] | None]) -> list:
    """OpenSkill's new ratings for a free-for-all with these final scores (a higher
    score a better place, a tie the same place), from each player's ``before``."""
    model = PlackettLuce()
    teams = [[model.rating(*b) if b else model.rating()] for b in before]
    ranks = [1 + sum(other > mine for other in scores) for mine in scores]
    return [team[0] for team in model.rate(teams, ranks=ranks)]


def shown(ordinal: float) -> int:
    return round(1500 + 20 * ordinal)


def result_lines(table, final) -> dict[int, str]:
    """The result message's heading of each seat's line ("1. 🔵1 alice · ⭐ 1516 (+16)")."""
    message = table.channel.last_message
    assert message.content.startswith("🏆 Game over!")
    names = [f.name for f in message.embeds[0].fields]
    return {seat: next(n for n in names if f" {final.names[seat]}" in n)
            for seat in range(len(final.players))}


async def test_a_rated_two_player_game_updates_both_ratings_as_openskill_computes(table) -> None:
    await rated_server(table)
    await table.started("alice", "bob")
    assert (await table.state()).row.rated  # the server's default for a new lobby
    final = await end_by_vote(table)
    assert len(set(final.game.scores)) == 2, "a winner and a loser"
    db = table.bot.storage
    guild = table.guild.id
    expected = by_hand(list(final.game.scores), [None, None])
    for seat, player in enumerate(final.players):
        rating = await db.rating(guild, "carcassonne", str(player.id))
        assert rating is not None and rating.games == 1
        assert rating.mu == pytest.approx(expected[seat].mu)
        assert rating.sigma == pytest.approx(expected[seat].sigma)
        assert rating.ordinal == pytest.approx(expected[seat].ordinal())
        [point] = await db.rating_history(guild, "carcassonne", str(player.id))
        assert point.game_id == final.id and point.previous == pytest.approx(0.0)
    # Issue 22: the result message shows each player's rating and its change, as the
    # library computed them (a new player shows 1500).
    lines = result_lines(table, final)
    for seat in range(2):
        after = shown(expected[seat].ordinal())
        assert lines[seat].endswith(f" · ⭐ {after} ({after - 1500:+d})"), lines[seat]
    # The statistics stored are engine.statistics of the final game, seat by seat.
    result = await db.game_result(final.id)
    assert result is not None and result.rated and result.kind == "carcassonne"
    statistics = game_statistics(final.game)
    assert result.turns == statistics.turns
    for stored, computed in zip(result.players, statistics.players, strict=True):
        assert stored.score == computed.score
        assert stored.points_during == dict(computed.points_during)
        assert stored.points_final == dict(computed.points_final)
        assert stored.points == computed.points_by_kind
        assert stored.followers_placed == dict(computed.followers_placed)
        assert (stored.biggest_city, stored.longest_road, stored.turns) == (
            computed.biggest_city, computed.longest_road, computed.turns)
    assert result.duration is not None and result.duration.total_seconds() >= 12 * HOUR


async def test_an_unrated_and_a_cancelled_game_change_no_rating(table) -> None:
    await table.started("alice", "bob")
    unrated = await end_by_vote(table, moves=2)
    db = table.bot.storage
    result = await db.game_result(unrated.id)
    assert result is not None and not result.rated  # its statistics are kept all the same
    assert not any("⭐" in line for line in result_lines(table, unrated).values())
    await rated_server(table)
    await table.started("alice", "bob")
    await table.place()
    cancelled = await table.member("alice").slash(table.channel, "carcassonne cancel")
    assert not cancelled.ephemeral
    state = await table.state()
    assert state.row.rated and state.row.status == "cancelled"
    assert await db.game_result(state.id) is None
    for name in ("alice", "bob"):
        assert await db.rating(table.guild.id, "carcassonne", str(table.member(name).id)) is None
    board = await table.member("carol").slash(table.channel, "leaderboard")
    assert "Nobody has played 3 rated games here yet." in board.response.embeds[0].description


async def test_the_host_alone_makes_a_game_rated_and_it_gives_no_hints(table) -> None:
    await table.admin().slash(table.channel, "carcassonne settings", hints=True)
    alice, bob = table.member("alice"), table.member("bob")
    lobby = (await alice.slash(table.channel, "carcassonne new")).response
    await bob.click(lobby, label="Join")
    refused = await bob.click(lobby, label="Rated: no")
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert not (await table.state()).row.rated
    made = await alice.click(lobby, label="Rated: no")
    assert "⭐ Rated: yes" in str(made.response.components)
    assert "A rated game" in made.response.embeds[0].description
    assert (await table.state()).row.rated
    await alice.slash(table.channel, "carcassonne start")
    hint = await (await table.on_turn()).slash(table.channel, "carcassonne hint")
    assert hint.ephemeral and "rated games give no hints" in hint.response.content
    assert not (await table.state()).row.hints


async def seed_ratings(table, count: int) -> None:
    """``count`` rated players straight into the storage, best last: the first two
    are members of the server, the others left it (only their stored name is known);
    and a newcomer with too few games for the board."""
    ratings = []
    for n in range(count):
        user_id = table.member(f"m{n}").id if n < 2 else 10_000 + n
        ratings.append(Rating(str(user_id), user_id, None, f"Gone {n}", mu=20.0 + n,
                              sigma=3.0, ordinal=11.0 + n, games=3 + n % 2, wins=1))
    ratings.append(Rating("77", 77, None, "Newcomer", 40.0, 3.0, 31.0, games=2, wins=2))
    async with table.bot.storage.transaction() as tx:
        for n, rating in enumerate(ratings):
            game = await tx.insert_game(guild_id=table.guild.id, channel_id=1000 + n,
                                        host=Player(77, "host"),
                                        options={"game": "carcassonne"}, now=NOW)
            await tx.save_ratings(table.guild.id, "carcassonne", game.id, [(rating, 0.0)], NOW)


async def test_the_leaderboard_pages_and_leaves_off_who_asked(table) -> None:
    await seed_ratings(table, 23)
    viewer = table.member("viewer")
    board = await viewer.slash(table.channel, "leaderboard")
    assert not board.ephemeral
    embed = board.response.embeds[0]
    lines = embed.description.splitlines()
    # 23 players with 3 games or more (the newcomer's 2 are too few), best first.
    assert len(lines) == 10 and lines[0].startswith("**1.** **2160** · Gone 22 (")
    assert "Newcomer" not in embed.description
    assert embed.footer.text.startswith("Page 1 of 3")
    assert [c.rsplit(":", 1)[1] for c in custom_ids(board.response)] == ["0", "1"]
    second = await viewer.click(board.response, label="▶")
    first = second.response.embeds[0].description.splitlines()[0]
    assert first.startswith("**11.** **1960** · Gone 12 (")
    third = await viewer.click(second.response, label="▶")
    last = third.response.embeds[0].description.splitlines()
    # The two members still here show by their name in the server; 1500 + 20 x ordinal.
    assert last == ["**21.** **1760** · Gone 2 (3 games, 1 won)",
                    "**22.** **1740** · m1 (4 games, 1 won)",
                    "**23.** **1720** · m0 (3 games, 1 won)"]
    assert third.response.embeds[0].footer.text.startswith("Page 3 of 3")
    # m1 asks to be left off: the board closes up behind them.
    hidden = await table.member("m1").slash(table.channel, "carcassonne me", leaderboard=False)
    assert "**Leaderboards**: left off" in hidden.response.embeds[0].description
    again = await viewer.click(third.response, label="◀")
    page = await viewer.click(again.response, label="▶")
    assert page.response.embeds[0].description.splitlines()[1:] == [
        "**22.** **1720** · m0 (3 games, 1 won)"]
    shown = await table.member("m1").slash(table.channel, "carcassonne me", leaderboard=True)
    assert "**Leaderboards**: shown" in shown.response.embeds[0].description
    assert await table.bot.storage.leaderboard_size(table.guild.id, "carcassonne",
                                                    min_games=3) == 23


async def test_a_profile_shows_games_wins_points_and_a_rating_chart(table, tmp_path) -> None:
    await rated_server(table)
    await table.started("alice", "bob")
    final = await end_by_vote(table, moves=6)
    bob = table.member("bob")
    seat = final.seat(bob.id)
    answer = await table.member("alice").slash(table.channel, "profile", member=bob)
    assert not answer.ephemeral
    message = answer.followups[-1] if answer.followups else answer.response
    embed = message.embeds[0]
    assert embed.title == "bob: Carcassonne"
    fields = {f.name: f.value for f in embed.fields}
    won = seat in final.game.outcome().winners
    score = final.game.scores[seat]
    assert fields["Games"] == f"**1**, {int(won)} won ({100 if won else 0} %)"
    assert fields["Score"] == f"average **{score:.1f}**, best **{score}**"
    expected = by_hand(list(final.game.scores), [None, None])[seat]
    assert fields["Rating"] == f"**{round(1500 + 20 * expected.ordinal())}** after 1 rated game"
    points = game_statistics(final.game).players[seat].points_by_kind
    if points:
        assert fields["Points by feature"].startswith(next(iter(
            {"road": "Roads", "city": "Cities", "cloister": "Cloisters"}.get(k, k)
            for k in points)))
    [picture] = message.attachments
    data = await picture.read()
    assert data.startswith(b"\x89PNG")
    image = Image.open(io.BytesIO(data))
    assert image.size == (RATING_WIDTH, RATING_HEIGHT)
    (tmp_path / "profile-chart.png").write_bytes(data)
    nobody = await table.member("carol").slash(table.channel, "profile")
    assert nobody.ephemeral and "No finished games" in nobody.response.content


async def test_regression_the_rating_and_score_charts_read_on_a_phone(table) -> None:
    """Issue 22, polish: drawn 600 px wide with 14 px numbers, the profile's chart showed
    them 6 px high on a 400 px phone (an embed's image is drawn about 280 px wide there).
    In simcord's channel preview its numbers show at least 10 px high on a phone, the
    result's score chart's at least 9 (a desktop draws both wider)."""
    chromium()
    await rated_server(table)
    await table.started("alice", "bob")
    await end_by_vote(table, moves=2)
    # The result's score chart too: 900 px wide with 15 px numbers, a phone showed
    # them 5 px high (and a desktop, which draws an embed's image at most 400 px wide, 7).
    result = table.channel.last_message
    assert result.embeds[0].image.url.startswith("attachment://scores-")
    [(width, _)] = (await shown_sizes(table.env, table.channel, table.member("alice"), result,
                                      "Embed 1 image", viewports=(PHONE,))).values()
    assert CHART_TEXT * width / WIDTH >= 9, width
    answer = await table.member("alice").slash(table.channel, "profile")
    message = answer.followups[-1] if answer.followups else answer.response
    assert message.embeds[0].image.url.startswith("attachment://rating-")
    # The preview names an embed's image by its place: the profile's one embed.
    sizes = await shown_sizes(table.env, table.channel, table.member("alice"), message,
                              "Embed 1 image", viewports=(PHONE,))
    for viewport, (width, _) in sizes.items():
        assert RATING_TEXT * width / RATING_WIDTH >= 10, (viewport, width)


def test_nothing_shows_as_a_dash_in_the_archive_and_the_profile() -> None:
    """Issue 22, polish: "Biggest city: none", "Points: none", "Win rate –" read unlike
    each other; a value that is nothing (no city, no points, no figure, no score yet)
    is one dash, "—", in every language."""
    t = messages(SOURCE)
    text = statistics_text(t, PlayerStatistics(player=0, score=0, longest_road=3, turns=4))
    assert text.splitlines() == ["**Points**: —",
                                 "**Biggest city**: — · **Longest road**: 3 tiles",
                                 "**Figures placed**: —", "**Turns**: 4 tiles placed"]
    rating = Rating("easy", None, "easy", "AI Easy 1", 25.0, 8.0, 1.0, games=1)
    empty = Profile(1, "carcassonne", "easy", None, games=0, wins=0, average=None, best=None,
                    points={}, rating=rating, history=())
    fields = {f.name: f.value for f in profile_post(t, empty, "AI", None).embed.fields}
    assert fields == {"Games": "**0**, 0 won (—)", "Score": "—",
                      "Rating": "**1520** after 1 rated game"}


async def test_each_ai_level_has_its_own_rating(database) -> None:
    async with ai_table(database) as table:
        await rated_server(table)
        alice = table.member("alice")
        await alice.slash(table.channel, "carcassonne new", ai=1, ai_level="easy")
        await table.member("bob").slash(table.channel, "carcassonne join")
        await alice.slash(table.channel, "carcassonne start")
        final = await end_by_vote(table, moves=2)
        assert any(p.ai == "easy" for p in final.players)
        expected = by_hand(list(final.game.scores), [None] * 3)
        for seat, player in enumerate(final.players):
            key = player.ai or str(player.id)
            rating = await table.bot.storage.rating(table.guild.id, "carcassonne", key)
            assert rating is not None and rating.mu == pytest.approx(expected[seat].mu)
        # The AI's line shows its level's rating change too.
        for seat, line in result_lines(table, final).items():
            after = shown(expected[seat].ordinal())
            assert line.endswith(f" · ⭐ {after} ({after - 1500:+d})"), line
        answer = await alice.slash(table.channel, "profile", ai="easy")
        message = answer.followups[-1] if answer.followups else answer.response
        assert message.embeds[0].title == "🤖 AI (easy): Carcassonne"


def test_removed_players_share_the_last_place_and_two_ais_of_a_level_rate_once() -> None:
    """A removed player keeps their seat's history, placed after everyone still in the
    game; two AI seats of one level are one player of the server: it takes the mean of
    their two new ratings, computed as two players of its rating."""
    game = Game.new(["Ana", "Bo", "AI 1", "AI 2"], Options(), seed=5)
    for _ in range(6):
        game.play(Place(game.tile.id, *next(game.legal_placements())))
    game.remove_player(1)
    game.end()
    placed = places(game)
    assert placed[1] == 4 and all(p <= 3 for seat, p in enumerate(placed) if seat != 1)
    row = GameRow(id=1, guild_id=1, channel_id=1, host_id=1, options={"game": "carcassonne"},
                  seed=5, players=(Player(1, "Ana"), Player(2, "Bo"), Player(-1, "AI 1", "easy"),
                                   Player(-2, "AI 2", "easy")),
                  status=Status.FINISHED, version=1, record=None, lobby_message_id=None,
                  created_at=NOW, updated_at=NOW, turn_started_at=None, finished_at=NOW,
                  rated=True)
    result = game_result(row, game, started_at=None, finished_at=NOW)
    assert [p.player for p in result.players] == ["1", "2", "easy", "easy"]
    assert result.players[1].removed and result.rated
    rated = dict((r.player, r) for r, _ in new_ratings(result, {}))
    assert set(rated) == {"1", "2", "easy"}
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=placed)
    assert rated["2"].mu == pytest.approx(expected[1][0].mu)
    assert rated["easy"].mu == pytest.approx((expected[2][0].mu + expected[3][0].mu) / 2)
    assert rated["easy"].games == 1


async def test_results_ratings_and_opt_outs_round_trip_on_both_databases(any_database) -> None:
    from datetime import timedelta

    from bot.storage import GameResult, ResultPlayer
    from bot.storage.databases import open_storage

    store = await open_storage(any_database)
    try:
        async with store.transaction() as tx:
            row = await tx.insert_game(guild_id=1, channel_id=2, host=Player(3, "ann"),
                                       options={"game": "hunters-and-gatherers"}, now=NOW,
                                       rated=True)
            assert row.rated
            result = GameResult(
                row.id, 1, "hunters-and-gatherers", True, 40, NOW, NOW + timedelta(hours=5),
                (ResultPlayer(0, "3", 3, None, "ann", 41, 1, points_during={"forest": 20},
                              points_final={"meadow": 21}, followers_placed={"meeple": 7},
                              biggest_city=0, longest_road=0, turns=20),
                 ResultPlayer(1, "hard", None, "hard", "AI Hard 1", 30, 2, removed=True)))
            await tx.save_result(result)
            rating = Rating("3", 3, None, "ann", 27.5, 8.0, 3.5, games=1, wins=1)
            await tx.save_ratings(1, "hunters-and-gatherers", row.id, [(rating, 0.0)], NOW)
            await tx.set_hidden(1, 3, True, NOW)
        assert await store.game_result(row.id) == result
        assert (await store.game_result(row.id)).duration == timedelta(hours=5)
        assert await store.player_results(1, "hunters-and-gatherers", "3") == [result.players[0]]
        assert await store.rating(1, "hunters-and-gatherers", "3") == rating
        [point] = await store.rating_history(1, "hunters-and-gatherers", "3")
        assert (point.game_id, point.ordinal, point.previous) == (row.id, 3.5, 0.0)
        assert await store.hidden(1, 3)
        assert await store.leaderboard(1, "hunters-and-gatherers", min_games=1, offset=0,
                                       limit=10) == []
        async with store.transaction() as tx:
            await tx.set_hidden(1, 3, False, NOW)
        assert await store.leaderboard(1, "hunters-and-gatherers", min_games=1, offset=0,
                                       limit=10) == [rating]
        assert (await store.game(row.id)).rated
    finally:
        await store.close()
