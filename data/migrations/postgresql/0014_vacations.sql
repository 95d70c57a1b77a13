-- Players' vacations (/settings vacation:), PostgreSQL dialect of sqlite/0014: while one runs,
-- that player's turn clocks stop. Kept once over (the time never counts on a clock; at most 14
-- days in any 30). Ending one early sets its end to that moment.
CREATE TABLE vacations (
    user_id     BIGINT  NOT NULL,             -- the Discord user id
    starts_at   TEXT    NOT NULL,
    ends_at     TEXT    NOT NULL,
    PRIMARY KEY (user_id, starts_at)
);
