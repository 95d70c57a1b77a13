"""Tournaments made in the store for the tests: one in sign-up, as the tournament tests and the
copy to PostgreSQL use it."""

from __future__ import annotations

from data import Store, TournamentFormat

GUILD, CHANNEL, ORGANISER = 100, 200, 9


async def new_tournament(
    store: Store,
    *,
    max_players: int = 8,
    signup_until: str | None = None,
    guild_id: int = GUILD,
    channel_id: int = CHANNEL,
    creator_id: int = ORGANISER,
    name: str | None = None,
    creator_name: str | None = None,
) -> int:
    """A Swiss tournament of Keibot in sign-up (three rounds, a clock of a day); `name`: its own,
    `creator_name`: the organiser's stored with it."""
    return await store.create_tournament(
        guild_id=guild_id,
        channel_id=channel_id,
        creator_id=creator_id,
        game="keibot",
        options={"setup": "closed"},
        format=TournamentFormat.SWISS,
        rounds=3,
        table_size=2,
        rated=True,
        turn_clock_hours=24.0,
        max_players=max_players,
        signup_until=signup_until,
        name=name,
        creator_name=creator_name,
    )
