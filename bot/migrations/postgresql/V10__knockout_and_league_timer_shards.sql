-- V10 in PostgreSQL's dialect (bot/migrations/V10__knockout_and_league_timer_shards.sql
-- says why). Forward only: never edit this file once released.
ALTER TABLE timers ADD COLUMN guild_id BIGINT;

ALTER TABLE leagues DROP CONSTRAINT leagues_format_check;
ALTER TABLE leagues ADD CONSTRAINT leagues_format_check
    CHECK (format IN ('round-robin', 'swiss', 'knockout'));
