-- V6: hints (issue 23). The turns (record entry numbers) on which the player
-- on turn asked the AI for its suggestion, as a JSON array: the history says so.
-- Forward only: never edit this file once released; add V7__*.sql instead.
ALTER TABLE games ADD COLUMN hints TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(hints) AND json_type(hints) = 'array');
