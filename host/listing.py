"""The host's names for the store's rows that lists and statistics show as they are: a match list's
line, a player's record in a game, one of their last results. The cogs read them from `host`
(they may not import `data`); the host adds nothing to them, so it does not copy them."""

from __future__ import annotations

from data import MatchSummary, PlayerRecord, RecentResult

MatchListing = MatchSummary
"""A line of a match list: `log_length` counts the log's entries, `move_count` the moves its
seats played (what players count as moves)."""
GameTally = PlayerRecord
"""A player's record in one game (every finished match, rated or not)."""
RecentMatch = RecentResult
"""One of a player's last finished matches; its `outcome` is 'win', 'draw' or 'loss'."""
