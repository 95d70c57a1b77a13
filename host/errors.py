"""Errors the host raises; every message is fit to show to the user as it is."""

from __future__ import annotations

from collections.abc import Sequence

from rules import MoveError, OptionError


class HostError(Exception):
    """A request the host refuses; nothing was changed."""


class UnknownGame(HostError):
    pass


class MatchNotFound(HostError):
    pass


class NotInMatch(HostError):
    pass


class NotYourTurn(HostError):
    pass


class StaleTurn(HostError):
    """A button or command for a turn that has already been played."""


class LobbyClosed(HostError):
    """Joining, leaving or starting a match that is no longer a lobby."""


class LobbyFull(HostError):
    pass


class AlreadySeated(HostError):
    pass


class NotEnoughPlayers(HostError):
    pass


class NotAllowed(HostError):
    """Only the creator (or a seated player) may do this."""


class MatchOver(HostError):
    pass


class WhichMatch(HostError):
    """Several matches fit: the user must choose one (the cogs offer them by autocomplete)."""

    def __init__(self, message: str, match_ids: Sequence[int]):
        super().__init__(message)
        self.match_ids = tuple(match_ids)


USER_ERRORS: tuple[type[Exception], ...] = (HostError, MoveError, OptionError)
"""Errors whose message goes back to the user as an ephemeral reply; anything else is a bug."""
