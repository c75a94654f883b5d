-- V7 in PostgreSQL's dialect (bot/migrations/V7__game_threads.sql says why).
-- Forward only: never edit this file once released.
ALTER TABLE games ADD COLUMN thread_id BIGINT;
