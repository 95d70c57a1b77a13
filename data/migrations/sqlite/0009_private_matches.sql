-- A match played where the bot cannot post on its own (a direct message, a group DM, or a server
-- that did not install the bot, through a user's install of it): only interactions show it, and
-- it counts for the ratings across all servers only. Its guild_id is the server's id, or for a
-- direct message the channel's.
ALTER TABLE matches ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
