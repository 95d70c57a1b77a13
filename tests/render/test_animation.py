"""The animated GIF of a game: one frame per state, small, and the frames add up to the pictures."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from render import RENDERERS, UnknownGameError, clear_caches, draw, frame
from render.animation import (
    FIRST_MS,
    LAST_MS,
    MAX_WIDTH,
    MIN_MS,
    MOVE_MS,
    PERSPECTIVE,
    PLAY_MS,
    SPLIT_MS,
    STRIP_HEIGHT,
    _Canvas,
    _fit,
    animation,
    gif_picture,
    plain_frame,
    sampled,
    shrink,
)
from render.frame import CARD_GAP, CARD_HEIGHT, HEADER_HEIGHT, MARGIN, PANEL_COLUMNS, PanelSeat, card_width
from rules import CHANCE, GAMES, Move, State
from tests.support.images import gif_frames, open_gif

GAME = GAMES["keryo-pente"]


def random_game(plies: int, seats: int = 2, seed: int = 3) -> list[tuple[State, Move | None]]:
    """The start and every state after `plies` seeded random moves that do not end the game."""
    rng = random.Random(seed)
    state = GAME.start(seats, tournament=False)
    frames: list[tuple[State, Move | None]] = [(state, None)]
    for _ in range(plies):
        moves = list(state.legal_moves())
        for move in rng.sample(moves, len(moves)):
            after = state.play(move)
            if after.outcome() is None:
                break
        frames.append((after, move))
        state = after
    return frames


def test_one_frame_per_state_with_durations() -> None:
    frames = random_game(12)
    gif = animation(frames, ["alice", "Bob"])
    assert gif.startswith(b"GIF89a")
    assert len(gif_frames(gif)) == len(frames) == 13
    with open_gif(gif) as image:
        assert image.width == MAX_WIDTH and image.info.get("loop") == 0
    durations = [duration for _, duration in gif_frames(gif)]
    assert durations == [FIRST_MS] + [MOVE_MS] * 11 + [LAST_MS]


def test_the_frames_show_the_games_pictures_below_their_header() -> None:
    """A frame is the game's picture without its header (title and status line: the status is in
    the progress strip at the bottom), shrunk, the strip under it; the board is the picture's."""
    frames = random_game(30, seats=3)
    shown = gif_frames(animation(frames, None))
    for index in (0, 1, 17, 30):
        state, move = frames[index]
        whole = RENDERERS["keryo-pente"](state, perspective=None, last_move=move, names=None)
        picture = shrink(whole.crop((0, HEADER_HEIGHT, whole.width, whole.height)), MAX_WIDTH)
        assert shown[index][0].height == picture.height + STRIP_HEIGHT
        board = (0, 0, picture.width, picture.height - panel_height(state.seats) // 2)
        # Only the palette of 255 colours separates them: the deltas add up to the picture.
        error = ImageStat.Stat(ImageChops.difference(shown[index][0].crop(board), picture.crop(board))).mean
        assert max(error) < 2.0, (index, error)


def panel_height(seats: int) -> int:
    """The rows of the player panel of a picture of `seats` cards, with its margins."""
    rows = -(-seats // PANEL_COLUMNS)
    return 2 * MARGIN + rows * CARD_HEIGHT + (rows - 1) * CARD_GAP


@pytest.mark.parametrize(
    ("key", "seats", "options"),
    [("keryo-pente", 6, {"tournament": False}), ("verquere", 2, {}), ("keibot", 2, {})],
)
def test_the_gif_layout_is_the_picture_below_its_header_the_turn_a_tag(
    key: str, seats: int, options: dict[str, Any]
) -> None:
    """`gif_picture` is the picture drawn whole below its header, pixel for pixel, but for the
    card of the seat to move: tagged TO MOVE, not lit (the strip says whose turn it is), so that
    a turn changes two tags, not two whole cards."""
    frames = any_game(key, seats, 12, **options)
    for state, move in frames[1:]:
        whole = draw(state, perspective=PERSPECTIVE, last_move=move, names=None)
        below = whole.crop((0, HEADER_HEIGHT, whole.width, whole.height))
        replayed = gif_picture(state, move, None).image()
        assert replayed.size == below.size
        panel_top = below.height - panel_height(state.seats)
        board = (0, 0, below.width, panel_top)
        assert ImageChops.difference(below.crop(board), replayed.crop(board)).getbbox() is None
        changed = ImageChops.difference(below, replayed).getbbox()
        if state.to_move is None or state.to_move < 0:
            assert changed is None
            continue
        assert changed is not None
        row, column = divmod(state.to_move, PANEL_COLUMNS)
        width = card_width(whole.width)
        left = MARGIN + column * (width + CARD_GAP)
        top = panel_top + MARGIN + row * (CARD_HEIGHT + CARD_GAP)
        assert left <= changed[0] and changed[2] <= left + width, changed
        assert top <= changed[1] and changed[3] <= top + CARD_HEIGHT, changed


def test_a_state_repeated_still_makes_a_frame() -> None:
    start = GAME.start(2)
    assert len(gif_frames(animation([(start, None), (start, None), (start, None)]))) == 3


def test_a_long_game_stays_small_and_narrower_on_request() -> None:
    frames = random_game(120, seats=6)
    gif = animation(frames, None)
    assert len(gif) < 2_000_000
    narrow = gif_frames(animation(frames[:5], None, width=320))
    assert len(narrow) == 5 and narrow[0][0].width == 320


def test_same_game_same_bytes() -> None:
    frames = random_game(5)
    assert animation(frames, ["a", "b"]) == animation(frames, ["a", "b"])


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="starting position"):
        animation([])

    class Unknown:
        game = type("G", (), {"key": "chess"})()

    with pytest.raises(UnknownGameError, match="chess"):
        animation([(Unknown(), None)])  # type: ignore[list-item]


def any_game(
    key: str, seats: int, entries: int, seed: int = 5, **options: object
) -> list[tuple[State, Move | None]]:
    """The start and each state after an entry of a seeded random game of `key`, as
    `GameRecord.states()` gives them (chance events with None), up to `entries` entries; a move
    that would end the game is played only when every move tried would."""
    rng = random.Random(seed)
    state = GAMES[key].start(seats, **options)
    frames: list[tuple[State, Move | None]] = [(state, None)]
    while len(frames) <= entries and state.to_move is not None:
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.play(rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0])
            frames.append((state, None))
            continue
        legal = list(state.legal_moves())
        for move in rng.sample(legal, min(len(legal), 40)):
            after = state.play(move)
            if after.to_move is not None:
                break
        frames.append((after, move))
        state = after
    return frames


