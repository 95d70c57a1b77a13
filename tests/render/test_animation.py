"""The animated GIF of a game: one frame per state, small, and the frames add up to the pictures."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageStat

from render import RENDERERS, UnknownGameError
from render.animation import FIRST_MS, LAST_MS, MAX_WIDTH, MOVE_MS, animation, shrink
from rules import GAMES, Move, State
from tests.support.images import open_gif

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


def frames_of(gif: bytes) -> list[tuple[Image.Image, int]]:
    """Each frame as a viewer shows it (the changed box laid over the previous frame), with its
    duration in ms."""
    shown = []
    with open_gif(gif) as image:
        for index in range(image.n_frames):
            image.seek(index)
            shown.append((image.convert("RGB"), int(image.info["duration"])))
    return shown


def test_one_frame_per_state_with_durations() -> None:
    frames = random_game(12)
    gif = animation(frames, ["alice", "Bob"])
    assert gif.startswith(b"GIF89a")
    with open_gif(gif) as image:
        assert image.n_frames == len(frames) == 13
        assert image.width == MAX_WIDTH and image.info.get("loop") == 0
    durations = [duration for _, duration in frames_of(gif)]
    assert durations == [FIRST_MS] + [MOVE_MS] * 11 + [LAST_MS]


def test_the_frames_show_the_games_pictures() -> None:
    frames = random_game(30, seats=3)
    shown = frames_of(animation(frames, None))
    for index in (0, 1, 17, 30):
        state, move = frames[index]
        picture = shrink(
            RENDERERS["keryo-pente"](state, perspective=None, last_move=move, names=None), MAX_WIDTH
        )
        frame = shown[index][0].crop((0, 0, picture.width, picture.height))
        # Only the palette of 255 colours separates them: the deltas add up to the picture.
        error = ImageStat.Stat(ImageChops.difference(frame, picture)).mean
        assert max(error) < 2.0, (index, error)


def test_a_state_repeated_still_makes_a_frame() -> None:
    start = GAME.start(2)
    with open_gif(animation([(start, None), (start, None), (start, None)])) as image:
        assert image.n_frames == 3


def test_a_long_game_stays_small_and_narrower_on_request() -> None:
    frames = random_game(120, seats=6)
    gif = animation(frames, None)
    assert len(gif) < 2_000_000
    with open_gif(animation(frames[:5], None, width=320)) as narrow:
        assert narrow.width == 320 and narrow.n_frames == 5


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
