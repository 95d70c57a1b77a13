-- The announcement outbox: a match whose newest change has not yet been shown in its channel.
-- Written in the transaction of the change, deleted when Discord has taken the new match message,
-- so a change stored just before a crash (or a Discord failure) is still announced, once.
CREATE TABLE announcements (
    match_id    INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,             -- the match version the message is due for
    since_ply   INTEGER NOT NULL,             -- the first log entry no message has shown yet
    ping        INTEGER NOT NULL DEFAULT 0,   -- the player to move is owed a ping
    due_at      TEXT    NOT NULL,             -- left to the acting interaction until then
    attempts    INTEGER NOT NULL DEFAULT 0    -- posts that failed so far
);
CREATE INDEX announcements_by_due ON announcements (due_at);
