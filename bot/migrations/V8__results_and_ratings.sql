-- V8: what a finished game leaves behind (issue 22): its result and every
-- player's statistics, the ratings of a server's players by game kind, each
-- rating's history, and the members who asked to be left off leaderboards.
-- Forward only: never edit this file once released; add V9__*.sql instead.

-- The host's choice for this game (the server's `rated` setting by default):
-- a rated game that ends normally with at least two people changes ratings.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

-- One row per game that ended normally (finished, or voted to an end; never a
-- cancelled one), written in the transaction that ended it. kind: the game
-- ("carcassonne", "hunters-and-gatherers"); rated: whether it changed ratings.
CREATE TABLE game_results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    players     INTEGER NOT NULL,
    turns       INTEGER NOT NULL,
    started_at  TEXT,
    finished_at TEXT NOT NULL,
    duration_seconds INTEGER
);
CREATE INDEX game_results_guild ON game_results (guild_id, kind, finished_at);

-- Each seat of such a game. player: the key of its ratings, the user id in
-- decimal for a person, the level ("easy", "medium", "hard") for an AI;
-- name: as the player was called then (a member who left shows by it).
-- place: 1 for the winners; removed players share the last place.
-- points_during / points_final: points by feature kind, as JSON objects;
-- followers_placed: figures placed by role, as a JSON object.
CREATE TABLE result_players (
    game_id          INTEGER NOT NULL REFERENCES game_results (game_id) ON DELETE CASCADE,
    seat             INTEGER NOT NULL,
    guild_id         INTEGER NOT NULL,
    kind             TEXT NOT NULL,
    player           TEXT NOT NULL,
    user_id          INTEGER,
    ai               TEXT,
    name             TEXT NOT NULL,
    score            INTEGER NOT NULL,
    place            INTEGER NOT NULL,
    removed          INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),
    points_during    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(points_during)),
    points_final     TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(points_final)),
    followers_placed TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(followers_placed)),
    biggest_city     INTEGER NOT NULL DEFAULT 0,
    longest_road     INTEGER NOT NULL DEFAULT 0,
    turns            INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
-- A profile: one player's games of one kind in a server.
CREATE INDEX result_players_player ON result_players (guild_id, kind, player);

-- A player's rating in a server for one game kind (OpenSkill Plackett-Luce):
-- mu and sigma, and the conservative ordinal (mu - 3 sigma) leaderboards sort by.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    player     TEXT NOT NULL,
    user_id    INTEGER,
    ai         TEXT,
    name       TEXT NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    ordinal    REAL NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
);
-- A leaderboard: a server's ratings of one kind, best first.
CREATE INDEX ratings_board ON ratings (guild_id, kind, ordinal DESC);

-- Every rated game's change of each of its players' ratings.
CREATE TABLE rating_history (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player     TEXT NOT NULL,
    guild_id   INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    ordinal    REAL NOT NULL,
    previous   REAL NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
);
CREATE INDEX rating_history_player ON rating_history (guild_id, kind, player, game_id);

-- Members left off a server's leaderboards at their request (/carcassonne me).
CREATE TABLE leaderboard_hidden (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
