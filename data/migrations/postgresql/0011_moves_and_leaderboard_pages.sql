-- (PostgreSQL.) A move in one call to the server. The store's SQL is shared by both dialects, and
-- SQLite runs a move's statements in one call to its database thread; here each statement would be
-- a round trip of its own (BEGIN, the guarded update of the match, the log entries, the outbox
-- row, COMMIT), so a move that only plays (no seats, takeback or result changed: see
-- MatchChange.plays_only) is this one function, the same statements as data/store.py's
-- _change_statements writes for it. It returns whether the match was still at p_version; when it
-- was not, it writes nothing.
CREATE FUNCTION tavern_play(
    p_match BIGINT, p_version INTEGER, p_when TEXT, p_status TEXT, p_over BOOLEAN, p_state TEXT,
    p_result TEXT, p_plies INTEGER[], p_kinds TEXT[], p_seats INTEGER[], p_notations TEXT[],
    p_since INTEGER, p_ping INTEGER, p_due TEXT
) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
    UPDATE matches SET version = version + 1, updated_at = p_when, status = COALESCE(p_status, status),
        finished_at = CASE WHEN p_over THEN p_when ELSE finished_at END, state = p_state,
        draw_offer = NULL, result = COALESCE(p_result, result), takeback_offer = NULL
    WHERE id = p_match AND version = p_version;
    IF NOT FOUND THEN
        RETURN FALSE;
    END IF;
    INSERT INTO moves (match_id, ply, kind, seat, notation, played_at)
        SELECT p_match, e.ply, e.kind, e.seat, e.notation, p_when
        FROM unnest(p_plies, p_kinds, p_seats, p_notations) AS e (ply, kind, seat, notation);
    INSERT INTO announcements (match_id, version, since_ply, ping, due_at)
        VALUES (p_match, p_version + 1, p_since, p_ping, p_due)
        ON CONFLICT (match_id) DO UPDATE SET version = excluded.version,
            since_ply = LEAST(excluded.since_ply, announcements.since_ply),
            ping = GREATEST(excluded.ping, announcements.ping), due_at = excluded.due_at;
    RETURN TRUE;
END $$;

-- Leaderboard pages read from where the last one ended (ordinal, then user id), at any depth.
DROP INDEX ratings_board;
CREATE INDEX ratings_board ON ratings (game, scope, ordinal DESC, user_id);