EVERY_GAME: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("keryo-pente", 6, {"tournament": False}),
    ("keibot", 2, {}),
    ("glass-bead", 2, {}),
    ("verquere", 2, {}),
    ("kerboge", 4, {}),
    ("kerboge", 2, {}),
)


@pytest.mark.parametrize(("key", "seats", "options"), EVERY_GAME)
def test_every_frame_is_the_plain_drawing_of_the_gif_layout_pixel_for_pixel(
    key: str, seats: int, options: dict[str, Any]
) -> None:
    """Each decoded frame is its plain, whole drawing (`plain_frame`: the game's picture drawn
    whole, seen from PERSPECTIVE, below its header, reduced to the GIF's width, and the progress
    strip with the status line under it) put in the GIF's palette, pixel for pixel: the frames
    drawn only where the picture changed add up to the whole pictures (the dice and the coin
    included: chance entries have frames of their own)."""
    frames = any_game(key, seats, 40, **options)
    gif = animation(frames, None)
    shown = gif_frames(gif)
    assert len(shown) == len(frames)
    with open_gif(gif) as image:
        colours = image.getpalette() or []
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours[: 3 * 255] + [0] * 3)
    for index in range(len(frames)):
        expected = plain_frame(frames, index).quantize(palette=palette, dither=Image.Dither.NONE)
        frame = shown[index][0]
        assert frame.size == expected.size
        assert ImageChops.difference(frame, expected.convert("RGB")).getbbox() is None, (key, index)


