-- V2: asynchronous play. Per-game turn settings, players' notification
-- choices, votes to end a stalled game, the messages the bot may tidy, and
-- one pending timer per game and kind.
-- Forward only: never edit this file once released; add V3__*.sql instead.

-- A game's own reminder interval, deadline and absent-player policy, as a
-- JSON object; a missing key (or row) means the server's default.
CREATE TABLE game_settings (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    settings   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    updated_at TEXT NOT NULL
);

-- A Discord user's own choices, whatever the server (e.g. {"dm": true}).
CREATE TABLE player_settings (
    user_id    INTEGER PRIMARY KEY,
    settings   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    updated_at TEXT NOT NULL
);

-- Votes to end a stalled game. A vote counts only while the game is still at
-- the turn it was cast in: a move shows the game is not stalled after all.
CREATE TABLE end_votes (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    turn       INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Messages with buttons the bot sent for a game (reminders, announcements),
-- so that a finished game's buttons can be removed later.
CREATE TABLE game_messages (
    message_id INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    turn       INTEGER,
    created_at TEXT NOT NULL
);
CREATE INDEX game_messages_game ON game_messages (game_id);

-- At most one pending timer of each kind per game: a move replaces them.
CREATE UNIQUE INDEX timers_game_event ON timers (game_id, event) WHERE game_id IS NOT NULL;
