-- V8 in PostgreSQL's dialect (bot/migrations/V8__results_and_ratings.sql says why).
-- Forward only: never edit this file once released.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

CREATE TABLE game_results (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    BIGINT NOT NULL,
    kind        TEXT NOT NULL,
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    players     INTEGER NOT NULL,
    turns       INTEGER NOT NULL,
    started_at  TIMESTAMPTZ,
    finished_at TIMESTAMPTZ NOT NULL,
    duration_seconds INTEGER
);
CREATE INDEX game_results_guild ON game_results (guild_id, kind, finished_at);

CREATE TABLE result_players (
    game_id          BIGINT NOT NULL REFERENCES game_results (game_id) ON DELETE CASCADE,
    seat             INTEGER NOT NULL,
    guild_id         BIGINT NOT NULL,
    kind             TEXT NOT NULL,
    player           TEXT NOT NULL,
    user_id          BIGINT,
    ai               TEXT,
    name             TEXT NOT NULL,
    score            INTEGER NOT NULL,
    place            INTEGER NOT NULL,
    removed          INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),
    points_during    JSON NOT NULL DEFAULT '{}',
    points_final     JSON NOT NULL DEFAULT '{}',
    followers_placed JSON NOT NULL DEFAULT '{}',
    biggest_city     INTEGER NOT NULL DEFAULT 0,
    longest_road     INTEGER NOT NULL DEFAULT 0,
    turns            INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX result_players_player ON result_players (guild_id, kind, player);

CREATE TABLE ratings (
    guild_id   BIGINT NOT NULL,
    kind       TEXT NOT NULL,
    player     TEXT NOT NULL,
    user_id    BIGINT,
    ai         TEXT,
    name       TEXT NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    ordinal    DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
);
CREATE INDEX ratings_board ON ratings (guild_id, kind, ordinal DESC);

CREATE TABLE rating_history (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player     TEXT NOT NULL,
    guild_id   BIGINT NOT NULL,
    kind       TEXT NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    ordinal    DOUBLE PRECISION NOT NULL,
    previous   DOUBLE PRECISION NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, player)
);
CREATE INDEX rating_history_player ON rating_history (guild_id, kind, player, game_id);

CREATE TABLE leaderboard_hidden (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