def test_a_long_game_plays_in_a_minute_with_held_ends() -> None:
    """A 1,279-entry game (the longest Glass Bead game is a legal input) shows every 5th state
    (the last always; an odd step, so both players' moves show), 234 ms each: the moves'
    frames last at most PLAY_MS, no frame under MIN_MS, and the first and last are held."""
    start = GAMES["glass-bead"].start(2)
    frames: list[tuple[State, Move | None]] = [(start, None)] * 1280
    shown = sampled(len(frames))
    assert shown[0] == 0 and shown[-1] == 1279 and shown[1] == 5
    durations = [duration for _, duration in gif_frames(animation(frames))]
    assert len(durations) == len(shown) == 257
    assert durations[0] == FIRST_MS and durations[-1] == LAST_MS
    assert sum(durations[1:-1]) <= PLAY_MS and min(durations[1:-1]) >= MIN_MS


@pytest.mark.parametrize("entries", [1, 2, 12, 100, 399, 400, 401, 600, 1000, 1279, 5000])
def test_the_timing_rule(entries: int) -> None:
    """Whatever the length: at most PLAY_MS of moves, never under MIN_MS a frame, the start and
    the last state shown, every state shown when MIN_MS allows it."""
    from render.animation import _timing

    shown = sampled(entries + 1)
    _, move_ms = _timing(entries)
    assert shown[0] == 0 and shown[-1] == entries and shown == sorted(set(shown))
    assert MIN_MS <= move_ms <= MOVE_MS
    assert (len(shown) - 2) * move_ms <= PLAY_MS
    if entries * MIN_MS <= PLAY_MS:
        assert len(shown) == entries + 1


@pytest.mark.parametrize(("key", "seats", "options"), EVERY_GAME)
def test_a_300_move_game_of_every_game_is_under_2_mb(key: str, seats: int, options: dict[str, Any]) -> None:
    frames = any_game(key, seats, 300, **options)
    gif = animation(frames, None)
    assert len(gif) < 2_000_000, (key, seats, len(frames), len(gif))


def test_the_same_long_game_gives_the_same_bytes() -> None:
    frames = any_game("verquere", 2, 60)
    assert animation(frames) == animation(list(frames))


def test_a_1000_move_game_in_bounded_memory() -> None:
    """The frames are written as they are drawn: a 1,000-entry game's GIF takes, beside the GIF
    itself, about what a 250-entry one does (tracemalloc sees Python's memory: the states, the
    output, the caches)."""
    import gc
    import tracemalloc

    game = any_game("keryo-pente", 2, 250, tournament=False)
    long_game = (game * 4)[:1001]
    peaks = []
    for frames in (game, long_game):
        gc.collect()
        tracemalloc.start()
        gif = animation(frames)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        peaks.append(peak - 2 * len(gif))  # the output (and its one copy at the end) aside
    assert peaks[1] < peaks[0] + 4_000_000, peaks


PAINTED_SHARE = {"keryo-pente": 0.12, "keibot": 0.13, "glass-bead": 0.16, "verquere": 0.26, "kerboge": 0.095}
"""The most of the picture a move's frame paints at full size, on average, by game (before the
boxes, whole rows were painted: 0.25 for Keryo-Pente, 0.97 for Keibot and the Glass Bead Game,
0.55 Verquere, 0.43 Kerboge; the Glass Bead board drawn whole and compared whole, 0.58; in
layers, whose changed boxes alone are drawn and compared, 0.13; Keibot's board in runs of named
strips, a box over each run, 0.22, strip by strip 0.11): what is painted is then shrunk,
quantized and compared."""


@pytest.mark.parametrize(("key", "seats", "options"), EVERY_GAME)
def test_a_move_paints_only_the_boxes_it_changed(key: str, seats: int, options: dict[str, Any]) -> None:
    """The frame of a move shrinks, quantizes and compares only the boxes of the picture that
    changed: the strips of a layered board whose names changed, narrowed to the pixels that
    differ, and in a band drawn whole again the box where it differs from the band before. (The
    frames stay the pictures pixel for pixel: `test_every_frame_is_the_picture_...`.)"""
    frames = any_game(key, seats, 40, **options)
    first = gif_picture(frames[0][0], None, None)
    canvas = _Canvas((first.width, first.height))
    canvas.update(first)
    painted = 0
    for state, move in frames[1:]:
        picture = gif_picture(state, move, None)
        boxes = canvas.update(picture)
        painted += sum((right - left) * (bottom - top) for left, top, right, bottom in boxes)
        assert canvas.image.tobytes() == _fit(picture.image(), canvas.image.size).tobytes()
    share = painted / (len(frames) - 1) / (first.width * first.height)
    assert share <= PAINTED_SHARE[key], (key, seats, share)


