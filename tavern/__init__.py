"""The entry layer: the `tavern` command (`tavern run`, `tavern migrate`, `tavern check`), the
settings, logging, and running and stopping the bot. It may import every layer; nothing imports it
but bot.py and the tests."""
