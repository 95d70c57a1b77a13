"""Start the bot: the same as `tavern run` (tavern/run.py), kept so that `python bot.py` works.

    python bot.py [--shards 0-3]        (or `make run`, or `tavern run`)

Settings come from the environment and from an optional `.env` file next to this one (the
environment wins): DISCORD_TOKEN, DATABASE_PATH (default data/tavern.sqlite3), DEV_GUILD_ID
(sync the commands to that server only, which is instant; else globally), LOG_LEVEL
(DEBUG, INFO, WARNING or ERROR; default INFO), LOG_FORMAT (`text`, the default, or `json`: one
JSON object a line), DATABASE_SYNC (`full`, the default: an acknowledged move survives a power
cut; `normal`: faster, the last moves may not), TURN_TIMEOUT_HOURS (default 168; 0: idle players
are never resigned; else at least 1) and LOBBY_TIMEOUT_HOURS (default 72; 0: idle lobbies are
never closed; else at least 1), METRICS_PORT and METRICS_HOST (default 127.0.0.1). The background
sweep (turn clock, idle lobbies, computer moves a restart interrupted) always runs.
At scale (docs/operations.md, "Running at scale"): DATABASE_URL (`postgresql://…` or
`sqlite:///path`; wins over DATABASE_PATH), SHARD_COUNT (the shards of the whole bot) and
SHARD_IDS (this process's, such as `0-3` or `0,2,4`; also `--shards 0-3`): one process per range
of shards, over one PostgreSQL database.
Without a token it explains how to get one and exits with status 2, as for a bad setting (one
line); a database that cannot be opened or written, a refused token or an unreachable Discord
gets one line and status 1. SIGTERM or SIGINT stops it cleanly (docs/operations.md, "Stopping").
"""

from __future__ import annotations

import sys

# A worker process (the computer players', the GIFs') is started by multiprocessing's "spawn",
# which imports this file again as `__mp_main__`: it needs none of the bot (discord.py, the cogs),
# about 30 MB a worker (issue 34).
if __name__ != "__mp_main__":
    from tavern.logs import QUIET_LOGGERS, setup_logging
    from tavern.run import (
        PERMISSIONS,
        SCOPES,
        ShardedTavernBot,
        TavernBot,
        build_bot,
        intents,
        invite_url,
        main,
        settle_process,
        token_help,
        user_install_url,
        warm_up_pictures,
    )
    from tavern.settings import HERE, Settings, read_env_file

__all__ = [
    "HERE",
    "PERMISSIONS",
    "QUIET_LOGGERS",
    "SCOPES",
    "Settings",
    "ShardedTavernBot",
    "TavernBot",
    "build_bot",
    "intents",
    "invite_url",
    "main",
    "read_env_file",
    "settle_process",
    "setup_logging",
    "token_help",
    "user_install_url",
    "warm_up_pictures",
]

if __name__ == "__main__":
    sys.exit(main(argv=sys.argv[1:]))
