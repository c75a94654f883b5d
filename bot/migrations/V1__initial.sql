-- V1: games, their move log, per-guild settings, timers, and bot metadata.
-- Forward only: never edit this file once released; add V2__*.sql instead.
-- Times are ISO 8601 UTC text ("2026-01-01T12:00:00+00:00").

-- Bot-wide key/value facts (e.g. the hash of the last synced command tree).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Per-guild settings as a JSON object; a missing row means defaults. Later:
-- reminder interval, turn deadline, skip/remove policy, announcement channel.
CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    settings   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    updated_at TEXT NOT NULL
);

-- One row per game. The game record (engine format, with its seed) is the
-- source of truth for play; everything else is bookkeeping around it.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    host_id         INTEGER NOT NULL,
    options         TEXT NOT NULL CHECK (json_valid(options)),
    seed            INTEGER NOT NULL,
    -- [{"id": user id, "name": display name}]: join order in the lobby,
    -- seating order once the game runs.
    players         TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(players)),
    status          TEXT NOT NULL DEFAULT 'lobby'
                    CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    -- Bumped by every change; each change also writes one game_log row.
    version         INTEGER NOT NULL DEFAULT 0,
    record          TEXT CHECK (record IS NULL OR json_valid(record)),
    lobby_message_id INTEGER,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    turn_started_at TEXT,
    finished_at     TEXT
);

-- At most one open (lobby or running) game per channel.
CREATE UNIQUE INDEX games_open_channel ON games (channel_id)
    WHERE status IN ('lobby', 'running');
CREATE INDEX games_guild_status ON games (guild_id, status);

-- What happened to a game, one row per version: who did what, when. The
-- primary key makes a second writer of the same version fail.
CREATE TABLE game_log (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    action     TEXT NOT NULL,
    user_id    INTEGER,
    data       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- Durable timers (reminders, turn deadlines), fired by one dispatcher task
-- that sleeps until the earliest row is due. Each carries the game and turn
-- it was set for, so a timer outlived by a move is dropped, not fired.
CREATE TABLE timers (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    event      TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    game_id    INTEGER REFERENCES games (id) ON DELETE CASCADE,
    turn       INTEGER,
    data       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
    created_at TEXT NOT NULL
);
CREATE INDEX timers_expires_at ON timers (expires_at);
CREATE INDEX timers_game ON timers (game_id);
