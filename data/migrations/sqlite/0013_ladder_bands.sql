-- How many players each ladder has in each band of its conservative rating (a band is 1/16 of a
-- point: `band` is floor(ordinal * 16)), kept up to date by triggers. A page asked for by number
-- starts from the band its first line is in, found by adding up the bands above it, and skips only
-- the lines of that band before it: no page reads past the lines above it however deep it is.
-- A band that empties is deleted: the table holds the bands that have players, no more.
CREATE TABLE ladder_bands (
    game        TEXT    NOT NULL,
    scope       INTEGER NOT NULL,             -- a guild id, or 0 for all servers
    band        INTEGER NOT NULL,
    players     INTEGER NOT NULL,
    PRIMARY KEY (game, scope, band)
);
-- floor(x) as integer arithmetic (SQLite's floor() is not in every build): x * 16 is exact.
INSERT INTO ladder_bands (game, scope, band, players)
    SELECT game, scope, band, COUNT(*) FROM (
        SELECT game, scope, CAST(ordinal * 16 AS INTEGER) - (ordinal * 16 < CAST(ordinal * 16 AS INTEGER)) AS band
        FROM ratings
    ) GROUP BY game, scope, band;

CREATE TRIGGER ladder_bands_grow AFTER INSERT ON ratings BEGIN
    INSERT INTO ladder_bands (game, scope, band, players) VALUES (NEW.game, NEW.scope,
        CAST(NEW.ordinal * 16 AS INTEGER) - (NEW.ordinal * 16 < CAST(NEW.ordinal * 16 AS INTEGER)), 1)
        ON CONFLICT (game, scope, band) DO UPDATE SET players = players + 1;
END;

CREATE TRIGGER ladder_bands_shrink AFTER DELETE ON ratings BEGIN
    UPDATE ladder_bands SET players = players - 1 WHERE game = OLD.game AND scope = OLD.scope
        AND band = CAST(OLD.ordinal * 16 AS INTEGER) - (OLD.ordinal * 16 < CAST(OLD.ordinal * 16 AS INTEGER));
    DELETE FROM ladder_bands WHERE game = OLD.game AND scope = OLD.scope AND players = 0
        AND band = CAST(OLD.ordinal * 16 AS INTEGER) - (OLD.ordinal * 16 < CAST(OLD.ordinal * 16 AS INTEGER));
END;

CREATE TRIGGER ladder_bands_move AFTER UPDATE OF game, scope, ordinal ON ratings BEGIN
    UPDATE ladder_bands SET players = players - 1 WHERE game = OLD.game AND scope = OLD.scope
        AND band = CAST(OLD.ordinal * 16 AS INTEGER) - (OLD.ordinal * 16 < CAST(OLD.ordinal * 16 AS INTEGER));
    DELETE FROM ladder_bands WHERE game = OLD.game AND scope = OLD.scope AND players = 0
        AND band = CAST(OLD.ordinal * 16 AS INTEGER) - (OLD.ordinal * 16 < CAST(OLD.ordinal * 16 AS INTEGER));
    INSERT INTO ladder_bands (game, scope, band, players) VALUES (NEW.game, NEW.scope,
        CAST(NEW.ordinal * 16 AS INTEGER) - (NEW.ordinal * 16 < CAST(NEW.ordinal * 16 AS INTEGER)), 1)
        ON CONFLICT (game, scope, band) DO UPDATE SET players = players + 1;
END;
