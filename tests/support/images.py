"""Reference-image checks shared by every game's picture tests.

`assert_matches_reference(png, path)` compares a rendered PNG pixel for pixel with the checked-in
reference at `path`. With the environment variable UPDATE_REFERENCES=1 it writes the reference
instead (and says so). On a mismatch it saves the picture it got under tests/render/_failed/
(git-ignored) and fails with a message naming both files, so they can be looked at side by side.
"""

from __future__ import annotations

import io
import os
import warnings
from pathlib import Path

from PIL import GifImagePlugin, Image, ImageChops

import render
from rules import Move, State

REFERENCE = Path(__file__).resolve().parents[1] / "render" / "reference"
"""The checked-in reference pictures."""
FAILED_DIR = Path(__file__).resolve().parents[1] / "render" / "_failed"
UPDATE_ENV = "UPDATE_REFERENCES"


class ReferenceUpdated(UserWarning):
    """A reference image was (re)written because UPDATE_REFERENCES=1."""


def updating() -> bool:
    return os.environ.get(UPDATE_ENV) == "1"


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def open_gif(data: bytes) -> GifImagePlugin.GifImageFile:
    """An animated picture, opened as the GIF it must be (its `n_frames` is a GIF's: since
    Pillow 13 an image opened from a file is typed without it)."""
    image = Image.open(io.BytesIO(data))
    assert isinstance(image, GifImagePlugin.GifImageFile), f"a {image.format} picture, not a GIF"
    return image


def gif_frames(data: bytes) -> list[tuple[Image.Image, int]]:
    """Each frame of a GIF as a viewer sees it (its images laid over the frame before), with its
    duration in ms: an image shown for `animation.SPLIT_MS` is the first part of a frame written
    as two (`render.animation._split`), so it is laid over with the next and its time added."""
    from render.animation import SPLIT_MS

    shown: list[tuple[Image.Image, int]] = []
    waited = 0
    with open_gif(data) as image:
        for index in range(image.n_frames):
            image.seek(index)
            duration = int(image.info["duration"])
            if duration == SPLIT_MS and index < image.n_frames - 1:
                waited += duration
                continue
            shown.append((image.convert("RGB"), waited + duration))
            waited = 0
    return shown


def difference(actual: Image.Image, expected: Image.Image) -> str | None:
    """None when the two pictures are the same pixel for pixel, else what differs."""
    if actual.size != expected.size:
        return f"size {actual.size} instead of {expected.size}"
    if actual.mode != expected.mode:
        return f"mode {actual.mode} instead of {expected.mode}"
    box = ImageChops.difference(actual, expected).getbbox()
    return None if box is None else f"pixels differ inside the box {box}"


def assert_matches_reference(png: bytes, reference: Path) -> None:
    """Check `png` against the reference picture at `reference` (see the module docstring)."""
    if updating():
        reference.parent.mkdir(parents=True, exist_ok=True)
        reference.write_bytes(png)
        warnings.warn(f"{UPDATE_ENV}=1: wrote the reference {reference}", ReferenceUpdated, stacklevel=2)
        print(f"wrote the reference {reference}")
        return
    actual = open_png(png)
    if not reference.exists():
        problem: str | None = "there is no reference picture yet"
    else:
        problem = difference(actual, open_png(reference.read_bytes()))
    if problem is None:
        return
    FAILED_DIR.mkdir(parents=True, exist_ok=True)
    failed = FAILED_DIR / reference.name
    failed.write_bytes(png)
    raise AssertionError(
        f"the picture does not match its reference: {problem}.\n"
        f"  reference: {reference}\n"
        f"  got:       {failed}\n"
        f"If the change is intended, run the tests again with {UPDATE_ENV}=1 and look at the new "
        f"reference before committing it."
    )


def assert_same_picture_again(
    state: State,
    last_move: Move | None,
    names: tuple[str, ...],
    *,
    between: State,
    perspectives: tuple[int, ...] = (),
) -> bytes:
    """The picture of `state` is the same bytes when drawn again after the picture of `between`
    (the caches must not matter), and from each of `perspectives` (that the game ignores)."""
    first = render.board(state, last_move=last_move, names=names)
    render.board(between)
    assert render.board(state, last_move=last_move, names=names) == first
    for seat in perspectives:
        assert render.board(state, last_move=last_move, names=names, perspective=seat) == first
    return first
