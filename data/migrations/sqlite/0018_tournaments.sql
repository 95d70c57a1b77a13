-- Tournaments (issue 33): Swiss, round-robin and knockout, over days, in a server. A tournament's
-- state lives here whole, so that it survives restarts and several processes: its entrants, the
-- games of each round (a bye is a game of one seat, without a match), and one row per round
-- started, whose insertion is the claim that starts it (a round never starts twice).
CREATE TABLE tournaments (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id              INTEGER NOT NULL,
    channel_id            INTEGER NOT NULL,
    thread_id             INTEGER,                  -- its own thread, once opened
    creator_id            INTEGER NOT NULL,         -- the organiser
    game                  TEXT    NOT NULL,         -- rules.GAMES key
    options               TEXT    NOT NULL,         -- JSON object of the game's options
    format                TEXT    NOT NULL CHECK (format IN ('swiss', 'round-robin', 'knockout')),
    rounds                INTEGER,                  -- Swiss: how many rounds; NULL otherwise
    table_size            INTEGER NOT NULL,         -- seats per table
    rated                 INTEGER NOT NULL DEFAULT 1,
    turn_clock_hours      REAL,                     -- its matches' clock; NULL: the server's
    max_players           INTEGER NOT NULL,
    signup_until          TEXT,                     -- NULL: until the organiser starts it
    status                TEXT    NOT NULL DEFAULT 'signup'
                          CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    current_round         INTEGER NOT NULL DEFAULT 0,  -- the last round started; 0 before the first
    signup_message_id     INTEGER,
    standings_message_id  INTEGER,
    created_at            TEXT    NOT NULL,
    started_at            TEXT,
    ended_at              TEXT,
    version               INTEGER NOT NULL DEFAULT 0   -- +1 on every change
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
CREATE INDEX tournaments_by_status ON tournaments (status);

-- Entrants, numbered 1, 2, ... in join order: a Discord user or a computer (its level), never both.
CREATE TABLE tournament_entrants (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    entrant         INTEGER NOT NULL,
    user_id         INTEGER,                  -- NULL for a computer
    computer_level  TEXT,                     -- NULL for a person
    name            TEXT    NOT NULL,
    rating          REAL,                     -- for seeding, as when they joined; NULL: unrated
    joined_at       TEXT    NOT NULL,
    withdrawn_at    TEXT,
    PRIMARY KEY (tournament_id, entrant),
    UNIQUE (tournament_id, user_id),
    CHECK ((user_id IS NULL) <> (computer_level IS NULL))
);
CREATE INDEX tournament_entrants_by_user ON tournament_entrants (user_id);

-- The rounds started: inserting a round's row is the claim that starts it.
CREATE TABLE tournament_rounds (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round           INTEGER NOT NULL,
    started_at      TEXT    NOT NULL,
    claimed_by      TEXT,                     -- which process started it (for the logs)
    PRIMARY KEY (tournament_id, round)
);

-- The games of each round: a table of entrants by seat, its match once created, its result.
CREATE TABLE tournament_games (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round           INTEGER NOT NULL,
    board           INTEGER NOT NULL,
    match_id        INTEGER REFERENCES matches (id) ON DELETE SET NULL,  -- NULL: a bye, or not yet created
    seats           TEXT    NOT NULL,         -- JSON list of entrant ids by seat (seat 0 moves first)
    replay          INTEGER NOT NULL DEFAULT 0,  -- knockout: the replays of a drawn game, 1, 2
    scores          TEXT,                     -- JSON list of each seat's score in [0, 1]
    places          TEXT,                     -- JSON list of each seat's place, 1 = first
    forfeit         INTEGER NOT NULL DEFAULT 0,
    ended_at        TEXT,
    PRIMARY KEY (tournament_id, round, board, replay),
    UNIQUE (match_id)
);
CREATE INDEX tournament_games_open ON tournament_games (tournament_id, round, ended_at);

-- Who may create a tournament on a server: 'managers' (Manage Server) or 'everyone'.
ALTER TABLE guild_settings ADD COLUMN tournament_creators TEXT NOT NULL DEFAULT 'managers'
    CHECK (tournament_creators IN ('managers', 'everyone'));

-- A tournament's matches carry its turn clock (NULL: the server's, as before; 0: off).
ALTER TABLE matches ADD COLUMN turn_clock_hours REAL;
ALTER TABLE matches ADD COLUMN tournament_id INTEGER;
