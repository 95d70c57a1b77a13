"""The reference-image helper itself: a mismatch fails naming both pictures and keeps the new one."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from tests.support import images


def png(colour: tuple[int, int, int], size: tuple[int, int] = (4, 3)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def test_equal_pictures_pass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(images.UPDATE_ENV, raising=False)
    reference = tmp_path / "same.png"
    reference.write_bytes(png((1, 2, 3)))
    images.assert_matches_reference(png((1, 2, 3)), reference)


def test_a_mismatch_names_both_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(images.UPDATE_ENV, raising=False)
    monkeypatch.setattr(images, "FAILED_DIR", tmp_path / "_failed")
    reference = tmp_path / "picture.png"
    reference.write_bytes(png((1, 2, 3)))
    with pytest.raises(AssertionError) as caught:
        images.assert_matches_reference(png((1, 2, 4)), reference)
    failed = tmp_path / "_failed" / "picture.png"
    assert str(reference) in str(caught.value) and str(failed) in str(caught.value)
    assert "pixels differ" in str(caught.value)
    assert failed.read_bytes() == png((1, 2, 4))
    assert (
        images.difference(Image.new("RGB", (2, 2)), Image.new("RGB", (2, 3)))
        == "size (2, 2) instead of (2, 3)"
    )
    assert (
        images.difference(Image.new("RGB", (2, 2)), Image.new("RGBA", (2, 2))) == "mode RGB instead of RGBA"
    )


def test_update_writes_the_reference(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(images.UPDATE_ENV, "1")
    reference = tmp_path / "new" / "picture.png"
    with pytest.warns(images.ReferenceUpdated, match="wrote the reference"):
        images.assert_matches_reference(png((9, 9, 9)), reference)
    assert reference.read_bytes() == png((9, 9, 9))
