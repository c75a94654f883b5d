-- V6 in PostgreSQL's dialect (bot/migrations/V6__hints.sql says why).
-- Forward only: never edit this file once released.
ALTER TABLE games ADD COLUMN hints JSON NOT NULL DEFAULT '[]'
    CHECK (json_typeof(hints) = 'array');
