"""The SQLite store, the embedded default: one file in WAL mode, foreign keys on, schema created
and migrated at start by the numbered migrations of data/migrations/sqlite/.

Two connections over the file, each with the one thread that ever uses it (`DatabaseThread`: a
sqlite3 connection and a thread with a queue of calls; sqlite3 blocks, the event loop must not).
Every write is one `BEGIN IMMEDIATE` transaction on the writer, every read one short read on the
reader, which only ever sees committed data. Each connection has its own lock, because the
statements of two coroutines must never interleave on one connection (an open cursor of one
would pin the read snapshot of the other to an old version).

Group commit: the writes queued while the writer's thread is busy (a sync of the log takes
milliseconds) go to it in one call and commit in one transaction, with one sync of the log for
all; each caller hears back only once its own write is on disk (or that it missed its guard, or
its own error), and a write that raises is undone alone (`_commit_together`). Reads are grouped
the same way, each statement on its own. Work submitted to a thread always runs to its end, even
when its caller is cancelled meanwhile, so no transaction is left half open.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import functools
import os
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from queue import SimpleQueue
from typing import Any, Generic, TypeVar, TypeVarTuple

from .rows import StoreClosing, StoreUnavailable, now_text
from .store import Connection, Statement, Store, migrations

SYNC_MODES = ("full", "normal")
"""SQLite's `synchronous` settings a store may use: `full` (the default) syncs the write-ahead log
at every commit, so a move acknowledged survives a power cut; `normal` syncs it only at
checkpoints, faster, but the last moves before a power cut (not a crash of the bot) can be lost."""

_Result = TypeVar("_Result")
_Args = TypeVarTuple("_Args")
_Work = TypeVar("_Work")
_Outcome = TypeVar("_Outcome")


class DatabaseThread:
    """One sqlite3 connection and the one thread that ever uses it. `call(f, ...)` runs
    `f(connection, ...)` there; calls run one at a time, in the order they were made, and each
    runs to its end even when its caller was cancelled meanwhile (as a statement sent to a
    server would): a COMMIT or ROLLBACK queued behind other work is never dropped."""

    def __init__(self, connect: Callable[[], sqlite3.Connection], opened: asyncio.Future[None]) -> None:
        self._jobs: SimpleQueue[_Job | None] = SimpleQueue()
        self._thread = threading.Thread(target=self._serve, args=(connect, opened), name="tavern-sqlite")
        self._thread.daemon = True  # a store left open does not keep the process from ending
        self._db: sqlite3.Connection
        self._closed = False

    @classmethod
    async def open(cls, connect: Callable[[], sqlite3.Connection]) -> DatabaseThread:
        """The connection `connect` makes, in a thread of its own. When `connect` raises (it
        closes what it opened itself), the thread has ended; when this is cancelled, the thread
        ends once `connect` is done, closing the connection."""
        opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        database = cls(connect, opened)
        database._thread.start()
        try:
            await opened
        except BaseException:
            database._jobs.put(None)
            if not opened.cancelled():  # `connect` raised: the thread is ending by itself
                database._thread.join()
            raise
        return database

    async def call(self, work: Callable[[sqlite3.Connection, *_Args], _Result], *args: *_Args) -> _Result:
        if self._closed:  # the thread has ended or is ending: a job sent now would wait forever
            raise StoreClosing("The database is closed: the bot is stopping.")
        waiter: asyncio.Future[_Result] = asyncio.get_running_loop().create_future()
        self._jobs.put((waiter, work, args))
        return await waiter

    async def close(self) -> None:
        """Close the connection, then end the thread (it has nothing left to do)."""
        if self._closed:
            return
        try:
            await self.call(sqlite3.Connection.close)
        finally:
            self._closed = True
            self._jobs.put(None)
            self._thread.join()  # at once: the thread has only the end left to read

    def _serve(self, connect: Callable[[], sqlite3.Connection], opened: asyncio.Future[None]) -> None:
        """The thread: make the connection, then run each job sent, until told to end."""
        try:
            self._db = connect()
        except BaseException as error:
            opened.get_loop().call_soon_threadsafe(_settle, opened, None, error)
            return
        opened.get_loop().call_soon_threadsafe(_settle, opened, None, None)
        while (job := self._jobs.get()) is not None:
            waiter, work, args = job
            try:
                result = work(self._db, *args)
            except BaseException as error:
                waiter.get_loop().call_soon_threadsafe(_settle, waiter, None, error)
            else:
                waiter.get_loop().call_soon_threadsafe(_settle, waiter, result, None)
        self._db.close()  # closed already, unless the store's opening was cancelled


_Job = tuple["asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...]]
"""What a caller waits on, the function to run with the connection, and its other arguments."""


def _settle(waiter: asyncio.Future[_Result], result: _Result, error: BaseException | None) -> None:
    """On the event loop: tell the caller of a call how it ended (unless it stopped waiting)."""
    if waiter.done():
        return
    if error is None:
        waiter.set_result(result)
    else:
        waiter.set_exception(error)


class SqliteStore(Store):
    """The embedded default: one SQLite file, two connections (see the module's docstring)."""

    dialect = "sqlite"

    def __init__(self, path: Path, reader: DatabaseThread, writer: DatabaseThread, lock: int):
        self.path = path
        self._lock_file = lock
        self._closing = False
        self._read = reader
        self._write = writer
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        self._claimed: set[str] = set()
        self._writes = _Batched(writer, self._write_lock, _commit_together)
        self._reads = _Batched(reader, self._read_lock, _read_together)

    @classmethod
    async def open(cls, target: str | Path, *, synchronous: str = "full") -> SqliteStore:
        """Open (and create or migrate) the database at `target`, and check that it can be written.

        `synchronous`: one of SYNC_MODES. Raises StoreUnavailable, with every connection closed,
        when the database cannot be used."""
        if synchronous not in SYNC_MODES:
            raise ValueError(f"synchronous must be one of {', '.join(SYNC_MODES)}, not {synchronous!r}")
        path = Path(target)
        opened: list[DatabaseThread] = []
        lock: int | None = None
        try:
            _check_place(path)
            path.parent.mkdir(parents=True, exist_ok=True)
            lock = hold_lock(path, exclusive=False)
            writer = await DatabaseThread.open(functools.partial(_open_writer, path, synchronous))
            opened.append(writer)
            reader = await DatabaseThread.open(functools.partial(_connect, path, synchronous))
            opened.append(reader)
        except BaseException as error:
            await _close_all(opened)
            if lock is not None:
                os.close(lock)
            if isinstance(error, sqlite3.Error | OSError):
                raise StoreUnavailable(unavailable(path, error)) from error
            raise
        return cls(path, reader, writer, lock)

    async def close(self) -> None:
        """Refuse new work (StoreClosing), let the work in flight end, fold the write-ahead log
        into the file (no `-wal` content left behind), then close both connections."""
        if self._closing:
            return
        self._closing = True
        try:
            # Batches already queued run to their end; blocks waiting for a connection's lock
            # came before ours (asyncio's locks are first come, first served) and end first.
            await self._writes.drained()
            await self._reads.drained()
            async with self._write_lock, self._read_lock:
                await self._write.call(_checkpoint)
        finally:
            await self._read.close()
            await self._write.close()  # the last connection: SQLite removes the -wal file
            os.close(self._lock_file)  # lets `restore` replace the file

    def _refuse_when_closing(self) -> None:
        if self._closing:
            raise StoreClosing(f"The database {self.path} is closing: the bot is stopping.")

    async def after_erasure(self) -> None:
        # secure_delete (see `_connect`) zeroes what was deleted in the file's pages; the old
        # pages still in the write-ahead log go with a checkpoint that empties it.
        async with self._write_lock:
            await self._write.call(_checkpoint)

    def reading(self) -> AbstractAsyncContextManager[Connection]:
        self._refuse_when_closing()
        return _one_transaction(self._read, self._read_lock, "BEGIN")

    async def after_copy(self) -> None:
        """Nothing to do: AUTOINCREMENT follows the ids inserted."""

    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        self._refuse_when_closing()
        return _one_transaction(self._write, self._write_lock, "BEGIN IMMEDIATE")

    async def read_statement(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Sequence[Any]]:
        # Group read, as the group commit below: the statements queued while the reader's thread
        # is busy run together in one call to it (a trip to the thread costs more than a lookup),
        # each on its own, so each still sees every write committed before it was asked for.
        self._refuse_when_closing()
        return await self._reads.submit(_QueuedRead(sql, params))

    async def run_transaction(self, work: Callable[[Connection], Awaitable[_Result]]) -> _Result:
        # The whole transaction in the database thread, not one trip there per statement (each
        # trip waits for the thread and wakes the event loop), and committed with the writes
        # queued meanwhile (group commit, as `write_guarded`'s): one sync of the log for all.
        self._refuse_when_closing()
        result: _Result = await self._writes.submit(_QueuedWork(work))
        return result

    async def write_guarded(self, guard: Statement, then: Sequence[Statement]) -> bool:
        # Group commit (see the module's docstring).
        self._refuse_when_closing()
        applied: bool = await self._writes.submit(_QueuedWrite(guard, tuple(then)))
        return applied

    @asynccontextmanager
    async def claim(self, job: str) -> AsyncIterator[bool]:
        # One process per SQLite file: a claim only has to keep this process from doing a job twice.
        self._refuse_when_closing()
        if job in self._claimed:
            yield False
            return
        self._claimed.add(job)
        try:
            yield True
        finally:
            self._claimed.discard(job)


def _run_statement(db: sqlite3.Connection, statement: Statement) -> int:
    """`statement.run` on the plain sqlite3 connection, in its database thread."""
    if statement.rows is None:
        return db.execute(statement.sql, statement.params).rowcount
    if len(statement.rows) == 1:  # a move's one log entry: a plain execute costs less
        db.execute(statement.sql, statement.rows[0])
    elif statement.rows:
        db.executemany(statement.sql, statement.rows)
    return len(statement.rows)


@dataclass(frozen=True)
class _QueuedWrite:
    """`write_guarded`'s write: its outcome is whether the guard changed one row."""

    guard: Statement
    then: tuple[Statement, ...]

    def apply(self, db: sqlite3.Connection) -> bool:
        if _run_statement(db, self.guard) != 1:
            return False  # missed: nothing written, nothing to undo
        for statement in self.then:
            _run_statement(db, statement)
        return True


@dataclass(frozen=True)
class _QueuedWork:
    """`run_transaction`'s work: its outcome is what the work returns. It awaits only its
    `_ThreadConnection`'s calls, which never suspend, so its coroutine runs to its end in one
    step. It may run twice: a batch in which a write raised is run again, each write in a
    savepoint of its own (`_commit_together`)."""

    work: Callable[[Connection], Awaitable[Any]]

    def apply(self, db: sqlite3.Connection) -> Any:
        return _run_to_end(self.work(_ThreadConnection(db)))


@dataclass(frozen=True)
class _QueuedRead:
    sql: str
    params: Sequence[Any]


class _Batched(Generic[_Work, _Outcome]):
    """Work for one of the SQLite store's connections, run in its thread in batches: what is
    queued while the thread is busy goes in one call to it (a trip to the thread costs more than
    a lookup), where `run` gives each piece's outcome or its error. Each caller hears back only
    about its own piece; when the call as a whole raises, every caller of the batch hears that."""

    def __init__(
        self,
        db: DatabaseThread,
        lock: asyncio.Lock,
        run: Callable[[sqlite3.Connection, Sequence[_Work]], list[_Outcome | Exception]],
    ) -> None:
        self._db = db
        self._lock = lock
        self._run = run
        self._queued: list[tuple[_Work, asyncio.Future[_Outcome]]] = []
        self._runner: asyncio.Task[None] | None = None

    async def submit(self, work: _Work) -> _Outcome:
        outcome: asyncio.Future[_Outcome] = asyncio.get_running_loop().create_future()
        self._queued.append((work, outcome))
        if self._runner is None or self._runner.done():
            self._runner = asyncio.create_task(self._run_queued())
        return await outcome

    async def drained(self) -> None:
        """Return once every piece queued so far has run."""
        while self._runner is not None and not self._runner.done():
            await asyncio.wait([self._runner])

    async def _run_queued(self) -> None:
        while self._queued:
            batch, self._queued = self._queued, []
            try:
                async with self._lock:
                    outcomes = await self._db.call(self._run, [work for work, _ in batch])
            except BaseException as error:  # the call as a whole failed (for writes: nothing landed)
                for _, waiting in batch:
                    if not waiting.done():
                        waiting.set_exception(error)
                if not isinstance(error, Exception):
                    raise
                continue
            for (_, waiting), outcome in zip(batch, outcomes, strict=True):
                if waiting.done():  # its caller was cancelled meanwhile
                    continue
                if isinstance(outcome, BaseException):
                    waiting.set_exception(outcome)
                else:
                    waiting.set_result(outcome)


def _read_together(db: sqlite3.Connection, batch: Sequence[_QueuedRead]) -> list[list[Any] | Exception]:
    """In the SQLite store's reader thread: each statement of `batch` on its own (outside any
    transaction, so each reads the newest committed data); each one's rows, or its error."""
    outcomes: list[list[Any] | Exception] = []
    for read in batch:
        try:
            outcomes.append(db.execute(read.sql, read.params).fetchall())
        except Exception as error:
            outcomes.append(error)
    return outcomes


def _commit_together(db: sqlite3.Connection, batch: Sequence[_QueuedWrite | _QueuedWork]) -> list[Any]:
    """In the SQLite store's database thread: the writes of `batch` in one transaction, each
    one's guard missed or an error undoing it alone. Returns each write's outcome; raises, with
    nothing written, when the transaction itself fails."""
    # A missed guard writes nothing, so only a write that raises needs undoing alone: the batch
    # runs first without a savepoint per write (two statements fewer a write), and only when one
    # raises is it all rolled back and run again with each write in a savepoint of its own.
    outcomes = _write_batch(db, batch, savepoints=False)
    if outcomes is None:
        outcomes = _write_batch(db, batch, savepoints=True)
    assert outcomes is not None
    return outcomes


def _write_batch(
    db: sqlite3.Connection, batch: Sequence[_QueuedWrite | _QueuedWork], *, savepoints: bool
) -> list[Any] | None:
    """`batch` in one transaction; without `savepoints`, None (and nothing written) as soon as
    a write raises."""
    outcomes: list[Any] = []
    db.execute("BEGIN IMMEDIATE")
    try:
        for write in batch:
            if savepoints:
                db.execute("SAVEPOINT one_write")
            try:
                outcome = write.apply(db)
            except Exception as error:
                if not savepoints:
                    db.execute("ROLLBACK")
                    return None
                db.execute("ROLLBACK TO one_write")
                outcomes.append(error)
            else:
                outcomes.append(outcome)
            if savepoints:
                db.execute("RELEASE one_write")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return outcomes


class _ThreadConnection:
    """A `Connection` in the SQLite store's database thread: its calls run at once on the plain
    sqlite3 connection (they are coroutines only to keep `Connection`'s shape)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._db.execute(sql, params).rowcount

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Sequence[Any]]:
        return self._db.execute(sql, params).fetchall()

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._db.executemany(sql, rows)

    async def serialize(self, key: str) -> None:
        """Nothing to do: a write transaction holds the file's one write lock (BEGIN IMMEDIATE)."""


def _run_to_end(step: Awaitable[_Result]) -> _Result:
    """The result of a coroutine that never suspends, run in one step: the coroutine protocol's
    own `send(None)`, which runs it to its first suspension, here its end. One that does suspend
    (it awaited something besides its `_ThreadConnection`) is closed and refused."""
    assert isinstance(step, Coroutine), "a transaction's work is a coroutine function"
    try:
        step.send(None)
    except StopIteration as done:
        result: _Result = done.value
        return result
    step.close()
    raise RuntimeError("a transaction run in the database thread awaited something besides its connection")


class _SqliteConnection:
    """A `Connection` on the event loop: each call is one trip to the connection's thread."""

    def __init__(self, db: DatabaseThread) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self._db.call(_changed_rows, sql, params)

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Sequence[Any]]:
        return await self._db.call(_fetched_rows, sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._db.call(sqlite3.Connection.executemany, sql, list(rows))

    async def serialize(self, key: str) -> None:
        """Nothing to do: a write transaction holds the file's one write lock (BEGIN IMMEDIATE)."""


def _changed_rows(db: sqlite3.Connection, sql: str, params: Sequence[Any]) -> int:
    return db.execute(sql, params).rowcount


def _fetched_rows(db: sqlite3.Connection, sql: str, params: Sequence[Any]) -> list[Any]:
    return db.execute(sql, params).fetchall()


@asynccontextmanager
async def _one_transaction(db: DatabaseThread, lock: asyncio.Lock, begin: str) -> AsyncIterator[Connection]:
    """A transaction on a connection no other coroutine uses meanwhile; committed when the block
    ends, rolled back whole on any error."""
    async with lock:
        try:
            # Inside the `try`: cancelled while waiting for its BEGIN (which runs all the same),
            # the block still rolls back what it began.
            await db.call(sqlite3.Connection.execute, begin)
            yield _SqliteConnection(db)
        except BaseException:
            await db.call(_roll_back)
            raise
        await db.call(sqlite3.Connection.execute, "COMMIT")


def _roll_back(db: sqlite3.Connection) -> None:
    """Undo the open transaction, if one was begun (a BEGIN that failed began none)."""
    if db.in_transaction:
        db.execute("ROLLBACK")


def _connect(path: Path, synchronous: str) -> sqlite3.Connection:
    """A connection to the file at `path` (in the thread that will use it)."""
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so nothing commits behind our back.
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA busy_timeout = 5000")
        db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        # What is deleted is overwritten with zeros, not left readable in free space: a player's
        # name erased by /privacy forget-me must not stay in the file (see `after_erasure`).
        db.execute("PRAGMA secure_delete = ON")
    except BaseException:
        db.close()
        raise
    return db


def _open_writer(path: Path, synchronous: str) -> sqlite3.Connection:
    """The writer's connection, with the file in WAL mode, migrated, and found writable."""
    db = _connect(path, synchronous)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        _migrate(db)
        _check_writable(db)
    except BaseException:
        db.close()
        raise
    return db


def _checkpoint(db: sqlite3.Connection) -> None:
    """Copy the write-ahead log into the file and empty it (waiting for readers, up to the busy
    timeout)."""
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()


def lock_path(path: Path) -> Path:
    """The lock file beside the database at `path`: every store open on the file holds a shared
    lock on it, `restore` an exclusive one (see `hold_lock`)."""
    return path.with_name(path.name + ".lock")


def hold_lock(path: Path, *, exclusive: bool) -> int:
    """Lock the lock file of the database at `path`, without waiting; returns the open file,
    which holds the lock until it is closed (or its process ends, however it ends: the system
    lets an flock go with the last open file, so a bot killed leaves no stale lock). Shared for
    a store (several may be open on one file), exclusive for `restore`: each refuses the other.
    Raises StoreUnavailable when the other kind holds it."""
    lock = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(lock, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(lock)
        if exclusive:
            raise StoreUnavailable(
                f"The database {path} is in use: a running bot (or another tool) has it open. "
                "Stop the bot first."
            ) from None
        raise StoreUnavailable(
            f"The database {path} is being restored from a backup: start the bot once that is done."
        ) from None
    except BaseException:
        os.close(lock)
        raise
    return lock


async def _close_all(connections: Sequence[DatabaseThread]) -> None:
    for db in connections:
        with contextlib.suppress(Exception):  # after a failure: the first error is the one to report
            await db.close()


def _check_place(path: Path) -> None:
    """Refuse a path that can never hold the database file, before SQLite tries."""
    if path.is_dir():
        raise StoreUnavailable(
            f"The database {path} is a folder: set DATABASE_PATH to a file, "
            f"such as {path / 'tavern.sqlite3'}."
        )
    for parent in path.parents:
        if parent.exists() and not parent.is_dir():
            raise StoreUnavailable(
                f"The database {path} cannot be created: {parent} is a file, not a folder. "
                "Set DATABASE_PATH to a file in a folder."
            )
        if parent.exists():
            break


def _check_writable(db: sqlite3.Connection) -> None:
    """Write to the database once (an unchanged row, rewritten and committed), so a read-only
    file, folder or disk is found at start and not at the first move."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(
            "UPDATE schema_migrations SET applied_at = applied_at "
            "WHERE version = (SELECT MAX(version) FROM schema_migrations)"
        )
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def unavailable(path: Path, error: BaseException) -> str:
    """One line: what is wrong with the database at `path`, and what to do about it."""
    text = str(error) or type(error).__name__
    lowered = text.lower()
    code = getattr(error, "errno", None)
    if code == errno.ENOSPC or "disk is full" in lowered or "disk i/o error" in lowered:
        advice = "the disk (or the file size allowed) is full, or failing: free some space, then start again"
    elif "readonly" in lowered or "read-only" in lowered or code in (errno.EACCES, errno.EPERM, errno.EROFS):
        advice = (
            "it cannot be written: make the file and its folder writable by the bot's user, "
            "or set DATABASE_PATH to a writable place"
        )
    elif "not a database" in lowered or "malformed" in lowered or "corrupt" in lowered:
        advice = (
            "the file is damaged or is not a Tavern database: restore it from a backup, or move it "
            "away to start with a new one"
        )
    elif "unable to open" in lowered:
        advice = "check that the file and its folder exist and can be read and written by the bot's user"
    else:
        advice = "check the file and its folder, or set DATABASE_PATH to another file"
    return f"The database {path} cannot be used ({text}): {advice}."


def _migrate(db: sqlite3.Connection) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
        "applied_at TEXT NOT NULL)"
    )
    # Each migration not applied yet runs, in number order: one written on another branch with a
    # lower number than one already applied (branches reserve numbers) still runs when it arrives.
    applied = {int(row[0]) for row in db.execute("SELECT version FROM schema_migrations").fetchall()}
    for number, name, sql in migrations():
        if number in applied:
            continue
        # One script, one transaction: a migration lands whole or not at all.
        try:
            db.executescript(
                f"BEGIN IMMEDIATE;\n{sql}\n"
                f"INSERT INTO schema_migrations (version, name, applied_at) VALUES ({number}, '{name}', "
                f"'{now_text()}');\nCOMMIT;"
            )
        except Exception:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
