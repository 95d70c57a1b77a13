-- (PostgreSQL dialect of sqlite/0012: one trigger function for both events.)
-- How many players each ladder has, kept up to date by triggers: a leaderboard says "page 3 of
-- 9,871" without counting 98,706 rows every time it is shown.
CREATE TABLE ladder_sizes (
    game        TEXT    NOT NULL,
    scope       BIGINT  NOT NULL,             -- a guild id, or 0 for all servers
    players     INTEGER NOT NULL,
    PRIMARY KEY (game, scope)
);
INSERT INTO ladder_sizes (game, scope, players) SELECT game, scope, COUNT(*) FROM ratings GROUP BY game, scope;

CREATE FUNCTION ladder_sizes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO ladder_sizes (game, scope, players) VALUES (NEW.game, NEW.scope, 1)
            ON CONFLICT (game, scope) DO UPDATE SET players = ladder_sizes.players + 1;
    ELSE
        UPDATE ladder_sizes SET players = players - 1 WHERE game = OLD.game AND scope = OLD.scope;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER ladder_sizes_count AFTER INSERT OR DELETE ON ratings
    FOR EACH ROW EXECUTE FUNCTION ladder_sizes_count();
