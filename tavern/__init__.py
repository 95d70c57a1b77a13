"""The entry layer: the `tavern` command (`tavern run`, `tavern migrate`, `tavern check`), the
settings, logging, running and stopping the bot, and its health and metrics pages. It may import
every layer; nothing imports it but bot.py and the tests."""
