-- (PostgreSQL dialect of sqlite/0013: one trigger function for the three events.)
-- How many players each ladder has in each band of its conservative rating (a band is 1/16 of a
-- point: `band` is floor(ordinal * 16)), kept up to date by triggers. A page asked for by number
-- starts from the band its first line is in, found by adding up the bands above it, and skips only
-- the lines of that band before it: no page reads past the lines above it however deep it is.
-- A band that empties is deleted: the table holds the bands that have players, no more.
CREATE TABLE ladder_bands (
    game        TEXT    NOT NULL,
    scope       BIGINT  NOT NULL,             -- a guild id, or 0 for all servers
    band        BIGINT  NOT NULL,
    players     INTEGER NOT NULL,
    PRIMARY KEY (game, scope, band)
);
INSERT INTO ladder_bands (game, scope, band, players)
    SELECT game, scope, floor(ordinal * 16)::BIGINT, COUNT(*) FROM ratings GROUP BY 1, 2, 3;

CREATE FUNCTION ladder_bands_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE ladder_bands SET players = players - 1
            WHERE game = OLD.game AND scope = OLD.scope AND band = floor(OLD.ordinal * 16)::BIGINT;
        DELETE FROM ladder_bands WHERE game = OLD.game AND scope = OLD.scope
            AND band = floor(OLD.ordinal * 16)::BIGINT AND players = 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO ladder_bands (game, scope, band, players)
            VALUES (NEW.game, NEW.scope, floor(NEW.ordinal * 16)::BIGINT, 1)
            ON CONFLICT (game, scope, band) DO UPDATE SET players = ladder_bands.players + 1;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER ladder_bands_count AFTER INSERT OR DELETE OR UPDATE OF game, scope, ordinal ON ratings
    FOR EACH ROW EXECUTE FUNCTION ladder_bands_count();
