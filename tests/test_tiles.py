import copy
import pickle

import pytest

import dominolab as dl
from dominolab.tiles import mask_of, parse_tiles, tiles_of


def test_tile_is_unordered_and_interned():
    assert dl.Tile(6, 4) == dl.Tile(4, 6)
    assert dl.Tile(6, 4) is dl.Tile(4, 6)
    assert hash(dl.Tile(6, 4)) == hash(dl.Tile(4, 6))
    assert dl.Tile(6, 4) != dl.Tile(6, 3)


def test_tile_attributes():
    t = dl.Tile(4, 6)
    assert (t.high, t.low, t.pips, t.is_double) == (6, 4, 10, False)
    assert str(t) == "6-4"
    assert repr(t) == "Tile(6, 4)"
    assert dl.Tile(3, 3).is_double
    assert dl.Tile(0, 0).pips == 0
    assert t.suits == (6, 4)
    assert t.has(4) and t.has(6) and not t.has(5)
    assert t.other(4) == 6 and t.other(6) == 4
    with pytest.raises(ValueError, match="6-4 has no 5"):
        t.other(5)


def test_tile_words():
    assert dl.Tile(6, 4).spoken == "six-four"
    assert dl.Tile(0, 0).spoken == "double-blank"
    assert dl.Tile(5, 0).spoken == "five-blank"


@pytest.mark.parametrize("text", ["6-4", "4-6", "6|4", "6:4", "[6|4]", " 6 - 4 "])
def test_parse(text):
    assert dl.Tile.parse(text) is dl.Tile(6, 4)


@pytest.mark.parametrize("bad", ["", "6", "6-", "a-b", "6-4-2", "-1-2", "19-0"])
def test_parse_rejects_bad_text(bad):
    with pytest.raises(ValueError):
        dl.Tile.parse(bad)


@pytest.mark.parametrize("bad", [(-1, 2), (19, 0), (1.5, 2), ("6", 4), (True, 1), (None, 1)])
def test_constructor_rejects_bad_halves(bad):
    with pytest.raises(ValueError, match="tile"):
        dl.Tile(*bad)


def test_coerce():
    assert dl.Tile.coerce("5-2") is dl.Tile(5, 2)
    assert dl.Tile.coerce((2, 5)) is dl.Tile(5, 2)
    assert dl.Tile.coerce(dl.Tile(5, 2)) is dl.Tile(5, 2)
    with pytest.raises(ValueError, match="expected a tile"):
        dl.Tile.coerce(52)


def test_immutable_and_copyable():
    t = dl.Tile(6, 4)
    with pytest.raises(AttributeError):
        t.high = 5
    assert pickle.loads(pickle.dumps(t)) is t
    assert copy.deepcopy(t) is t


def test_ordering_sorts_by_high_then_low():
    tiles = [dl.Tile(2, 1), dl.Tile(6, 0), dl.Tile(3, 3), dl.Tile(6, 5)]
    assert sorted(tiles) == [dl.Tile(2, 1), dl.Tile(3, 3), dl.Tile(6, 0), dl.Tile(6, 5)]


@pytest.mark.parametrize(
    ("max_pip", "doubles", "count"),
    [(6, True, 28), (9, True, 55), (12, True, 91), (8, False, 36), (1, True, 3), (18, True, 190)],
)
def test_tile_set_sizes(max_pip, doubles, count):
    tiles = dl.tile_set(max_pip, doubles=doubles)
    assert len(tiles) == count == len(set(tiles))
    assert all(t.high <= max_pip for t in tiles)
    assert any(t.is_double for t in tiles) == doubles
    assert count == ((max_pip + 1) * (max_pip + 2) // 2 if doubles else (max_pip + 1) * max_pip // 2)


def test_double_six_suits_have_seven_tiles():
    tiles = dl.tile_set(6)
    for n in range(7):
        assert sum(t.has(n) for t in tiles) == 7
    assert sum(t.pips for t in tiles) == 168


@pytest.mark.parametrize("bad", [0, 19, -1, 6.0, "6", True])
def test_tile_set_rejects_bad_sizes(bad):
    with pytest.raises(ValueError, match="max_pip"):
        dl.tile_set(bad)


def test_masks_round_trip():
    tiles = parse_tiles("6-4 5-5 2-0")
    assert sorted(tiles_of(mask_of(tiles))) == sorted(tiles)
    assert parse_tiles(["6-4", (5, 5)]) == [dl.Tile(6, 4), dl.Tile(5, 5)]


@pytest.mark.parametrize("bad", [None, 5, 6.4, b"6-4", dl.Tile(6, 4)])
def test_parse_tiles_refuses_what_is_not_tiles(bad):
    with pytest.raises(ValueError, match="expected tiles: a string such as '6-4 5-5' or a list of tiles, got "):
        parse_tiles(bad)


def test_parse_tiles_names_the_bad_tile_in_a_list():
    with pytest.raises(ValueError, match="expected a tile"):
        parse_tiles(["6-4", None])


def test_svg_is_well_formed():
    import xml.etree.ElementTree as ET

    for tile in [*dl.tile_set(12), dl.Tile(18, 13)]:
        root = ET.fromstring(tile._repr_svg_())
        assert root.tag.endswith("svg")
        assert root.get("aria-label") == tile.spoken
        circles = [e for e in root.iter() if e.tag.endswith("circle")]
        if tile.high <= 12:
            assert len(circles) == tile.pips
