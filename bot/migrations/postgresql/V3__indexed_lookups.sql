-- V3 in PostgreSQL's dialect (bot/migrations/V3__indexed_lookups.sql says why).
-- Forward only: never edit this file once released.

ALTER TABLE games ADD COLUMN turn INTEGER;
ALTER TABLE games ADD COLUMN on_turn BIGINT;
UPDATE games SET turn = 0 WHERE record IS NULL;
ALTER TABLE games ADD COLUMN damaged TEXT;

CREATE INDEX games_channel ON games (channel_id, id);
CREATE INDEX games_lobby_host ON games (guild_id, host_id) WHERE status = 'lobby';

CREATE TABLE game_players (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    removed SMALLINT NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_user ON game_players (user_id, game_id);
INSERT INTO game_players (game_id, seat, user_id)
    SELECT g.id, p.seat - 1, (p.value ->> 'id')::BIGINT
    FROM games AS g, json_array_elements(g.players) WITH ORDINALITY AS p (value, seat);
UPDATE game_players SET removed = 1 WHERE EXISTS (
    SELECT 1 FROM games AS g, json_array_elements(g.record -> 'turns') AS t (value)
    WHERE g.id = game_players.game_id AND (t.value ->> 'removed')::INTEGER = game_players.seat
);

DROP INDEX game_messages_game;
CREATE INDEX game_messages_turn ON game_messages (game_id, turn);

ALTER TABLE timers ADD COLUMN dispatched_at TIMESTAMPTZ;
DROP INDEX timers_expires_at;
CREATE INDEX timers_due ON timers (expires_at, id) WHERE dispatched_at IS NULL;
