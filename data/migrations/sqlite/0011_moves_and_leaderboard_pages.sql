-- Leaderboard pages read from where the last one ended (ordinal, then user id), at any depth.
-- (The PostgreSQL dialect of this migration also defines tavern_play, a move in one call to the
-- server; SQLite runs a move's statements in one call to its database thread already.)
DROP INDEX ratings_board;
CREATE INDEX ratings_board ON ratings (game, scope, ordinal DESC, user_id);
