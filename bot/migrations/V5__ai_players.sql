-- V5: AI players (issue 13). Seats an AI plays, and the turns an AI played
-- for an absent player (the deadline policy "ai").
-- Forward only: never edit this file once released; add V6__*.sql instead.

-- An AI seat is an entry of games.players with an "ai" key, its level, and a
-- negative id: it is nobody's Discord account, so it is never mentioned,
-- reminded or sent a message. game_players says which seats are AIs, so that
-- the database alone tells people from AIs.
ALTER TABLE game_players ADD COLUMN ai TEXT
    CHECK (ai IS NULL OR (ai IN ('easy', 'medium', 'hard') AND user_id < 0));

-- The turns (record entry numbers) an AI played for a player who missed their
-- deadline, as a JSON array: they count as missed turns (the idle-game limit),
-- and the history shows them as the AI's.
ALTER TABLE games ADD COLUMN stand_ins TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(stand_ins) AND json_type(stand_ins) = 'array');
