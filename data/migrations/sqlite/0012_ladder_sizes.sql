-- How many players each ladder has, kept up to date by triggers: a leaderboard says "page 3 of
-- 9,871" without counting 98,706 rows every time it is shown.
CREATE TABLE ladder_sizes (
    game        TEXT    NOT NULL,
    scope       INTEGER NOT NULL,             -- a guild id, or 0 for all servers
    players     INTEGER NOT NULL,
    PRIMARY KEY (game, scope)
);
INSERT INTO ladder_sizes (game, scope, players) SELECT game, scope, COUNT(*) FROM ratings GROUP BY game, scope;

CREATE TRIGGER ladder_sizes_grow AFTER INSERT ON ratings BEGIN
    INSERT OR IGNORE INTO ladder_sizes (game, scope, players) VALUES (NEW.game, NEW.scope, 0);
    UPDATE ladder_sizes SET players = players + 1 WHERE game = NEW.game AND scope = NEW.scope;
END;

CREATE TRIGGER ladder_sizes_shrink AFTER DELETE ON ratings BEGIN
    UPDATE ladder_sizes SET players = players - 1 WHERE game = OLD.game AND scope = OLD.scope;
END;
