"""The entry layer beside bot.py: running the bot as a service (health and metrics, and more)."""
