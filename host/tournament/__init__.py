"""Tournaments' pure parts: pairing rounds (Swiss, round-robin, knockout) and standings.

Plain values in and out (entrant ids, ratings, results); nothing here knows Discord or the store.
Names of tie-breaks are English keys the cogs translate."""

from .pairing import (
    MAX_REPLAYS,
    BadTableSize,
    Bracket,
    BracketSlot,
    Entrant,
    NotEnoughEntrants,
    PairingError,
    Result,
    Table,
    UnknownEntrant,
    bracket_order,
    bye_result,
    knockout_bracket,
    knockout_round,
    knockout_round_number,
    knockout_winner,
    round_robin,
    score_from_places,
    seed_order,
    swiss_round,
    table_sizes,
)
from .standings import TIEBREAK_NAMES, StandingLine, standings

__all__ = [
    "MAX_REPLAYS",
    "TIEBREAK_NAMES",
    "BadTableSize",
    "Bracket",
    "BracketSlot",
    "Entrant",
    "NotEnoughEntrants",
    "PairingError",
    "Result",
    "StandingLine",
    "Table",
    "UnknownEntrant",
    "bracket_order",
    "bye_result",
    "knockout_bracket",
    "knockout_round",
    "knockout_round_number",
    "knockout_winner",
    "round_robin",
    "score_from_places",
    "seed_order",
    "standings",
    "swiss_round",
    "table_sizes",
]
