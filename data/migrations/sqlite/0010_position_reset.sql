-- When a takeback last set the match back: the position reached then is new even though its
-- last log entry is older (a typed move sent before it must not be played on it).
ALTER TABLE matches ADD COLUMN position_reset_at TEXT;
