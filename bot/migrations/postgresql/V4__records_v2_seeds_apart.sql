-- V4 in PostgreSQL's dialect (bot/migrations/V4__records_v2_seeds_apart.sql says why):
-- a seed of 128 bits, kept as decimal text.
-- Forward only: never edit this file once released.
-- SQLite's V4 also rewrites stored records (its Python step); no PostgreSQL database
-- holds a game from before V6 (the backend came after it), so there is none to rewrite.
ALTER TABLE games DROP COLUMN seed;
ALTER TABLE games ADD COLUMN seed TEXT CHECK (seed IS NULL OR seed ~ '^[0-9]+$');
