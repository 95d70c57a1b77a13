"""The transcript scenarios: one seeded game of each variant, played through the in-process
Discord harness as the players would (tests/cogs/test_transcripts.py compares what the bot says
with the checked-in transcripts; tests/cogs/test_pseudo_transcripts.py plays the same scenarios
in the pseudo-locale)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from host import Host, MatchSnapshot, MatchStatus
from tests.support.discord_harness import ALICE, BOB, CAROL, public_messages, sent_message
from tests.support.fake_discord import Driver, Request, User
from tests.support.transcripts import Transcript

DAVE = User(1004, "Dave")
PEOPLE = {user.id: user for user in (ALICE, BOB, CAROL, DAVE)}


CLICKED = {"Join": ":join:"}
"""The buttons the scenarios click by their English label, and the action in each one's custom_id
(in another language, or the pseudo-locale, the label is translated)."""


class Scenario:
    """Drives the harness as the players would, writing down everything the bot says."""

    def __init__(self, driver: Driver, host: Host, game: str) -> None:
        self.driver, self.host, self.game = driver, host, game
        self.transcript = Transcript()
        self.board: dict[str, Any] | None = None
        """The latest public match message (what a click is made on)."""
        self.rng = random.Random(f"transcript/{game}")

    def _keep(self, requests: list[Request]) -> list[Request]:
        self.transcript.record(requests)
        boards = [r for r in public_messages(requests) if r.embeds]
        if boards:
            self.board = sent_message(boards[-1])
        return requests

    async def command(self, user: User, name: str, **options: Any) -> list[Request]:
        shown = " ".join(
            f"{key}:{value.name if isinstance(value, User) else value}" for key, value in options.items()
        )
        self.transcript.step(f"{user.name}: /{self.game} {name} {shown}".rstrip())
        return self._keep(await self.driver.command(user, f"{self.game} {name}", **options))

    async def autocomplete(self, user: User, typed: str) -> None:
        self.transcript.step(f"{user.name} types `{typed}` in /{self.game} move")
        choices = await self.driver.autocomplete(user, f"{self.game} move", "move", move=typed)
        self.transcript.lines.append(
            "  autocomplete: " + (", ".join(c["name"] for c in choices) or "(nothing)")
        )

    async def click(self, user: User, label: str, *, values: Sequence[str] = ()) -> list[Request]:
        """A click on the button labelled `label` (or the menu whose placeholder starts so), or,
        in any language, on the button of the action an English label names (`CLICKED`)."""
        assert self.board is not None
        action = CLICKED.get(label)
        for row in self.board.get("components", []):
            for component in row["components"]:
                text = component.get("label") or component.get("placeholder") or ""
                if text.startswith(label) or (
                    action is not None and action in component.get("custom_id", "")
                ):
                    chosen = f" → {', '.join(values)}" if values else ""
                    self.transcript.step(f"{user.name} clicks «{text}»{chosen}")
                    message = self.board
                    return self._keep(
                        await self.driver.click(user, message, component["custom_id"], values=values)
                    )
        raise AssertionError(f"no component {label!r} on the match message")

    async def snapshot(self) -> MatchSnapshot:
        (listing,) = await self.host.matches_in_channel(*self.place(), statuses=tuple(MatchStatus))
        return await self.host.get(listing.id)

    def place(self) -> tuple[int, int]:
        from tests.support.fake_discord import CHANNEL_ID, GUILD_ID

        return GUILD_ID, CHANNEL_ID

    async def mover(self) -> User | None:
        snapshot = await self.snapshot()
        seat = snapshot.seat_to_move
        if snapshot.is_over or seat is None or seat.user_id is None or seat.resigned:
            return None
        return PEOPLE[seat.user_id]

    async def play(self, choose: Callable[[MatchSnapshot], str]) -> bool:
        """The person to move plays `choose(snapshot)` by command; False when nobody can."""
        user = await self.mover()
        if user is None:
            return False
        await self.command(user, "move", move=choose(await self.snapshot()))
        return True

    def random_move(self, snapshot: MatchSnapshot) -> str:
        assert snapshot.state is not None
        moves = snapshot.state.legal_moves()
        return str(moves[self.rng.randrange(len(moves))])

    async def random_moves(self, count: int) -> None:
        for _ in range(count):
            if not await self.play(self.random_move):
                return

    async def resign(self, user: User) -> None:
        """`/resign`, then a click on the private confirmation."""
        asked = await self.command(user, "resign")
        (confirm,) = [r for r in asked if any(":resign-yes:" in c for c in r.custom_ids())]
        message = confirm.answer if isinstance(confirm.answer, dict) and confirm.answer else confirm.message
        assert message is not None
        (custom_id,) = [c for c in confirm.custom_ids() if ":resign-yes:" in c]
        self.transcript.step(f"{user.name} clicks «Yes, resign»")
        self._keep(await self.driver.click(user, message, custom_id))


async def open_match(scene: Scenario, people: Sequence[User], **options: Any) -> None:
    await scene.command(people[0], "new", **options)
    for player in people[1:]:
        await scene.click(player, "Join")


KERYO_PENTE_CAPTURE_AND_FIVE = [
    "K10", "L10", "H1", "M10", "N10",  # N10 closes L10 M10 between the mover's stones: a capture
    "A19", "K11", "B19", "K12", "C19", "K13", "D19", "K14",  # five in a row, K10-K14
]  # fmt: skip


async def keryo_pente(scene: Scenario) -> None:
    await open_match(scene, [ALICE, BOB], seats=2, tournament=False)
    script = iter(KERYO_PENTE_CAPTURE_AND_FIVE)
    await scene.autocomplete(ALICE, "k1")
    for _ in range(6):
        await scene.play(lambda _: next(script))
    first = await scene.mover()
    assert first is not None
    await scene.command(first, "draw")
    other = BOB if first is ALICE else ALICE
    await scene.command(other, "draw", decline=True)
    while await scene.play(lambda _: next(script)):
        pass
    await scene.command(ALICE, "board")


async def keryo_pente_three(scene: Scenario) -> None:
    await open_match(scene, [ALICE, BOB, CAROL], seats=3, tournament=False)
    await scene.random_moves(6)
    await scene.resign(BOB)
    await scene.random_moves(4)
    await scene.resign(CAROL)


async def two_people_then_resign(scene: Scenario, **options: Any) -> None:
    await open_match(scene, [ALICE, BOB], **options)
    await scene.random_moves(6)
    mover = await scene.mover()
    if mover is not None:
        await scene.command(mover, "draw")
        await scene.command(BOB if mover is ALICE else ALICE, "draw", decline=True)
    await scene.random_moves(6)
    await scene.resign(ALICE)


async def keibot(scene: Scenario) -> None:
    await two_people_then_resign(scene, setup="split")


async def glass_bead(scene: Scenario) -> None:
    await two_people_then_resign(scene)


async def verquere(scene: Scenario) -> None:
    await two_people_then_resign(scene, five_blots=True)


async def kerboge(scene: Scenario) -> None:
    await open_match(scene, [ALICE, BOB, CAROL, DAVE], players=4)
    await scene.random_moves(14)
    # The people who are not to move resign first, then the one to move: a resigned seat is
    # played by a computer at the normal level, which thinks against the clock (not seeded).
    mover = await scene.mover()
    assert mover is not None
    for person in [p for p in (ALICE, BOB, CAROL, DAVE) if p is not mover] + [mover]:
        await scene.resign(person)


async def jai_kerboge(scene: Scenario) -> None:
    await open_match(scene, [ALICE, BOB], players=2)
    await scene.random_moves(8)
    mover = await scene.mover()
    assert mover is not None
    await scene.command(mover, "draw")
    await scene.command(BOB if mover is ALICE else ALICE, "draw")  # accepted: the end


async def against_the_computer(scene: Scenario) -> None:
    await scene.command(ALICE, "new", opponent="computer", level="easy")
    await scene.random_moves(3)
    await scene.resign(ALICE)


VARIANTS: dict[str, tuple[str, Callable[[Scenario], Any]]] = {
    "keryo-pente": ("keryo-pente", keryo_pente),
    "keryo-pente-3": ("keryo-pente", keryo_pente_three),
    "keibot": ("keibot", keibot),
    "glass-bead": ("glass-bead", glass_bead),
    "verquere": ("verquere", verquere),
    "kerboge": ("kerboge", kerboge),
    "jai-kerboge": ("kerboge", jai_kerboge),
    "keibot-computer": ("keibot", against_the_computer),
}
