-- How each player wants to be told it is their turn, and the reminders sent before the turn clock
-- runs out (PostgreSQL dialect of sqlite/0006). A player without a row has the defaults.
CREATE TABLE player_settings (
    user_id     BIGINT  PRIMARY KEY,          -- the Discord user id (settings may come before any match)
    notify      TEXT    NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'nothing')),
    reminders   INTEGER NOT NULL DEFAULT 1,   -- 1: remind at half and at 90% of the turn clock
    updated_at  TEXT    NOT NULL
);

-- Each reminder of a turn (a match at a ply) is claimed here before it is sent, so it goes out once.
CREATE TABLE turn_reminders (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply         INTEGER NOT NULL,             -- the turn: the match's log length when it began
    share       INTEGER NOT NULL,             -- the percent of the turn clock used: 50 or 90
    sent_at     TEXT    NOT NULL,
    PRIMARY KEY (match_id, ply, share)
);