def test_changes_far_apart_are_written_as_two_images_in_the_frames_time() -> None:
    """A stone at the top of the board and the strip at the bottom: the frame is written as two
    images, the upper SPLIT_MS before the lower, their times adding up to the frame's, and the two
    boxes together far smaller than one over both (what the encoder pays for)."""
    start = GAME.start(2, tournament=False)
    corner = start.parse("A19")  # the top row: far above the strip
    top = start.play(corner)
    frames: list[tuple[State, Move | None]] = [(start, None), (top, corner)]
    bottom = top.parse("T1")  # the bottom row: next to the strip, and the mark leaves A19
    frames.append((top.play(bottom), bottom))
    with open_gif(animation(frames)) as image:
        images = []
        for index in range(image.n_frames):
            image.seek(index)
            images.append((image.info["duration"], image.tile[0][1]))
    durations = [duration for duration, _ in images]
    assert durations == [FIRST_MS, SPLIT_MS, MOVE_MS - SPLIT_MS, SPLIT_MS, LAST_MS - SPLIT_MS]
    (_, upper), (_, lower) = images[1], images[2]
    assert upper is not None and lower is not None
    assert upper[3] <= lower[1]  # the upper box ends where the lower begins, or above
    height = image.height
    both = sum((box[2] - box[0]) * (box[3] - box[1]) for box in (upper, lower))
    assert both < 0.5 * MAX_WIDTH * (height - upper[1]), (upper, lower)
    assert [duration for _, duration in gif_frames(animation(frames))] == [FIRST_MS, MOVE_MS, LAST_MS]


def test_a_move_draws_again_only_the_strips_and_cards_it_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the GIF's layout a board drawn in layers is one image a strip (`frame.strip_images`): a
    strip a move did not change is the very image of the picture before, which the animation
    skips; and a card's score is drawn only for a card the move changed (`frame._card`), not for
    every card of a row in which one changed."""
    pictures = [gif_picture(state, move, None) for state, move in any_game("keibot", 2, 30)]
    same = [
        sum(new is old for (new, _), (old, _) in zip(after.bands, before.bands, strict=True))
        / len(after.bands)
        for before, after in itertools.pairwise(pictures)
    ]
    assert min(same) > 0.1 and sum(same) / len(same) > 0.3, same

    drawn: list[PanelSeat] = []
    draw_score = frame._draw_score

    def counted(draw: ImageDraw.ImageDraw, seat: PanelSeat, left: int, width: int) -> None:
        drawn.append(seat)
        draw_score(draw, seat, left, width)

    monkeypatch.setattr(frame, "_draw_score", counted)
    clear_caches()
    previous: tuple[PanelSeat, ...] = ()
    for state, move in any_game("keryo-pente", 6, 30, tournament=False):
        drawn.clear()
        seats = gif_picture(state, move, None).seats
        assert set(drawn) <= set(seats) - set(previous), (drawn, seats, previous)
        previous = seats


def test_a_roll_of_the_dice_keeps_the_last_turn_marked() -> None:
    """A chance entry's frame (a Verquere roll) marks the last move a seat played, as the match
    pictures do (`host.turns.last_seat_move`): its arrows stay and the caption says that turn,
    not "No turn played yet"."""
    from render.animation import seat_moves

    frames = any_game("verquere", 2, 40)
    marked = seat_moves(frames)
    rolls = [i for i, (_, move) in enumerate(frames) if move is None and i > 0 and marked[i] is not None]
    assert rolls
    for index in rolls:
        last = next(move for _, move in reversed(frames[:index]) if move is not None)
        assert marked[index] == last
        state = frames[index][0]
        unmarked = gif_picture(state, None, None).image()
        assert ImageChops.difference(gif_picture(state, last, None).image(), unmarked).getbbox() is not None
        assert (
            plain_frame(frames, index).tobytes()
            != plain_frame([*frames[:index], (state, None)], index).tobytes()
        )
