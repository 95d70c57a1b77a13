-- Invitations hold a seat, and the players who must answer an offer are told once
-- (PostgreSQL dialect of sqlite/0015).
-- A lobby seat held for an invited player until they join or decline, the creator releases it,
-- or the lobby closes; nobody else may take it while the lobby has no other free seat.
CREATE TABLE held_seats (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id     BIGINT  NOT NULL,             -- the invited player (their name: the players table)
    held_at     TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX held_seats_by_user ON held_seats (user_id);

-- Each notice of a draw offer or a takeback request to a player who must answer it is claimed
-- here before it is sent, so that it goes out once for an offer at a position (`ply`).
CREATE TABLE offer_notices (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('draw', 'takeback')),
    ply         INTEGER NOT NULL,             -- the match's log length when the offer stood
    user_id     BIGINT  NOT NULL,
    sent_at     TEXT    NOT NULL,
    PRIMARY KEY (match_id, kind, ply, user_id)
);
