"""The pictures' caches change nothing but speed: a picture drawn after others is the same bytes as
one drawn with every cache empty, the cached pieces (text masks, stencils, cards) draw the same
pixels as Pillow drawing them directly, and no cache grows past its bound."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

import render
from render import frame, glass_bead, keibot, kerboge, layers, png, stencil, typeset, verquere
from rules import CHANCE, GAMES, Move, State
from rules.glass_bead import GlassBeadState, Sowing
from rules.keibot import KeibotState, KnightMove
from rules.kerboge import KerbogeState
from rules.text import ENGLISH
from rules.verquere import VerquereState
from tests.support.glass_bead import position as glass_bead_position
from tests.support.images import open_png
from tests.support.verquere import position as verquere_position

VARIANTS: tuple[tuple[str, int], ...] = (
    ("keryo-pente", 2),
    ("keryo-pente", 5),
    ("keibot", 2),
    ("glass-bead", 2),
    ("verquere", 2),
    ("kerboge", 4),
    ("kerboge", 2),
)
NAMES = ("alice", "Bob", "carol", "dave", "eve", "frank")


def positions(key: str, seats: int, count: int, seed: int = 3) -> list[tuple[State, Move | None]]:
    """(state, the seat's move that led to it) after each of the first `count` seats' moves of a
    seeded random game (a new game when one ends), chance drawn as the host draws it."""
    rng = random.Random(seed)
    game = GAMES[key]
    state, last = game.start(seats), None
    out: list[tuple[State, Move | None]] = []
    while len(out) < count:
        if state.to_move is None:
            state, last = game.start(seats), None
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.play(rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            legal = state.legal_moves()
            last = legal[rng.randrange(len(legal))]
            state = state.play(last)
        if state.to_move != CHANCE:
            out.append((state, last))
    return out


@pytest.mark.parametrize(("key", "seats"), VARIANTS)
def test_pictures_do_not_depend_on_what_was_drawn_before(key: str, seats: int) -> None:
    chosen = positions(key, seats, 13)[4::4]  # three positions a few moves apart: A, B, C

    def picture(index: int) -> bytes:
        state, last = chosen[index]
        return render.board(state, last_move=last, names=NAMES[:seats])

    fresh = []
    for index in range(len(chosen)):
        render.clear_caches()
        fresh.append(picture(index))
    render.clear_caches()
    order = [0, 1, 0, 2, 1, 0, 2, 2]
    assert [picture(index) for index in order] == [fresh[index] for index in order]


@pytest.mark.parametrize("anchor", ["ls", "mm", "lm", "rs", "md", "la"])
@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_cached_text_draws_what_pillow_draws(anchor: str, mode: str) -> None:
    rng = random.Random(anchor + mode)
    texts = ["alice (White) to move · roll 5-3", "Ту́ре ✕ 12", "HIT ×2", "a", "", "×7", "ff Te AV"]
    for words in texts * 3:
        face = typeset.font(rng.choice([18, 20, 30]), bold=rng.random() < 0.5)
        xy = (rng.uniform(-10, 300), rng.uniform(-5, 60))
        fill = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        expected = Image.new(mode, (320, 70), (30, 60, 90))
        ImageDraw.Draw(expected).text(xy, words, font=face, fill=fill, anchor=anchor)
        for _ in range(2):  # drawn, then from the cache
            got = Image.new(mode, (320, 70), (30, 60, 90))
            typeset.text(ImageDraw.Draw(got), xy, words, font=face, fill=fill, anchor=anchor)
            assert got.tobytes() == expected.tobytes(), (words, xy, anchor)


def test_the_text_cache_never_grows_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(typeset, "TEXT_CACHE_BYTES", 30_000)
    typeset.clear_text_cache()
    draw = ImageDraw.Draw(Image.new("RGB", (400, 40)))
    most = 0
    for n in range(200):
        typeset.text(
            draw, (5, 30), f"move {n} of many", font=typeset.font(20), fill=(255, 255, 255), anchor="ls"
        )
        most = max(most, typeset.text_cache_size()[1])
    assert 0 < most <= 30_000 and typeset.text_cache_size()[0] < 200
    typeset.clear_text_cache()
    assert typeset.text_cache_size() == (0, 0)


def test_a_stencil_paints_what_its_mask_pastes() -> None:
    rng = random.Random(5)
    for _ in range(20):
        width, height = rng.randrange(1, 90), rng.randrange(1, 120)
        mask = Image.new("L", (width, height), 0)
        draw = ImageDraw.Draw(mask)
        for _ in range(rng.randrange(0, 4)):
            x, y = rng.randrange(-20, width), rng.randrange(-20, height)
            box = (x, y, x + rng.randrange(1, 40), y + rng.randrange(1, 40))
            draw.ellipse(box, fill=rng.randrange(1, 256))
        background = Image.effect_noise((130, 160), 60).convert("RGB")
        left, top = rng.randrange(0, 40), rng.randrange(0, 40)
        expected = background.copy()
        expected.paste((250, 120, 0), (left, top, left + width, top + height), mask)
        got = background.copy()
        stencil.stencil(mask, left, top).paint(got, (250, 120, 0))
        assert ImageChops.difference(got, expected).getbbox() is None


def test_warming_up_makes_arrows_and_changes_no_picture() -> None:
    warmed = [("verquere", 2), ("kerboge", 4), ("kerboge", 2)]
    chosen = [(state, last) for key, seats in warmed for state, last in positions(key, seats, 6, seed=4)]

    def pictures() -> list[bytes]:
        return [render.board(state, last_move=last, names=NAMES[: state.seats]) for state, last in chosen]

    render.clear_caches()
    cold = pictures()
    render.clear_caches()
    render.warm_up(moves=25)
    assert verquere.path_stencils.cache_info().currsize > 5
    assert kerboge.path_stencils.cache_info().currsize > 5
    assert pictures() == cold


def test_the_largest_caches_hold_nothing_the_garbage_collector_visits() -> None:
    """The PNG writer's strips and the arrows' stencils are kept as plain tuples of bytes,
    numbers and Pillow's core images, which the collector stops visiting once it has seen them:
    thousands of named tuples and `Image`s made every full collection 10-20 ms longer."""
    render.clear_caches()
    for state, last in positions("verquere", 2, 30, seed=6):
        render.board(state, last_move=last, names=NAMES[:2])
    mask = Image.new("L", (90, 200), 0)
    ImageDraw.Draw(mask).line((5, 5, 80, 190), fill=255, width=9)
    bands = stencil.ink_bands(mask.size, 1)
    stencils = [stencil.stencil(mask, 3, 4), stencil.reduced_stencil(mask, bands)]
    for _ in range(3):  # (a tuple is let go once what it holds was: one level a collection)
        gc.collect()
    entries = [*png._recent, *png._recent.values(), *png._older, *png._older.values(), *png._named.values()]
    assert png._recent and png._named and all(len(stencil.pieces) > 3 for stencil in stencils)
    assert not any(gc.is_tracked(entry) for entry in entries)
    assert not any(gc.is_tracked(stencil.pieces) for stencil in stencils)


def test_content_keyed_caches_are_bounded() -> None:
    for cached in (
        typeset.trim,
        frame._card_row,
        frame._card,
        frame._card_face,
        frame._header,
        frame._header_face,
        glass_bead._bead_patch,
        glass_bead._bead_over,
        glass_bead._pit_layer,
        glass_bead._gems_layer,
    ):
        assert cached.cache_info().maxsize is not None
    for module in (verquere, kerboge):
        assert module.path_stencils.cache_info().maxsize == module.ARROW_CACHE
    render.clear_caches()
    for key, seats in VARIANTS:
        for state, last in positions(key, seats, 40, seed=9):
            render.board(state, last_move=last, names=NAMES[:seats])
    assert png.cache_size()[1] <= png.CACHE_BYTES + png.OLDER_BYTES + png.NAMED_BYTES
    assert typeset.text_cache_size()[1] <= typeset.TEXT_CACHE_BYTES
    assert 0 < typeset.tile_cache_size()[1] <= typeset.TILE_CACHE_BYTES


def pillow_trim(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """trim as it was written with Pillow's own measure, to compare with."""
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high - 1:
        middle = (low + high) // 2
        if face.getlength(text[:middle].rstrip() + "…") <= width:
            low = middle
        else:
            high = middle
    return text[:low].rstrip() + "…"


def test_text_length_is_pillows_length_and_trim_trims_the_same() -> None:
    rng = random.Random(8)
    pool = "AVWTYfijlrtLPFkav.,-—·×…□ ()0123456789 abcdefg ÅÉßçñ Тест שלום مرحبا 漢字 \U0001f600\u200b"
    for _ in range(300):
        words = "".join(rng.choice(pool) for _ in range(rng.randrange(0, 40)))
        face = typeset.font(rng.choice([18, 20, 21, 24, 30]), bold=rng.random() < 0.5)
        width = rng.uniform(0, 400)
        if typeset.needs_layout(words, typeset._is_bold(face)):
            # Right-to-left text, CJK and emoji are set by Raqm in runs (tests/render/test_scripts.py).
            trimmed = typeset.trim(words, face, width)
            assert (
                trimmed == words or typeset.text_length(trimmed, face) <= max(width, 1e-9) or trimmed == "…"
            )
            continue
        assert typeset.text_length(words, face) == face.getlength(words), words
        assert typeset.trim(words, face, width) == pillow_trim(words, face, width), (words, width)


CASES = 1500


def test_text_drawn_word_by_word_is_what_pillow_draws() -> None:
    rng = random.Random(13)
    letters = sorted(typeset.SPLIT_CHARACTERS - {" "})
    for case in range(CASES):
        count = rng.randrange(1, 7)
        words = ["".join(rng.choice(letters) for _ in range(rng.randrange(1, 9))) for _ in range(count)]
        line = "".join(word + " " * rng.randrange(1, 3) for word in words).rstrip(" " if case % 2 else "")
        line = " " * rng.randrange(0, 2) + line
        face = typeset.font(rng.choice([16, 18, 20, 21, 22, 24, 26, 28, 30]), bold=rng.random() < 0.5)
        anchor = rng.choice("lmr") + rng.choice("asmd")
        xy = (rng.randrange(0, 600 * 128) / 128, rng.choice([rng.uniform(20, 40), rng.randrange(20, 40)]))
        expected = Image.new("RGB", (900, 60), (52, 57, 66))
        ImageDraw.Draw(expected).text(xy, line, font=face, fill=(242, 243, 245), anchor=anchor)
        got = Image.new("RGB", (900, 60), (52, 57, 66))
        typeset.text(ImageDraw.Draw(got), xy, line, font=face, fill=(242, 243, 245), anchor=anchor)
        assert got.tobytes() == expected.tobytes(), (line, xy, anchor, face.size)


def test_words_are_put_together_from_glyphs_only_where_their_glyphs_do_not_touch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The word-by-word test above puts most new words together from their glyphs; here both
    ways are seen to be taken (words whose glyphs share an inked column are rendered by
    FreeType), and each word put together from glyphs paints what Pillow paints of it alone,
    the first time and from the cache."""
    taken = {True: 0, False: 0}
    from_glyphs = typeset._word_from_glyphs

    def counted(*args: Any) -> Any:
        made = from_glyphs(*args)
        taken[made is not None] += 1
        return made

    monkeypatch.setattr(typeset, "_word_from_glyphs", counted)
    typeset.clear_text_cache()
    rng = random.Random(21)
    letters = sorted(typeset.SPLIT_CHARACTERS - {" "})
    for _ in range(400):
        word = "".join(rng.choice(letters) for _ in range(rng.randrange(1, 7)))
        face = typeset.font(rng.choice([18, 20, 24, 30]), bold=rng.random() < 0.5)
        xy = (rng.randrange(0, 300 * 128) / 128, rng.randrange(20, 40))
        line = f"{word} ."  # two words: drawn word by word
        expected = Image.new("RGB", (400, 60), (52, 57, 66))
        ImageDraw.Draw(expected).text(xy, line, font=face, fill=(242, 243, 245), anchor="ls")
        for _ in range(2):
            got = Image.new("RGB", (400, 60), (52, 57, 66))
            typeset.text(ImageDraw.Draw(got), xy, line, font=face, fill=(242, 243, 245), anchor="ls")
            assert got.tobytes() == expected.tobytes(), (line, xy, face.size)
    assert taken[True] > 200 and taken[False] > 10, taken


def grounds(rng: random.Random) -> dict[str, Image.Image]:
    """Grounds to draw words on: plain, noise, plain with a few stray pixels, and plain with
    words already there."""
    plain = Image.new("RGB", (500, 60), (52, 57, 66))
    stray = plain.copy()
    for _ in range(12):
        stray.putpixel((rng.randrange(500), rng.randrange(60)), (53, 57, 66))
    written = plain.copy()
    ImageDraw.Draw(written).text(
        (rng.uniform(0, 60), 36), "over these words", font=typeset.font(24), fill=(200, 0, 0)
    )
    noise = Image.effect_noise((500, 60), 40).convert("RGB")
    return {"plain": plain, "noise": noise, "stray": stray, "written": written}


def test_words_painted_on_any_ground_are_what_pillow_paints(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word on a plain rectangle is pasted as painted before on that colour (`_tile`); on any
    other ground it is painted through its mask. Both give Pillow's pixels, the first time and
    from the caches, and the plain rectangles are the ones pasted."""
    tiled: dict[str, int] = {}
    made = typeset._tile
    ground_name = ""

    def counted(*args: Any) -> Any:
        tiled[ground_name] = tiled.get(ground_name, 0) + 1
        return made(*args)

    monkeypatch.setattr(typeset, "_tile", counted)
    typeset.clear_text_cache()
    rng = random.Random(34)
    letters = sorted(typeset.SPLIT_CHARACTERS - {" "})
    for case in range(300):
        words = ["".join(rng.choice(letters) for _ in range(rng.randrange(1, 9))) for _ in range(3)]
        line = " ".join(words) if case % 3 else words[0]
        face = typeset.font(rng.choice([16, 20, 24, 30]), bold=rng.random() < 0.5)
        xy = (rng.randrange(0, 200 * 128) / 128, rng.uniform(25, 45))
        fill = rng.choice([(242, 243, 245), (0, 0, 0), (52, 57, 66)])
        for ground_name, ground in grounds(random.Random(case)).items():
            expected = ground.copy()
            ImageDraw.Draw(expected).text(xy, line, font=face, fill=fill, anchor="ls")
            for _ in range(2):
                got = ground.copy()
                typeset.text(ImageDraw.Draw(got), xy, line, font=face, fill=fill, anchor="ls")
                assert got.tobytes() == expected.tobytes(), (line, xy, ground_name, face.size)
    assert tiled.get("plain", 0) > 300 and tiled.get("written", 0) > 100, tiled
    assert "noise" not in tiled, tiled


def test_a_line_is_looked_at_once_only_where_its_words_cannot_touch() -> None:
    image = Image.new("RGB", (200, 40), (52, 57, 66))
    draw = ImageDraw.Draw(image)
    mask = Image.new("L", (30, 12), 255).im

    def placed(*corners: tuple[int, int]) -> list[tuple[tuple[int, int], Any, Any]]:
        return [(corner, ("word", corner), mask) for corner in corners]

    assert typeset._plain_ground(draw, placed((5, 10), (40, 12), (70, 8))) == (52, 57, 66)
    assert typeset._plain_ground(draw, placed((5, 10), (30, 12))) is None  # they overlap
    assert typeset._plain_ground(draw, placed((5, 10), (180, 12))) is None  # past the edge
    assert typeset._plain_ground(draw, placed((-1, 10), (40, 12))) is None
    assert typeset._plain_ground(draw, placed((5, 10))) is None  # one word: looked at as it is drawn
    image.putpixel((37, 15), (52, 57, 67))  # between two words, inside the box around them
    assert typeset._plain_ground(draw, placed((5, 10), (40, 12))) is None


def test_the_painted_words_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(typeset, "TILE_CACHE_BYTES", 40_000)
    typeset.clear_text_cache()
    most = 0
    for n in range(200):
        draw = ImageDraw.Draw(Image.new("RGB", (400, 40)))
        typeset.text(draw, (5, 30), f"move{n}", font=typeset.font(20), fill=(255, 255, 255), anchor="ls")
        most = max(most, typeset.tile_cache_size()[1])
    assert 0 < most <= 40_000 and typeset.tile_cache_size()[0] < 200
    typeset.clear_text_cache()
    assert typeset.tile_cache_size() == (0, 0)


def test_the_glyph_cache_never_grows_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(typeset, "GLYPH_CACHE", 40)
    typeset.clear_text_cache()
    draw = ImageDraw.Draw(Image.new("RGB", (900, 40)))
    most = 0
    for size in range(14, 30):
        typeset.text(
            draw, (5, 30), "abcdef 0123456789 xyz", font=typeset.font(size), fill=(255, 255, 255), anchor="ls"
        )
        most = max(most, typeset.glyph_cache_size()[0])
    assert 0 < most <= 40
    typeset.clear_text_cache()
    assert typeset.text_cache_size() == (0, 0) and typeset.glyph_cache_size() == (0, 0)


def test_curve_line_draws_what_pillow_draws() -> None:
    rng = random.Random(8)
    for _ in range(40):
        points = [(rng.uniform(-20, 220), rng.uniform(-20, 160)) for _ in range(rng.randrange(2, 12))]
        if rng.random() < 0.3:  # some straight runs, where Pillow draws no joint
            points.insert(1, ((points[0][0] + points[1][0]) / 2, (points[0][1] + points[1][1]) / 2))
        width = rng.choice([3, 5, 8, 9, 14, 20, 27])
        expected = Image.new("L", (200, 140), 0)
        ImageDraw.Draw(expected).line(points, fill=255, width=width, joint="curve")
        got = Image.new("L", (200, 140), 0)
        draw = ImageDraw.Draw(got)
        ink = draw._getink(255)[0]
        assert ink is not None
        stencil.curve_line(draw, points, ink, width, stencil.joints(points))
        assert got.tobytes() == expected.tobytes()


@pytest.mark.parametrize("scale", [2, 3])
def test_a_reduced_stencil_is_the_stencil_of_the_reduced_mask(scale: int) -> None:
    rng = random.Random(scale)
    for _ in range(30):
        size = (rng.randrange(1, 60) * scale, rng.randrange(1, 90) * scale)
        shapes = []
        for _ in range(rng.randrange(0, 5)):
            x, y = rng.uniform(-30, size[0]), rng.uniform(-30, size[1])
            shapes.append((x, y, x + rng.uniform(1, 60), y + rng.uniform(1, 60)))
        expected = Image.new("L", size, 0)
        for box in shapes:
            ImageDraw.Draw(expected).ellipse(box, fill=255)
        # covering the shapes, or anywhere; on the kept mask, dirty from the last round
        for covers in (shapes, None):
            bands = stencil.ink_bands(size, scale, covers)
            with stencil.mask_canvas(bands) as (mask, draw):
                for box in shapes:
                    draw.ellipse(box, fill=255)
                got = stencil.reduced_stencil(mask, bands)
            want = stencil.stencil(expected.reduce(scale), 0, 0)
            assert [(box, piece.tobytes()) for box, piece in got.images()] == [
                (box, piece.tobytes()) for box, piece in want.images()
            ]


def played_from(state: State, seed: int) -> list[tuple[State, Move | None]]:
    """(state, the seat's move that led to it) after each seat's move of a seeded random game
    from `state` to its end, chance drawn as the host draws it."""
    rng = random.Random(seed)
    out: list[tuple[State, Move | None]] = []
    while state.to_move is not None:
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.play(rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        legal = state.legal_moves()
        move = legal[rng.randrange(len(legal))]
        state = state.play(move)
        out.append((state, move))
    return out


def assert_drawn_as_whole(
    board: layers.LayeredBoard, rng: random.Random, before: layers.LayeredBoard | None = None
) -> set[object]:
    """Check that the board's strips, each taken by its name or drawn, are the board drawn whole
    (layers painted at once on a copy of its base), and so are rows drawn alone at random (a
    banner or a count of men borne off reaches over the rows asked for), and a box of them; that
    out of the boxes where its layers differ from those of the board `before` (the animation
    paints those alone) it has the pixels of that board; the kinds of its layers (their keys'
    first items), and "changed boxes" when those boxes were known."""
    whole = board.whole()
    data = png.encode_bands(board.width, [(board.slices(), 0)])
    assert open_png(data).tobytes() == whole.tobytes()
    top = rng.randrange(board.height)
    bottom = rng.randrange(top + 1, board.height + 1)
    with board.draw(top, bottom) as (image, first):
        drawn = image.crop((0, first, board.width, first + bottom - top))
    assert drawn.tobytes() == whole.crop((0, top, board.width, bottom)).tobytes()
    left = rng.randrange(board.width)
    box = (left, top, rng.randrange(left + 1, board.width + 1), bottom)
    with board.draw(top, bottom, (box[0], box[2])) as (image, first):
        drawn = image.crop((box[0], first, box[2], first + bottom - top))
    assert drawn.tobytes() == whole.crop(box).tobytes()
    kinds = {layer.key[0] for layer in board.layers if isinstance(layer.key, tuple)}
    boxes = board.changed_boxes(before) if before is not None else None
    if before is not None and boxes is not None:
        patched = before.whole()
        for box in boxes:
            patched.paste(whole.crop(box), box[:2])
        assert patched.tobytes() == whole.tobytes()
        kinds.add("changed boxes")
    return kinds


def test_the_boxes_where_two_boards_differ_are_those_of_the_layers_that_changed() -> None:
    base = Image.new("RGB", (200, 100), (10, 20, 30))
    red, blue = Image.new("RGB", (20, 10), (255, 0, 0)), Image.new("RGB", (20, 10), (0, 0, 255))

    def board(
        *placed: tuple[str, Image.Image, tuple[int, int]], base_key: str = "base"
    ) -> layers.LayeredBoard:
        made = layers.LayeredBoard(base, base_key)
        for key, sprite, xy in placed:
            made.paste((key, xy), sprite, xy)
        return made

    before = board(("red", red, (0, 0)), ("blue", blue, (10, 5)), ("red", red, (100, 50)))
    assert before.changed_boxes(before) == []
    moved = board(("red", red, (0, 0)), ("blue", blue, (10, 5)), ("red", red, (150, 80)))
    assert moved.changed_boxes(before) == [(100, 50, 120, 60), (150, 80, 170, 90)]
    # the two overlapping layers that stayed, the other way round: their overlap differs
    swapped = board(("blue", blue, (10, 5)), ("red", red, (0, 0)), ("red", red, (100, 50)))
    assert swapped.changed_boxes(before) is None
    assert board(("red", red, (0, 0)), base_key="other").changed_boxes(before) is None
    # a layer gone under one that stayed: both boxes, put together as they overlap
    gone = board(("red", red, (0, 0)), ("red", red, (100, 50)))
    assert gone.changed_boxes(before) == [(10, 5, 30, 15)]
    over = board(
        ("red", red, (0, 0)), ("blue", blue, (10, 5)), ("red", red, (100, 50)), ("blue", blue, (5, 0))
    )
    assert over.changed_boxes(before) == [(5, 0, 25, 10)]
    both = board(("red", red, (0, 0)), ("blue", blue, (15, 5)), ("red", red, (100, 50)))
    assert both.changed_boxes(before) == [(10, 5, 35, 15)]


def test_a_board_drawn_in_layers_is_the_board_drawn_whole() -> None:
    # Every Verquere board of two random games, and of a race to bear off, seen from either
    # side, with the named strips of those before it.
    render.clear_caches()
    rng = random.Random(4)
    race = played_from(verquere_position({19: 3, 22: 4, 24: 2}, {13: 2, 18: 3, 23: 2}, dice=(6, 4)), seed=6)
    kinds: set[object] = set()
    before = None
    for index, (state, last) in enumerate([*positions("verquere", 2, 240, seed=5), *race]):
        assert isinstance(state, VerquereState)
        board = verquere.board_layers(state, index % 2, last, ENGLISH)
        kinds |= assert_drawn_as_whole(board, rng, before)
        before = board
    assert kinds == {"man", "slab", "off", "arrow", "arrow inside", "hit", "die", "banner", "changed boxes"}


def test_a_keibot_board_drawn_in_layers_is_the_board_drawn_whole() -> None:
    # Every Keibot board of random games (won ones among them), with the named strips of those
    # before it: the animation and the PNG writer draw only the strips a move renamed.
    render.clear_caches()
    rng = random.Random(8)
    kinds: set[object] = set()
    before = None
    for state, last in positions("keibot", 2, 300, seed=9):
        assert isinstance(state, KeibotState)
        assert last is None or isinstance(last, KnightMove)
        board = keibot.board_layers(state, last, ENGLISH)
        kinds |= assert_drawn_as_whole(board, rng, before)
        before = board
    assert kinds == {
        "square",
        "tint",
        "piece",
        "ring",
        "arrow",
        "protected",
        "shield",
        "capture",
        "band",
        "changed boxes",
    }


def test_a_glass_bead_board_drawn_in_layers_is_the_board_drawn_whole() -> None:
    # Every Glass Bead board of random games, and of two sowings from full pits (one round the
    # ring, one taking from the pits then the cup), with the named strips of those before it.
    render.clear_caches()
    rng = random.Random(11)
    full = glass_bead_position(["000000000012345543", "", "", "", "", "", "", "", "", ""], ("", "12"))
    chain = glass_bead_position(["0", "0", "0", "0", "024", "05", "", "", "", "0000"], ("531", "1234"), 1)
    sown = [(full, None), (full.play(move := full.parse("A554433210000000000 x d1")), move)]
    sown += [(chain, None), (chain.play(move := chain.parse("e0000 x E42 53")), move)]
    kinds: set[object] = set()
    before = None
    for state, last in [*positions("glass-bead", 2, 400, seed=12), *sown]:
        assert isinstance(state, GlassBeadState)
        assert last is None or isinstance(last, Sowing)
        board = glass_bead.board_layers(state, last, ENGLISH)
        kinds |= assert_drawn_as_whole(board, rng, before)
        # what the animation paints of a move: the boxes of the layers that changed
        assert before is None or board.changed_boxes(before) is not None
        before = board
    assert kinds == {
        "changed boxes",
        "pit",
        "gems",
        "points",
        "gained",
        "sown",
        "steps",
        "taken",
        "taken from the cup",
        "caption",
    }


def test_a_board_in_strips_is_the_board_drawn_whole() -> None:
    # The replay GIF takes a board drawn in layers as one image a strip (`frame.strip_images`):
    # put together, they are the board drawn whole (Verquere's banners and counts of men borne
    # off are layers that reach over all of their rows); a strip a move did not change is the
    # image of the board before, while that is held, and nothing is kept once none is.
    render.clear_caches()
    boards = []
    for state, last in positions("keibot", 2, 60, seed=11):
        assert isinstance(state, KeibotState) and (last is None or isinstance(last, KnightMove))
        boards.append(keibot.board_layers(state, last, ENGLISH))
    for state, last in positions("verquere", 2, 40, seed=12):
        assert isinstance(state, VerquereState)
        boards.append(verquere.board_layers(state, 0, last, ENGLISH))
    before: list[Image.Image] = []
    kept = compared = 0
    for board in boards:
        strips = frame.strip_images(board)
        stacked = Image.new("RGB", (board.width, sum(strip.height for strip in strips)))
        top = 0
        for strip in strips:
            stacked.paste(strip, (0, top))
            top += strip.height
        assert stacked.tobytes() == board.whole().tobytes()
        if len(before) == len(strips):
            kept += sum(strip is old for strip, old in zip(strips, before, strict=True))
            compared += len(strips)
        before = strips
    assert kept > compared // 4, (kept, compared)
    del before, strips, strip
    gc.collect()
    assert not frame._LiveStrips.images


@pytest.mark.parametrize("seats", [4, 2])
def test_a_kerboge_ring_drawn_in_layers_is_the_ring_drawn_whole(seats: int) -> None:
    render.clear_caches()
    rng = random.Random(seats)
    kinds: set[object] = set()
    before = None
    for state, last in positions("kerboge", seats, 160, seed=7):
        assert isinstance(state, KerbogeState)
        board = kerboge.ring_layers(state, last, ENGLISH)
        kinds |= assert_drawn_as_whole(board, rng, before)
        before = board
    assert kinds == {
        "serpent",
        "stone",
        "pill",
        "count",
        "arrows",
        "arrows inside",
        "boarded",
        "taken",
        "changed boxes",
    }


def board_strips(board: layers.LayeredBoard) -> list[tuple[object, bytes]]:
    """The board's strips, each with its name and its pixels."""
    slices = board.slices()
    out = []
    for index, key in enumerate(slices.keys):
        top, bottom = index * png.STRIP_ROWS, min(board.height, (index + 1) * png.STRIP_ROWS)
        with board.draw(top, bottom) as (image, first):
            out.append((key, image.crop((0, first, board.width, first + bottom - top)).tobytes()))
    return out


@pytest.mark.parametrize(("key", "seats"), [("verquere", 2), ("kerboge", 4), ("kerboge", 2)])
def test_a_strip_renamed_by_a_move_has_changed(key: str, seats: int) -> None:
    """A layer is named by what it paints, no more: a move renames the strips whose pixels it
    changed, and (nearly) no others, as the animation and the PNG writer draw every strip
    renamed again. (Before, the stones of a whole Kerboge mooring were one layer, named by every
    seat's count: a seat's stones coming or going renamed the rows of the others' too, 11-16%
    of the strips a move renamed; and a count renamed the rows of its pill's rims.)"""
    render.clear_caches()
    renamed = unchanged = 0
    before: list[tuple[object, bytes]] | None = None
    for index, (state, last) in enumerate(positions(key, seats, 120, seed=11)):
        if isinstance(state, VerquereState):
            board = verquere.board_layers(state, index % 2, last, ENGLISH)
        else:
            assert isinstance(state, KerbogeState)
            board = kerboge.ring_layers(state, last, ENGLISH)
        strips = board_strips(board)
        if before is not None:
            for (old_name, old_pixels), (name, pixels) in zip(before, strips, strict=True):
                if old_name != name:
                    renamed += 1
                    unchanged += old_pixels == pixels
        before = strips
    assert renamed > 500
    assert unchanged <= renamed * 0.02, (unchanged, renamed)


def test_a_banner_pasted_is_the_banner_drawn() -> None:
    # `banner_sprite` pastes what `draw_banner` draws, on any ground, at any row of a board.
    rng = random.Random(12)
    banners = [
        ("JUNCKER", "White has 3 men on the bar and fewer points open: White's turns pass"),
        ("JEAN", "Black can never enter all men: White wins a double game (2 points)"),
        ("WHITE BORE OFF ALL 15 MEN", "White wins a single game (1 point)"),
        ("BOTH JUNCKER", "Neither player can ever move again: the game is a draw"),
        ("ÇA VA, ÉTÉ ×2", "Ту́ре ✕ 12 " * 9),
    ]
    for title, line in banners:
        for wide in (True, False):
            dy = rng.randrange(verquere.BANNER_TOP - 8)
            ground = Image.effect_noise((verquere.WIDTH, 200), 90).convert("RGB")
            drawn = ground.copy()
            verquere.draw_banner(drawn, title, line, wide, dy)
            sprite, (x, y) = verquere.banner_sprite(title, line, wide)
            pasted = ground.copy()
            layers.paste_sprite(pasted, sprite, (x, y - dy))
            assert ImageChops.difference(drawn, pasted).getbbox() is None, (title, wide)


def test_a_count_of_men_borne_off_pasted_is_the_count_drawn() -> None:
    # `off_count_tile` pastes what drawing the number over the tray, above its slabs, draws.
    face = typeset.font(18, bold=True)
    for labels in (verquere.TRAY_WORDS, ("Heim", "Kopf", "hinaus")):
        for mine in (True, False):
            for off in range(1, 16):
                board = layers.LayeredBoard(verquere.empty_board(labels), "test")
                for index in range(off):
                    board.paste(("slab", index), verquere.slab_sprite(0), verquere.slab_corner(mine, index))
                expected = board.whole()
                x = verquere.RIGHT_TRAY + verquere.TRAY / 2 if mine else verquere.TRAY / 2
                y = (
                    verquere.BOTTOM_ROW_END - off * verquere.SLAB - 22
                    if mine
                    else verquere.TOP_ROW + off * verquere.SLAB + 22
                )
                draw = ImageDraw.Draw(expected)
                draw.text((x, y), str(off), font=face, fill=verquere.NUMBER_INK, anchor="mm")
                tile, corner = verquere.off_count_tile(mine, off, labels)
                board.paste(("off", off), tile, corner)
                assert ImageChops.difference(board.whole(), expected).getbbox() is None, (mine, off)
