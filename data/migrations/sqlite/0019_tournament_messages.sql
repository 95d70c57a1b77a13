-- Tournaments (issue 33), the host's part: a tournament's own name, and the messages owed for
-- it, found again after a restart. A tournament's sign-up and standings messages show it up to
-- `shown_version` (owed while `version` is ahead); the final standings (or the cancellation)
-- were posted in the channel once `ending_announced`; a round's list of matches was posted in
-- the thread once `announced`. `messages_taken_until`: a process posting them has them until
-- then (another takes them after, if the first died).
ALTER TABLE tournaments ADD COLUMN name TEXT;                       -- NULL: "<Game> <format> #<id>"
ALTER TABLE tournaments ADD COLUMN shown_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN ending_announced INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN messages_taken_until TEXT;
ALTER TABLE tournament_rounds ADD COLUMN announced INTEGER NOT NULL DEFAULT 0;
