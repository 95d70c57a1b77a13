-- Players' vacations (/settings vacation:): while one runs, that player's turn clocks stop (the
-- others' do not). Kept once over: the time a vacation covered never counts on a turn clock, and a
-- player has at most 14 days of them in any 30. Ending one early sets its end to that moment.
CREATE TABLE vacations (
    user_id     INTEGER NOT NULL,             -- the Discord user id
    starts_at   TEXT    NOT NULL,
    ends_at     TEXT    NOT NULL,
    PRIMARY KEY (user_id, starts_at)
);
