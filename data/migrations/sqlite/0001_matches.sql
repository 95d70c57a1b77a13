-- Matches, their seats and their move logs; the players who sit in them.
CREATE TABLE players (
    user_id     INTEGER PRIMARY KEY,          -- the Discord user id
    name        TEXT    NOT NULL,             -- the last display name we saw
    updated_at  TEXT    NOT NULL
);

CREATE TABLE matches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,                      -- the match message the bot keeps up to date
    game        TEXT    NOT NULL,             -- rules.GAMES key
    options     TEXT    NOT NULL,             -- JSON object of the game's options
    seat_count  INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    creator_id  INTEGER NOT NULL,
    seed        INTEGER NOT NULL,             -- seeds the chance events and the seat draw
    version     INTEGER NOT NULL DEFAULT 0,   -- +1 on every write (optimistic concurrency)
    state       TEXT,                         -- cached State.to_json(); the move log is the truth
    draw_offer  TEXT,                         -- JSON list of seats that agreed to a draw, or NULL
    result      TEXT,                         -- JSON Outcome once finished
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    finished_at TEXT
);
CREATE INDEX matches_by_channel ON matches (guild_id, channel_id, status);
CREATE INDEX matches_by_status ON matches (status, updated_at);

CREATE TABLE seats (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,             -- join order in the lobby, the game's seat once started
    user_id     INTEGER REFERENCES players (user_id),  -- NULL for a computer player
    computer    TEXT,                         -- the computer player's level, NULL for people
    resigned    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id, match_id);

CREATE TABLE moves (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply         INTEGER NOT NULL,             -- 0, 1, 2, ... : the turn number before this entry
    kind        TEXT    NOT NULL CHECK (kind IN ('move', 'chance', 'resign', 'draw')),
    seat        INTEGER,                      -- who acted; NULL for chance events and agreed draws
    notation    TEXT    NOT NULL,             -- the move in the game's canonical notation
    played_at   TEXT    NOT NULL,
    PRIMARY KEY (match_id, ply)
);
