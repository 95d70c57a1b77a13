-- The channel of the match message (a player may move from another channel with `match:`).
ALTER TABLE matches ADD COLUMN message_channel_id INTEGER;
