-- V7: a thread per game (issue 20). The thread a game is played in, opened
-- under its lobby message at the start (NULL: the game is played in its channel,
-- as before, or its thread was deleted).
-- Forward only: never edit this file once released; add V8__*.sql instead.
ALTER TABLE games ADD COLUMN thread_id INTEGER;
