-- V4: fair draws (issue 12). Game records in version 2, and each game's seed
-- kept apart from its record.
-- Forward only: never edit this file once released; add V5__*.sql instead.

-- A game's seed is the order of the tiles still to come. It used to be drawn
-- when the lobby opened (62 bits, an INTEGER) and written into the record
-- too. Now the engine draws it when the game starts (128 bits from `secrets`,
-- too many for an SQLite integer) and it is kept here alone, as decimal text:
-- the record never holds it. NULL before the start (a lobby's old seed is
-- dropped: its game gets a new one when it starts).
ALTER TABLE games DROP COLUMN seed;
ALTER TABLE games ADD COLUMN seed TEXT
    CHECK (seed IS NULL OR (seed <> '' AND seed NOT GLOB '*[^0-9]*'));

-- Then this migration's Python step (bot/sqlite.py, _records_apart), in the
-- same transaction: each stored record's seed moves into games.seed, and the
-- engine writes the record again as version 2 (in a game with hands, every
-- entry with the hand it was played from). A record that no longer replays
-- keeps its moves, less its seed, and its game is marked damaged.
