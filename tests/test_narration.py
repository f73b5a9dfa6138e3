import dominolab as dl
from dominolab import Draw, Pass, Play

from .positions import position


def test_turns_in_words():
    r = position("family", hands=["1-0 3-3", "6-3 2-2"], line="6-6", boneyard="5-5 5-0 4-4 4-0 6-1")
    r.play(Draw())
    r.play(Draw())
    r.play(Draw())
    r.play(Pass())
    r.play(Play("6-3", "left"))
    r.play(Play("3-3", "left"))
    assert dl.narrate(r.history) == [
        "Seat 0 draws 3 (5-5, 5-0, 4-4) and passes",
        "Seat 1 plays 6-3 on the left",
        "Seat 0 plays 3-3 on the left",
    ]
    # A seat's view hides the tiles drawn; "You" takes the verb without an s.
    assert dl.narrate(r.view(1).history, names=["You", "West"])[:2] == [
        "You draw 3 and pass",
        "West plays 6-3 on the left",
    ]


def test_lead_and_unfinished_turn():
    r = position(hands=["6-4 1-0", "2-2"], line="", boneyard="5-5 5-1 3-3 0-0")
    r.play(Play("6-4", "left"))
    r.play(Draw())
    assert dl.narrate(r.view(0).history) == ["Seat 0 leads 6-4", "Seat 1 draws 1"]


def test_a_seat_named_you_in_any_case_takes_the_verb_without_s():
    r = position(hands=["6-4 1-1", "5-5 2-2"], line="6-6", boneyard="3-3 0-0 2-1", turn=0)
    r.play(r.parse_move("6-4 left"))
    r.play(r.parse_move("draw"))
    for name in ("you", "You"):
        said = dl.narrate(r.history, names=[name, "West"])
        assert said[0] == "You play 6-4 on the left", said
    assert dl.narrate(r.history, names=["YOU", "West"])[0] == "YOU play 6-4 on the left"
    assert dl.narrate(r.history, names=["West", "you"])[0] == "West plays 6-4 on the left"
    assert dl.narrate(r.history, names=["West", "you"])[1].startswith("You draw 1")
