-- V8 belongs to the ratings branch (issue 22); this empty placeholder only keeps
-- the numbering whole on the leagues branch. Delete it when the ratings branch's
-- V8 is merged.
SELECT 1;
