-- V8 in PostgreSQL's dialect: an empty placeholder (bot/migrations/V8 says why).
SELECT 1;
