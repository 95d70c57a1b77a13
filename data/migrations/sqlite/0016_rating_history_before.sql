-- Each rating change keeps the rating it started from, so a finished match can say how each
-- rating moved ("+31 → 1564"). Changes stored before this migration have none (NULL): they are
-- shown without the change.
ALTER TABLE rating_history ADD COLUMN mu_before REAL;
ALTER TABLE rating_history ADD COLUMN sigma_before REAL;
