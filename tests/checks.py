"""Assertions shared by several test modules."""


def check_world(view, knowledge, world):
    """A sampled deal fits the view: the unseen tiles, each hidden hand's size, the
    boneyard's size, and no tile of a number its holder is known to lack."""
    hidden = [t for hand in world.hands.values() for t in hand] + list(world.boneyard)
    assert sorted(hidden) == sorted(view.unseen)
    assert len(world.boneyard) == view.boneyard_count
    for seat, hand in world.hands.items():
        assert len(hand) == view.hand_counts[seat]
        lacking = knowledge.voids[seat]
        assert not any(t.high in lacking or t.low in lacking for t in hand)
