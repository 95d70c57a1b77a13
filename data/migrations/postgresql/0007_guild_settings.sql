-- Each server's own settings (/tavern config), PostgreSQL dialect of sqlite/0007; no row, or a
-- NULL, is the bot's default. A server the bot leaves keeps its row (and nothing else).
CREATE TABLE guild_settings (
    guild_id            BIGINT  PRIMARY KEY,
    games               TEXT,             -- JSON list of the game keys offered; NULL: every game
    turn_clock_hours    DOUBLE PRECISION, -- NULL: TURN_TIMEOUT_HOURS; 0: off
    lobby_clock_hours   DOUBLE PRECISION, -- NULL: LOBBY_TIMEOUT_HOURS; 0: off
    threads             INTEGER NOT NULL DEFAULT 0,  -- every match gets its own thread
    rated               INTEGER NOT NULL DEFAULT 1,  -- finished matches update ratings
    quiet               INTEGER NOT NULL DEFAULT 0,  -- the channel gets only lobbies and results
    updated_at          TEXT    NOT NULL
);

-- What a match was opened with, and the thread its messages go to once the bot has opened it.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
ALTER TABLE matches ADD COLUMN threaded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN quiet INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN thread_id BIGINT;
