-- Who reads which language (host.language.LanguageBook). Each player's own language: the Discord
-- locale of their last interaction, for what reaches them when they are not there (direct
-- messages, reminders, turn notices); written only when it changes, deleted by /privacy. Each
-- server's chosen language (/tavern config language:); NULL: Discord's server locale.
CREATE TABLE player_locales (
    user_id     INTEGER PRIMARY KEY,          -- the Discord user id
    locale      TEXT    NOT NULL,             -- a catalogue's code: "de", "pt_BR", "ja", "en", ...
    updated_at  TEXT    NOT NULL
);

ALTER TABLE guild_settings ADD COLUMN language TEXT;
