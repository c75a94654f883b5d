-- V2 in PostgreSQL's dialect (bot/migrations/V2__timers_and_settings.sql says why).
-- Forward only: never edit this file once released.

CREATE TABLE game_settings (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    settings   JSON NOT NULL DEFAULT '{}',
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE player_settings (
    user_id    BIGINT PRIMARY KEY,
    settings   JSON NOT NULL DEFAULT '{}',
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE end_votes (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    turn       INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE game_messages (
    message_id BIGINT PRIMARY KEY,
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id BIGINT NOT NULL,
    kind       TEXT NOT NULL,
    turn       INTEGER,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX game_messages_game ON game_messages (game_id);

CREATE UNIQUE INDEX timers_game_event ON timers (game_id, event) WHERE game_id IS NOT NULL;
