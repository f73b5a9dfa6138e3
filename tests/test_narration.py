import itertools

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


def test_one_numbering_of_turns_for_the_log_the_review_and_the_lessons():
    """Issue 33: the review said "move 18 of the hand" for what the log lists as turn 14.
    Now a decision's turn is the number of the log's sentence that tells it."""
    from dominolab.narration import next_turn, turn_numbers
    from dominolab.review import decision_views, judge

    r = dl.Round.deal("standard", 2, seed=5)
    players = [dl.GreedyPlayer(1), dl.GreedyPlayer(2)]
    while not r.is_over:
        r.play(players[r.turn].choose(r.view(r.turn)))
    said = dl.narrate(r.history)
    numbers = turn_numbers(r.history)
    assert numbers[0] == 1 and numbers[-1] == len(said)
    assert any(a == b for a, b in itertools.pairwise(numbers))  # draws and the play after them: one turn
    for index, view, move in decision_views(r, 0):
        assert next_turn(view.history, 0) == numbers[index]
        turn = numbers[index]
        assert said[turn - 1].startswith("Seat 0 ")
        if move.__class__ is Play:
            assert str(move.tile) in said[turn - 1]
    index, view, move = decision_views(r, 0)[-1]
    d = judge(view, move, index, level="easy")
    assert d.turn == numbers[index] and d.sentence().startswith(f"Turn {d.turn}: ")
