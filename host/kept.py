"""The matches this process keeps in memory as it last read or wrote them (`KeptMatches`), so that
a match read again at the same version is not decoded again, and a move on a store no other
process writes is checked without reading the match at all."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from data import MatchRow
from rules import Game, State

from .errors import MatchRef

STATE_CACHE = 4096
"""How many matches are kept (the most recently used), and how many unversioned changes are
remembered (`KeptMatches.touch`) before all of them are forgotten at once."""


@dataclass(frozen=True)
class Loaded:
    """A match as stored, with its game and its state (None for a lobby)."""

    row: MatchRow
    game: Game
    state: State | None
    clock: int = 0
    """The kept matches' clock (`KeptMatches.clock`) when the row was read, or kept: an
    unversioned change after it may be missing from the row."""

    @property
    def title(self) -> str:
        return f"{self.game.title} #{self.row.id}"

    @property
    def ref(self) -> MatchRef:
        return MatchRef(self.row.id, self.game.key, self.game.title)


class KeptMatches:
    """Each match as this process last read or wrote it (a `Loaded`: row, game and state).

    - Keyed by match id, least recently kept first, at most `limit` of them (the oldest is
      dropped). The unversioned changes remembered (`touch`) are bounded by `limit` too: past it
      they are all forgotten at once, as if every match and name had been changed.
    - Its state is trusted on every store whenever the stored version is the one kept: a
      version names one position for good (every change of the log or the state makes a new one,
      in any process), so `MatchReader._load` asks the store for the row without its state when
      it holds the state of that version (`state_version`), and takes the one kept.
    - The whole match is trusted in place of reading it (`trusted`) only on a store no other
      process writes (SQLite; never PostgreSQL, where other bot processes write the same rows),
      and only while no unversioned change (its message, its thread, a player's name) was made
      since it was kept: this process's changes of that kind go through `touch` or `follow`, which
      update or drop it. Its version still guards any write based on it: a write that finds
      another version (another process on the same SQLite file, which the premise rules out but
      nothing prevents) raises VersionConflict, drops it, and the caller reads the match.
      Under PostgreSQL every action reads the row, and only a state of the version read is taken
      from here: what other processes change, versioned or not, is seen at once.
    - Who updates it: every read (`MatchReader._load`) and every write (`Host._commit`) keeps
      what it read or wrote (`keep`), unless an unversioned change overlapped it or a newer
      version is kept already. Who drops it: a match not found, a version conflict, a move
      refused on it (so that a player refused on a view some other process made stale is not
      refused again from it), a change of its thread, `forget_all` (players erased or renamed,
      a server's matches deleted), and the size bound.
    """

    def __init__(self, *, shared: bool, limit: int = STATE_CACHE) -> None:
        self.shared = shared
        """Other processes write the store (PostgreSQL): no match is trusted unread."""
        self.limit = limit
        self._matches: OrderedDict[int, Loaded] = OrderedDict()
        self._clock = 0
        """Counts the unversioned changes (`touch`), so that a read or write that overlapped one
        does not keep a row from before it."""
        self._touched: dict[tuple[str, int], int] = {}
        """The clock at the last unversioned change of each match ("match", id) and of each
        player's name ("user", id); those older than `_floor` are forgotten."""
        self._floor = 0

    @property
    def clock(self) -> int:
        """Now, for a read that begins: the read is kept only if nothing is touched meanwhile."""
        return self._clock

    def state_version(self, match_id: int) -> tuple[int, State] | None:
        """The version and state kept for the match (whatever else changed since), if any."""
        kept = self._matches.get(match_id)
        if kept is None or kept.state is None:
            return None
        return kept.row.version, kept.state

    def trusted(self, match_id: int) -> Loaded | None:
        """The match as this process last read or wrote it, when that is the stored match but
        for changes made since by another process, which only a shared store has; its version
        guards any write based on it. None when not kept, or when the store is shared."""
        kept = None if self.shared else self._matches.get(match_id)
        if kept is None or not self._touched_after(kept.row, kept.clock):
            return kept
        del self._matches[match_id]  # a player's name changed since (`touch`): read it again
        return None

    def keep(self, loaded: Loaded) -> None:
        """Keep `loaded` (read or written while the clock stood at `loaded.clock`) as the match
        is, but when an unversioned change overlapped it, or a newer version is kept already."""
        match_id = loaded.row.id
        if self._touched_after(loaded.row, loaded.clock):
            self._matches.pop(match_id, None)
            return
        old = self._matches.get(match_id)
        if old is not None and old.row.version > loaded.row.version:
            return  # a read that began before a write ended after it
        self._matches[match_id] = Loaded(loaded.row, loaded.game, loaded.state, self._clock)
        self._matches.move_to_end(match_id)
        while len(self._matches) > self.limit:
            self._matches.popitem(last=False)

    def drop(self, match_id: int) -> None:
        self._matches.pop(match_id, None)

    def touch(self, *, user_ids: Sequence[int] = (), written: int | None = None) -> None:
        """These players' names were stored anew (with a seat): a read or write that overlapped
        it keeps nothing (`keep`), and a match kept from before it is read again (`trusted`).
        `written`: the match whose change stored them, kept (just now) as it is."""
        self._tick(user_ids=user_ids)
        if written is not None:
            self._restamp(written)

    def follow(self, match_id: int, edit: Callable[[MatchRow], MatchRow] | None = None) -> None:
        """This process stored an unversioned change of the match (its message, its thread): a
        read or write that overlapped it keeps nothing. The match kept follows it with `edit`
        when it was as stored until now, and is dropped otherwise (or without `edit`)."""
        kept = self._matches.get(match_id)
        current = kept is not None and not self._touched_after(kept.row, kept.clock)
        self._tick(match_id=match_id)
        if kept is not None and current and edit is not None:
            self._matches[match_id] = Loaded(edit(kept.row), kept.game, kept.state, self._clock)
        else:
            self._matches.pop(match_id, None)

    def forget_all(self) -> None:
        """Drop every kept match (players were erased or renamed, or matches deleted)."""
        self._clock += 1
        self._touched.clear()
        self._floor = self._clock
        self._matches.clear()

    def _tick(self, *, match_id: int | None = None, user_ids: Sequence[int] = ()) -> None:
        self._clock += 1
        if len(self._touched) > self.limit:  # forgotten: as if everything had been touched
            self._touched.clear()
            self._floor = self._clock
        if match_id is not None:
            self._touched[("match", match_id)] = self._clock
        for user_id in user_ids:
            self._touched[("user", user_id)] = self._clock

    def _restamp(self, match_id: int) -> None:
        """The match kept is as stored now (the change that touched it just wrote it)."""
        kept = self._matches.get(match_id)
        if kept is not None:
            self._matches[match_id] = Loaded(kept.row, kept.game, kept.state, self._clock)

    def _touched_after(self, row: MatchRow, since: int) -> bool:
        """Whether an unversioned change of the match or of one of its players' names was
        stored after the clock stood at `since`."""
        if since == self._clock:
            return False  # nothing was touched since
        floor = self._floor
        if self._touched.get(("match", row.id), floor) > since:
            return True
        return any(self._touched.get(("user", s.user_id), floor) > since for s in row.seats if s.user_id)
