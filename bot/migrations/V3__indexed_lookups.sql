-- V3: lookups that use indexes, a player's games in SQL, damaged games
-- marked, timers handed to listeners, and a turn's messages found by turn.
-- Forward only: never edit this file once released; add V4__*.sql instead.

-- What a started game's record says now, kept beside it so that lists of
-- games (/carcassonne mygames, a change of the server's settings) need no
-- replay: the number of record entries, and the Discord user on turn (NULL
-- when nobody is). NULL turn: stored by an older bot; the bot fills it in for
-- running games at its next start (ended games need it no more).
ALTER TABLE games ADD COLUMN turn INTEGER;
ALTER TABLE games ADD COLUMN on_turn INTEGER;
UPDATE games SET turn = 0 WHERE record IS NULL;
-- Why the stored record no longer replays (NULL: it does). Such a game stays
-- as it is until the host or a moderator cancels it; no other game notices.
ALTER TABLE games ADD COLUMN damaged TEXT;

-- The latest game of a channel (its open game is always its newest).
CREATE INDEX games_channel ON games (channel_id, id);
-- The lobbies a member hosts on a server (a server limits them).
CREATE INDEX games_lobby_host ON games (guild_id, host_id) WHERE status = 'lobby';

-- Who sits at which game: the seats of games.players, for finding a player's
-- games. removed = 1 once a player has been removed from the running game.
CREATE TABLE game_players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_user ON game_players (user_id, game_id);
INSERT INTO game_players (game_id, seat, user_id)
    SELECT g.id, p.key, json_extract(p.value, '$.id') FROM games AS g, json_each(g.players) AS p;
UPDATE game_players SET removed = 1 WHERE EXISTS (
    SELECT 1 FROM games AS g, json_each(g.record, '$.turns') AS t
    WHERE g.id = game_players.game_id AND json_extract(t.value, '$.removed') = game_players.seat
);

-- The first message of a turn is its announcement: a move typed without a
-- turn counts only if it was sent after it.
DROP INDEX game_messages_game;
CREATE INDEX game_messages_turn ON game_messages (game_id, turn);

-- A timer handed to its listeners is not handed out again while they act;
-- the listener deletes it in the transaction that acts on it. After a
-- restart, timers handed out but not acted on are handed out again.
ALTER TABLE timers ADD COLUMN dispatched_at TEXT;
DROP INDEX timers_expires_at;
CREATE INDEX timers_due ON timers (expires_at, id) WHERE dispatched_at IS NULL;
