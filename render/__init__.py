"""Pillow pictures of a game state: a state in, PNG bytes out (`board`). No Discord, no storage.

`board(state, ...)` finds the game's renderer in `RENDERERS` by `state.game.key`. A renderer
draws the whole picture, normally by drawing its board and handing it to `render.frame.compose`
with the player panel and the status line, which makes it a `frame.Picture` (bands of rows);
`board` encodes the bands as PNG without putting them together, `draw` puts them together as an
RGB image. Everything the pictures cache (see `clear_caches`) is bounded and changes no pixel.
Adding a game: a module `render/<game>.py` with a `render = frame.renderer(...)`, and one line below;
and its position in words in `render/alt_text.py`. `describe(state, ...)` is the picture's alt text.

The modules, each importing only those before it: `png` (the PNG writer), `palette` (colours),
`typeset` (fonts and text), `stencil` (arrows and other smooth shapes), `layers` (boards drawn in
layers, the DRAWING lock), `frame` (layout, stones, status line, panel, `compose`, `renderer`),
then one module per game, `alt_text`, `animation`, `leaderboard` and `standings` (a
tournament's standings and knockout bracket, with their alt texts). Importing any of them changes
nothing of the process; the entry point calls `keep_freed_memory` (how the C library keeps freed
memory, which the pictures' speed was measured with), and `release_freed_memory` once a burst of
pictures is over (`pictures_drawn` stopped growing).

Pillow internals. The pictures use these parts of Pillow that are not its public API, each to skip
work in Python that costs as much as the drawing itself (a sprite's paste, a word's mask, an
arrow's joints) or to keep objects out of the garbage collector's sight. Pillow is pinned
(pyproject.toml), and `tests/render/test_pillow_internals.py` calls each as the code does and
fails naming it if Pillow changes it:
- `Image.im`, the core image behind an `Image`, and its methods `paste(image or colour, box[,
  mask])`, `crop(box)`, `getbbox()`, `getcolors(1)`, `reduce((s, s), box)`, `point(lut, mode)`,
  `chop_difference(image)`, `size`, `mode` (`layers.paste_sprite`, `paste_copy`,
  `LayeredBoard.draw`, `stencil.Stencil`, `reduced_stencil`, `mask_canvas`, `typeset`,
  `animation._changed`, `animation._Canvas._boxes`, the Glass Bead board's sprites): the paste,
  crop and comparison in C without `Image`'s checks in Python; a lookup table without
  `Image.point`'s rounding; a stencil's pieces as core images, which the collector never visits.
- `ImageDraw.ImageDraw.im` and `.draw`, the core image and the core drawer under an `ImageDraw`,
  and the drawer's `draw_bitmap(xy, mask, ink)`, `draw_lines(points, ink, width)`,
  `draw_pieslice(box, start, end, ink, 1)`, `draw_ellipse(box, ink, 1)` and
  `draw_polygon(points, ink, 1)` (`typeset._paint_mask`, `stencil.curve_line`, the arrows of
  `kerboge` and `verquere`): what `ImageDraw.text`, `line`, `ellipse` and `polygon` call, without
  their work in Python at every call.
- `ImageDraw.ImageDraw._getink(fill)`, the ink the core drawer takes for a colour in the image's
  mode (`typeset.text`, the arrows of `kerboge` and `verquere`).
- `PIL.Image.core.fill(mode, size, colour)` and `PIL.Image.core.draw(image, 0)`: a core image and
  a drawer on it without an `Image` (`typeset`: words put together from glyphs, painted tiles).
- `PIL.Image.core.raw_encoder("RGB", "RGB")` and its `setimage(image, box)` and `encode(size)`
  (`png._strips`): an image's rows a strip at a time, never the whole band's bytes at once. The
  box is always given: Pillow 13 requires it (12 took the whole image when it was left out).
- `Image.Image()._new(core)`, a core image as an `Image` (`stencil.Stencil.images`, to look at).
- The core image `FreeTypeFont.getmask2` returns (public) is used with the core methods above.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

from rules import CHANCE, GAMES, Move, State
from rules.text import ENGLISH, Words

from . import frame, glass_bead, keibot, kerboge, keryo_pente, layers, palette, png, typeset, verquere
from .alt_text import describe
from .frame import Renderer
from .png import keep_freed_memory

RENDERERS: dict[str, Renderer] = {
    "keryo-pente": keryo_pente.render,
    "keibot": keibot.render,
    "glass-bead": glass_bead.render,
    "verquere": verquere.render,
    "kerboge": kerboge.render,
}
"""The renderer of each game, by game key."""


DRAWING = layers.DRAWING
"""Held while a picture is drawn (see `draw`); the PNG writer guards its own cache."""


_pictures = 0
"""Pictures drawn by `draw` and `board` since the start (counted under DRAWING)."""


def pictures_drawn() -> int:
    """How many pictures `draw` and `board` have drawn since the start: what tells the entry
    point that a burst of pictures is over (`release_freed_memory`)."""
    return _pictures


class UnknownGameError(LookupError):
    """`board` was given a state of a game that has no renderer."""


def draw(
    state: State,
    *,
    perspective: int | None = None,
    last_move: Move | None = None,
    names: Sequence[str] | None = None,
    words: Words = ENGLISH,
) -> Image.Image:
    """The picture of `state` as an RGB image (what `board` encodes; the animation uses it too)."""
    renderer = _renderer(state)
    # One picture at a time: the cogs render in worker threads, and Pillow's font objects and our
    # sprite caches are not made for several threads at once. A picture takes a few ms.
    global _pictures
    with DRAWING:
        _pictures += 1
        return renderer(state, perspective=perspective, last_move=last_move, names=names, words=words)


def _picture(
    state: State,
    *,
    perspective: int | None,
    last_move: Move | None,
    names: Sequence[str] | None,
    words: Words,
) -> frame.Picture:
    global _pictures
    with DRAWING:
        _pictures += 1
        return _renderer(state).picture(
            state, perspective=perspective, last_move=last_move, names=names, words=words
        )


def _renderer(state: State) -> Renderer:
    key = getattr(getattr(state, "game", None), "key", None)
    renderer = RENDERERS.get(key) if isinstance(key, str) else None
    if renderer is None:
        known = ", ".join(sorted(RENDERERS))
        raise UnknownGameError(f"no picture for the game {key!r} (pictures exist for: {known})")
    return renderer


def board(
    state: State,
    *,
    perspective: int | None = None,
    last_move: Move | None = None,
    names: Sequence[str] | None = None,
    words: Words = ENGLISH,
) -> bytes:
    """A PNG picture of `state`. Pure: the same arguments always give the same bytes.

    `perspective` is the seat looking at the board (games that turn the board use it),
    `last_move` the move that led to this state (it is marked), `names` the players' display
    names by seat (default: the seat names, e.g. "Red"), `words` the language of its text (the
    server's, `host.language`; English by default).
    """
    picture = _picture(state, perspective=perspective, last_move=last_move, names=names, words=words)
    return png.encode_bands(picture.width, picture.bands, palette.BACKGROUND, frozen=True)


WARM_UP_MOVES = 300
"""Moves of seeded random games whose pictures' parts `warm_up` makes, for each game it warms."""
WARMED: tuple[tuple[str, int, Callable[[Any, Move | None, Words], None]], ...] = (
    ("verquere", 2, verquere.warm_up),
    ("kerboge", 4, kerboge.warm_up),
    ("kerboge", 2, kerboge.warm_up),
)
"""(game key, seats, what makes the parts of a move's picture) for each game `warm_up` warms."""


def warm_up(moves: int = WARM_UP_MOVES, seed: int = 0, words: Words = ENGLISH) -> None:
    """Make what the pictures of a bot that has been running have made long since: the arrows of
    Verquere's and Kerboge's moves, and the words of Verquere's banners. An arrow's shape follows
    from where a move leaves and lands, so a few hundred shapes make nearly all a game draws, but
    the first games after a start meet them for the first time, about 1 ms each, up to 4 ms a
    move; a banner's words, the first time, 3-5 ms. `bot.py` calls this once at start (about
    0.6 s of CPU, beside the start): the parts of the pictures of `moves` moves of seeded
    random games of each, with their words in `words`' language (a server's chosen language is
    warmed too, once the bot knows it). The pictures never depend on it (only their speed does)."""
    rng = random.Random(seed)
    for key, seats, warm in WARMED:
        game = GAMES[key]
        state = game.start(seats)
        for _ in range(moves):
            if state.to_move is None:
                state = game.start(seats)
            while state.to_move == CHANCE:
                state = _rolled(state, rng)
            if state.to_move is None:
                continue
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]
            state = state.play(move)
            while state.to_move == CHANCE:  # the host rolls before the picture is drawn
                state = _rolled(state, rng)
            with DRAWING:
                warm(state, move, words)


