-- The announcement outbox (PostgreSQL dialect of sqlite/0004). Several processes share it: a
-- process takes a due row by moving its due_at on (a lease) in one UPDATE, so each is posted once.
CREATE TABLE announcements (
    match_id    BIGINT  PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,             -- the match version the message is due for
    since_ply   INTEGER NOT NULL,             -- the first log entry no message has shown yet
    ping        INTEGER NOT NULL DEFAULT 0,   -- the player to move is owed a ping
    due_at      TEXT    NOT NULL,             -- left to the acting interaction until then
    attempts    INTEGER NOT NULL DEFAULT 0    -- posts that failed so far
);
CREATE INDEX announcements_by_due ON announcements (due_at);
