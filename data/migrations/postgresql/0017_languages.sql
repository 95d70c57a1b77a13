-- Who reads which language, PostgreSQL dialect of sqlite/0017: each player's own language (the
-- locale of their last interaction; written only when it changes, deleted by /privacy), and each
-- server's chosen language (/tavern config language:; NULL: Discord's server locale).
CREATE TABLE player_locales (
    user_id     BIGINT  PRIMARY KEY,          -- the Discord user id
    locale      TEXT    NOT NULL,             -- a catalogue's code: "de", "pt_BR", "ja", "en", ...
    updated_at  TEXT    NOT NULL
);

ALTER TABLE guild_settings ADD COLUMN language TEXT;
