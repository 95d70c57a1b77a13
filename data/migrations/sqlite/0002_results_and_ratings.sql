-- Results of finished matches, ratings per game (per server and global), their history.
CREATE TABLE results (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER REFERENCES players (user_id),  -- NULL for a computer player
    game        TEXT    NOT NULL,
    guild_id    INTEGER NOT NULL,
    rank        INTEGER NOT NULL,             -- 1 is best; tied seats share a rank
    outcome     TEXT    NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    resigned    INTEGER NOT NULL DEFAULT 0,
    points      REAL    NOT NULL,             -- the game's own score for the seat
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX results_by_player ON results (user_id, game, finished_at);

CREATE TABLE ratings (
    user_id     INTEGER NOT NULL REFERENCES players (user_id),
    game        TEXT    NOT NULL,
    scope       INTEGER NOT NULL,             -- a guild id, or 0 for the rating across all servers
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,             -- mu - 3 sigma: what the leaderboard sorts by
    matches     INTEGER NOT NULL DEFAULT 0,   -- rated matches
    wins        INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, game, scope)
);
CREATE INDEX ratings_board ON ratings (game, scope, ordinal DESC);

CREATE TABLE rating_history (
    user_id     INTEGER NOT NULL REFERENCES players (user_id),
    game        TEXT    NOT NULL,
    scope       INTEGER NOT NULL,
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    at          TEXT    NOT NULL,
    PRIMARY KEY (user_id, game, scope, match_id)
);