def _rolled(state: State, rng: random.Random) -> State:
    """`state` after a chance event drawn with its probabilities, as the host draws it."""
    outcomes = state.chance_outcomes()
    return state.play(rng.choices([move for move, _ in outcomes], [float(p) for _, p in outcomes])[0])


def release_freed_memory() -> bool:
    """Once a burst of pictures is over (the entry point's `MemoryRelease`, tavern/run.py): forget
    the scratch canvases boards are drawn on (about 16 MB; made again at the next picture) and
    give the memory the C library keeps back to the system (`png.trim_freed_memory`); whether
    the C library was asked. The first picture after it takes about 0.5 ms more (its pages are
    faulted in again). The pictures never depend on it."""
    layers.clear_scratch()
    return png.trim_freed_memory()


def clear_caches() -> None:
    """Forget everything the pictures cache: sprites, empty boards, cards, text, arrows (and the
    mask they are drawn on) and the PNG writer's strips. The pictures never depend on it (tests
    check so); it frees their memory."""
    with DRAWING:
        for name, module in list(sys.modules.items()):
            if name == __name__ or name.startswith(__name__ + "."):
                for value in list(vars(module).values()):
                    clear = getattr(value, "cache_clear", None)
                    if callable(clear):
                        clear()
        typeset.clear_text_cache()
        layers.clear_scratch()
        png.clear_cache()


__all__ = [
    "DRAWING",
    "RENDERERS",
    "Renderer",
    "UnknownGameError",
    "board",
    "clear_caches",
    "describe",
    "draw",
    "keep_freed_memory",
    "pictures_drawn",
    "release_freed_memory",
]
