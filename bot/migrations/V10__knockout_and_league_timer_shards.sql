-- V10 (issue 22): knockout leagues, and league timers on their server's shard.
-- Forward only: never edit this file once released; add V11__*.sql instead.
--
-- A timer of no game (a league's: its round opened, its time up, its start date)
-- now keeps its server, so that with several processes (CARCASSONNE_SHARDS) the
-- process of that server's shard fires it, as it does a game's timers.
ALTER TABLE timers ADD COLUMN guild_id INTEGER;

-- A league's format may be 'knockout' (single elimination). SQLite cannot change a
-- CHECK constraint in place: the three league tables are built again, copied, and
-- renamed (renaming leagues_v10 makes the others' references name leagues again).
-- The old tables go children first, so that dropping leagues deletes nothing.
CREATE TABLE leagues_v10 (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    organiser_id INTEGER NOT NULL,
    name         TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('round-robin', 'swiss', 'knockout')),
    -- The game options of every game (as /carcassonne new stores them).
    options      TEXT NOT NULL CHECK (json_valid(options)),
    -- Swiss: how many rounds (round robin: every pair once).
    rounds       INTEGER NOT NULL DEFAULT 0,
    round_hours  INTEGER NOT NULL,
    status       TEXT NOT NULL DEFAULT 'signup'
                 CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    -- The round being played (0: not started), and when its time is up.
    round        INTEGER NOT NULL DEFAULT 0,
    round_ends_at TEXT,
    -- At a round's time-up: 'score' the unfinished games as they stand, or 'ai'
    -- stand-ins play them on. A dropped player's games: 'forfeit' or played by 'ai'.
    time_rule    TEXT NOT NULL DEFAULT 'score' CHECK (time_rule IN ('score', 'ai')),
    drop_rule    TEXT NOT NULL DEFAULT 'forfeit' CHECK (drop_rule IN ('forfeit', 'ai')),
    -- When the league starts by itself (NULL: when its organiser starts it).
    starts_at    TEXT,
    version      INTEGER NOT NULL DEFAULT 1,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
INSERT INTO leagues_v10 SELECT * FROM leagues;

CREATE TABLE league_players_v10 (
    league_id INTEGER NOT NULL REFERENCES leagues_v10 (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    name      TEXT NOT NULL,
    joined_at TEXT NOT NULL,
    -- The round in which the player dropped out (NULL: still in).
    dropped_round INTEGER,
    PRIMARY KEY (league_id, user_id)
);
INSERT INTO league_players_v10 SELECT * FROM league_players;

CREATE TABLE league_games_v10 (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id  INTEGER NOT NULL REFERENCES leagues_v10 (id) ON DELETE CASCADE,
    round      INTEGER NOT NULL,
    player_a   INTEGER NOT NULL,
    player_b   INTEGER,
    game_id    INTEGER REFERENCES games (id) ON DELETE SET NULL,
    status     TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done')),
    score_a    INTEGER NOT NULL DEFAULT 0,
    score_b    INTEGER NOT NULL DEFAULT 0,
    -- Who gave the game up (dropped out): the other wins.
    forfeit_by INTEGER,
    -- The league players in the game's seat order, as JSON (an AI standing in for a
    -- player keeps that player's seat).
    seats      TEXT CHECK (seats IS NULL OR json_valid(seats)),
    finished_at TEXT
);
INSERT INTO league_games_v10 SELECT * FROM league_games;

DROP TABLE league_games;
DROP TABLE league_players;
DROP TABLE leagues;
ALTER TABLE leagues_v10 RENAME TO leagues;
ALTER TABLE league_players_v10 RENAME TO league_players;
ALTER TABLE league_games_v10 RENAME TO league_games;
CREATE UNIQUE INDEX leagues_open_channel ON leagues (channel_id)
    WHERE status IN ('signup', 'running');
CREATE INDEX leagues_channel ON leagues (guild_id, channel_id, id);
CREATE INDEX league_games_round ON league_games (league_id, round);
CREATE UNIQUE INDEX league_games_game ON league_games (game_id);
