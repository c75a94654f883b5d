-- V5 in PostgreSQL's dialect (bot/migrations/V5__ai_players.sql says why).
-- Forward only: never edit this file once released.
ALTER TABLE game_players ADD COLUMN ai TEXT
    CHECK (ai IS NULL OR (ai IN ('easy', 'medium', 'hard') AND user_id < 0));
ALTER TABLE games ADD COLUMN stand_ins JSON NOT NULL DEFAULT '[]'
    CHECK (json_typeof(stand_ins) = 'array');
