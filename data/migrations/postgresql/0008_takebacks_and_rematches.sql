-- Takebacks by agreement and rematches (PostgreSQL dialect of sqlite/0008).
-- The takeback asked for and not yet answered: JSON {"seat": asker, "ply": the log entry it goes
-- back to, "at": the log length when asked, "agreed": [seats]}; cleared when the position changes.
ALTER TABLE matches ADD COLUMN takeback_offer TEXT;
-- How many takebacks the players agreed in the match (shown with its result and in its record).
ALTER TABLE matches ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 0;
-- A lobby opened as the rematch of a finished match: that match's id.
ALTER TABLE matches ADD COLUMN rematch_of BIGINT REFERENCES matches (id) ON DELETE SET NULL;
CREATE INDEX matches_by_rematch ON matches (rematch_of);
