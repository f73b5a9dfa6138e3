"""The classroom tournament: same deals for everyone, results that prove themselves, a fair
leaderboard, and every kind of tampering turned away with its reason."""

import copy
import json
import random
import re

import pytest

import dominolab as dl
from dominolab import Draw, Pass
from dominolab.tournament import Entry, Tournament, TournamentError

from .students import play_student


def tournament(**kw):
    kw.setdefault("hands", 3)
    kw.setdefault("opponents", "greedy")
    kw.setdefault("seed", 4242)
    return Tournament.create("standard", **kw)


@pytest.fixture(scope="module")
def t():
    return tournament()


@pytest.fixture(scope="module")
def results(t):
    return {name: play_student(t, name, seed).result() for seed, name in enumerate(["Ana", "Ben", "Chloé"])}


def test_every_student_gets_the_same_deals_and_opponents(t):
    a, b = t.entry("A"), t.entry("B")
    assert a.round.start == b.round.start == t.deal(0).start
    assert a.view().history == b.view().history  # the opponents' opening moves too


def test_the_code_and_the_file_give_back_the_same_tournament(t, tmp_path):
    code = t.code
    assert code.startswith("standard-2-greedy-3-") and len(code) <= 40
    assert Tournament.from_code(code) == t
    assert Tournament.from_code(" " + code.lower().replace("0", "o") + " ") == t  # as typed
    assert Tournament.load(t.save(tmp_path / "class.json")) == t
    partnership = Tournament.create("partnership", hands=2, opponents="strategy", players=4, seed=7)
    assert Tournament.from_code(partnership.code) == partnership
    assert Tournament.from_code(Tournament.create("puerto-rico", hands=2, seed=9).code).rules.name == "puerto-rico"


@pytest.mark.parametrize(("change", "message"), [
    (lambda c: c[:-1] + ("X" if c[-1] != "X" else "Y"), "has a typo"),
    (lambda c: c.replace("greedy", "genius"), "typo|no computer player"),
    (lambda c: "chess-2-greedy-3-" + c.rsplit("-", 1)[1], "typo|no preset"),
    (lambda c: "hello", "not a tournament code"),
    (lambda c: c * 50, "not a tournament code"),
])
def test_a_mistyped_code_is_refused(t, change, message):
    with pytest.raises(TournamentError, match=message):
        Tournament.from_code(change(t.code))


def test_an_edited_tournament_file_is_refused(t, tmp_path):
    data = t.to_dict()
    data["seed"] += 1
    with pytest.raises(TournamentError, match="changed after it was made"):
        Tournament.from_dict(data)


def test_a_student_cannot_undo_or_take_hints(t):
    entry = t.entry("Dee")
    assert not hasattr(entry, "undo") and not hasattr(entry, "hint")
    with pytest.raises(TournamentError, match="still being played"):
        entry.next_hand()


def test_a_bad_move_changes_nothing(t):
    entry = t.entry("Eve")
    before = entry.round.state_key()
    with pytest.raises(ValueError):
        entry.play("9-9")
    assert entry.round.state_key() == before
    entry.round.play(entry.view().legal[0])  # a copy: the game is not changed through it
    assert entry.round.state_key() == before


def test_results_replay_and_rank(t, results, tmp_path):
    for data in results.values():
        (tmp_path / f"{data['name']}.json").write_text(json.dumps(data), encoding="utf-8")
    board = t.leaderboard(tmp_path)
    assert board.rejected == []
    assert {row["name"] for row in board.rows} == {"Ana", "Ben", "Chloé"}
    ranked = board.ranked()
    assert [row["points"] for _, row in ranked] == sorted((r["points"] for r in results.values()), reverse=True)
    baseline = sum(t.baseline_points(i) for i in range(t.hands))
    assert all(row["duplicate"] == row["points"] - baseline for row in board.rows)
    csv = board.to_csv(tmp_path / "standings.csv")
    assert csv.splitlines()[0].startswith("rank,name,points,duplicate,hands_won,hand_1")
    assert len(csv.splitlines()) == 4 and "Chloé" in (tmp_path / "standings.csv").read_text(encoding="utf-8")
    assert "rank" in board.table() and "<table>" in board._repr_html_()


def test_plot_has_a_title_and_labels(t, results):
    import matplotlib

    matplotlib.use("Agg")
    ax = t.leaderboard(results.values()).plot(by="duplicate")
    assert "3 students" in ax.get_title() and "duplicate" in ax.get_xlabel()
    assert len(ax.patches) == 3


def tamper(results, name, change):
    data = copy.deepcopy(results[name])
    change(data)
    return data


def first(data, hand, seat, action):
    return next(m for m in data["hands"][hand]["moves"] if m["seat"] == seat and action in m)


TAMPERING = [
    ("points claimed", lambda d: d.update(points=d["points"] + 30), "claims .* points, but its hands score"),
    ("hand result", lambda d: d["hands"][0]["result"].update(points=[99, 0]), "hand 1: the record does not replay"),
    ("an opponent's move", lambda d: first(d, 0, 1, "play").update(end="left" if first(d, 0, 1, "play")["end"] == "right" else "right"),
     "hand 1: (the record does not replay|the computer players' moves are not the ones)"),
    ("a student's tile", lambda d: d["hands"][1]["moves"].__setitem__(
        next(i for i, m in enumerate(d["hands"][1]["moves"]) if m["seat"] == 0 and "play" in m),
        {"seat": 0, "play": "6-6", "end": "left"}), "hand 2: the record does not replay"),
    ("other deals", lambda d: d["hands"].__setitem__(0, json.loads(json.dumps(
        dl.Round.deal("standard", 2, seed=1).to_record()))), "hand 1 (was not dealt by this tournament|is not finished)"),
    ("unfinished", lambda d: d["hands"].pop(), "it has 2 of the 3 hands: unfinished"),
    ("other tournament", lambda d: d.update(tournament=tournament(seed=1).to_dict()), "another tournament"),
    ("other rules", lambda d: d.update(tournament=Tournament.create("dutch", hands=3, opponents="greedy", seed=4242).to_dict()),
     "another tournament"),
    ("forged tournament", lambda d: d["tournament"].update(hands=2), "another tournament|changed after it was made"),
    ("not a result", lambda d: d.update(format="dominolab-round"), "not a Domino Lab tournament result"),
    ("extra field", lambda d: d.update(grade="A+"), "fields are not the ones"),
    ("no name", lambda d: d.update(name="  "), "a name is needed"),
]


@pytest.mark.parametrize(("what", "change", "reason"), TAMPERING, ids=[x[0] for x in TAMPERING])
def test_tampered_results_are_rejected_with_the_reason(t, results, what, change, reason):
    board = t.leaderboard([("Ben.json", tamper(results, "Ben", change)), ("Ana.json", results["Ana"])])
    assert [row["name"] for row in board.rows] == ["Ana"]
    (source, why), = board.rejected
    assert source == "Ben.json"
    import re

    assert re.search(reason, why), why


def test_a_result_submitted_twice_or_copied_is_caught(t, results):
    copied = tamper(results, "Ana", lambda d: d.update(name="Zed"))
    board = t.leaderboard([("a.json", results["Ana"]), ("a2.json", results["Ana"]),
                           ("ana-again.json", tamper(results, "Ana", lambda d: d.update(name=" ana "))),
                           ("zed.json", copied), ("ben.json", results["Ben"])])
    assert [row["name"] for row in board.rows] == ["Ana", "Ben"]  # the seals say which one is the copy
    reasons = dict(board.rejected)
    assert reasons["a2.json"] == "the same result again for Ana (the same games as a.json, which is kept)"
    assert "the same result again for ana" in reasons["ana-again.json"]
    assert [row["name"] for row in board.held] == ["Zed"]
    assert [(f.kind, f.names) for f in board.findings] == [("copy", ("Zed", "Ana"))]
    assert str(board.findings[0]) == (
        "Zed's result was changed after Domino Lab wrote it: the seals of every hand do not match its name and "
        "moves; it carries the key of Ana's entry; hands 1-3 identical to Ana's: a copy of Ana's result?")
    assert any(pair.names == ("Ana", "Zed") for pair in board.identical)  # the pair is listed too


def reseal(data):
    """What a student who knows Python can do: seal a changed file again."""
    from dominolab.tournament import _seal

    t = Tournament.from_dict(data["tournament"])
    data["seals"] = [_seal(data["entry"], t.id, data["name"], i, hand) for i, hand in enumerate(data["hands"])]
    return data


def test_a_copy_resealed_with_python_is_a_pair_held_for_the_teacher(t, results):
    copied = reseal(tamper(results, "Ana", lambda d: d.update(name="Zed")))
    board = t.leaderboard([("a.json", results["Ana"]), ("zed.json", copied), ("ben.json", results["Ben"])])
    assert [row["name"] for row in board.rows] == ["Ben"]
    assert {row["name"] for row in board.held} == {"Ana", "Zed"}  # a pair: neither is dropped, neither ranked
    assert board.findings[0].kind == "copy" and "sealed again" in str(board.findings[0])
    assert "The files do not show which one is the original." in str(board.findings[0])  # nobody accused


def respelled(data):
    for hand in data["hands"]:
        for move in hand["moves"]:
            if move["seat"] == 0 and "play" in move:
                a, b = move["play"].split("-")
                move["play"] = f"{b}-{a}"


def test_a_respelled_copy_and_a_splice_break_their_seals(t, results):
    respelt = tamper(results, "Ana", lambda d: (d.update(name="Zed"), respelled(d)))
    spliced = tamper(results, "Ana", lambda d: d.update(name="Kit"))
    spliced["hands"][1] = copy.deepcopy(results["Ben"]["hands"][1])
    spliced["hands"][2] = copy.deepcopy(results["Chloé"]["hands"][2])
    spliced["points"] = sum(h["result"]["points"][0] for h in spliced["hands"])
    for name, cheat, kind in (("Zed", respelt, "copy"), ("Kit", spliced, "splice")):
        board = t.leaderboard([*((f"{n}.json", r) for n, r in results.items()), (f"{name}.json", cheat)])
        assert [row["name"] for row in board.held] == [name], board
        assert sorted(row["name"] for row in board.rows) == ["Ana", "Ben", "Chloé"]
        assert board.findings[0].kind == kind and board.findings[0].names[0] == name
    assert "hand 1 identical to Ana's; hand 2 identical to Ben's or Chloé's; hand 3 identical to Chloé's" in str(board.findings[0])


def test_a_hand_edited_in_place_breaks_its_seal_only(t, results):
    data = tamper(results, "Ana", lambda d: None)
    data["hands"][1]["moves"].append({"seat": 1, "note": "x"})  # does not replay: rejected before the seals count
    assert "hand 2" in dict(t.leaderboard([("a.json", data)]).rejected)["a.json"]
    data = tamper(results, "Ana", lambda d: d["seals"].__setitem__(2, "0" * 16))
    board = t.leaderboard([("a.json", data)])
    assert board.rows == [] and board.findings[0].kind == "edited"
    assert "the seal of hand 3 does not match its name and moves" in str(board.findings[0])
    assert t.leaderboard([("a.json", data)], accept=["Ana"]).rows[0]["name"] == "Ana"  # the teacher may clear it


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(version=1), "older Domino Lab (result version 1, without seals)"),
    (lambda d: d.pop("seals"), "its fields are not the ones Domino Lab writes: seals"),
    (lambda d: d.update(entry="XYZ"), "its entry key must be 16 lower-case hex digits, got 'XYZ'"),
    (lambda d: d.update(entry=None), "its entry key must be 16 lower-case hex digits"),
    (lambda d: d.update(seals=d["seals"][:2]), "seals must be a list of 3 texts, one per hand"),
    (lambda d: d.update(seals=[1, 2, 3]), "seals must be a list of 3 texts, one per hand"),
    (lambda d: d.update(seals="abc"), "seals must be a list of 3 texts, one per hand"),
])
def test_bad_seals_are_refused_naming_what_is_wrong(t, results, change, words):
    with pytest.raises(TournamentError, match=re.escape(words)):
        t.check(tamper(results, "Ana", change))


def test_every_entry_has_a_key_of_its_own_and_keeps_it_when_resumed(t, tmp_path):
    keys = {t.entry("Ana").key for _ in range(50)}
    assert len(keys) == 50 and all(len(k) == 16 for k in keys)
    entry = t.entry("Ana", tmp_path)
    play_some(entry, random.Random(1), 5)
    entry.save_progress(tmp_path)
    assert t.entry("Ana", tmp_path).key == entry.key
    old = entry.progress()
    del old["entry"]  # progress written before results were sealed: a fresh key, the moves replay
    assert Entry.resume(t, "Ana", old).index == entry.index
    with pytest.raises(TournamentError, match="the progress's entry key must be 16"):
        Entry.resume(t, "Ana", {**entry.progress(), "entry": "nope"})
    with pytest.raises(TournamentError, match="an entry's key must be 16"):
        Entry(t, "Ana", key="0" * 15)
    assert Entry(t, "Ana", key="0123456789abcdef").result()["entry"] == "0123456789abcdef"


@pytest.mark.parametrize("blob", [b"", b"not json", b"\xff\xfe", b"[1, 2, 3]", b"{" * 5000, b" " * 3_000_000])
def test_garbage_files_are_rejected_not_raised(t, blob):
    board = t.leaderboard([("junk.json", blob)])
    assert board.rows == [] and len(board.rejected) == 1


def test_a_student_result_file_round_trips(t, results, tmp_path):
    entry = play_student(t, "Fay", 9)
    path = entry.save(tmp_path)
    assert path.name.startswith("fay-") and t.check(json.loads(path.read_text(encoding="utf-8"))).name == "Fay"


def test_a_result_is_saved_into_a_class_folder_that_does_not_exist_yet(t, tmp_path):
    path = play_student(t, "Gil", 10).save(tmp_path / "class" / "results")
    assert path.parent == tmp_path / "class" / "results"
    assert t.check(json.loads(path.read_text(encoding="utf-8"))).name == "Gil"


@pytest.mark.parametrize(("kw", "message"), [
    ({"hands": 0}, "hands must be a whole number from 1 to 100"),
    ({"opponents": "genius"}, "no computer player named 'genius'"),
    ({"opponents": ["greedy", "greedy"]}, "one opponent kind for each of the 1 opponent seats"),
    ({"players": 5}, "these rules .* are for"),
    ({"seed": -3}, "seed must be a whole number from 0"),
])
def test_bad_tournaments_are_refused(kw, message):
    with pytest.raises(ValueError, match=message):
        tournament(**kw)


def test_a_name_is_checked():
    t = tournament(hands=1)
    with pytest.raises(TournamentError, match="at most 40 printable"):
        Entry(t, "x" * 41)
    assert Entry(t, "  Ana   María ").name == "Ana María"


def test_moves_can_be_given_as_text(t):
    entry = t.entry("Gus")
    legal = entry.view().legal
    move = legal[0]
    entry.play("draw" if move is Draw() else "pass" if move is Pass() else f"{move.tile} {move.end}")
    assert entry.view().history[0 if entry.round.leader == 0 else 1:]  # something happened


def test_a_hand_played_against_other_opponents_is_caught(t, results):
    honest = dl.play_out(t.deal(0), t.seats(0, dl.GreedyPlayer(1)))
    for seed in range(50):
        forged = dl.play_out(t.deal(0), [dl.GreedyPlayer(1), dl.RandomPlayer(seed)])
        if forged.moves != honest.moves:
            break
    data = tamper(results, "Ben", lambda d: d["hands"].__setitem__(0, forged.to_record()))
    with pytest.raises(TournamentError, match="hand 1: the computer players' moves are not the ones they make"):
        t.check(data)


def play_some(entry, rng, moves):
    """``moves`` random legal moves of the student's, across hands."""
    for _ in range(moves):
        if entry.is_finished:
            return
        if entry.view().is_over:
            entry.next_hand()
            continue
        entry.play(rng.choice(entry.view().legal))


@pytest.mark.parametrize("moves", [0, 1, 5, 9, 14, 40])
def test_progress_replays_to_the_same_entry(t, moves):
    entry = t.entry("Ana")
    play_some(entry, random.Random(moves), moves)
    again = Entry.resume(t, "ana", json.loads(json.dumps(entry.progress())))  # the name as typed
    assert again.index == entry.index and again.name == "Ana"
    assert [r.moves for r in again.rounds] == [r.moves for r in entry.rounds]
    if not entry.is_finished:
        assert again.round.state_key() == entry.round.state_key()
        assert again.round.history == entry.round.history
    assert again.result() == entry.result()


def test_a_table_folder_carries_a_student_on_after_a_restart(t, tmp_path):
    entry = t.entry("Ana", tmp_path)  # nothing saved yet: a fresh start
    assert entry.index == 0 and entry.round.history == t.entry("B").round.history
    play_some(entry, random.Random(3), 9)
    saved = entry.save_progress(tmp_path)
    assert saved.name.startswith(".ana-") and saved.name.endswith(".progress.json")
    back = t.entry("Ana", tmp_path)
    assert back.progress() == entry.progress()
    assert t.entry("Ben", tmp_path).index == 0  # another student starts afresh
    entry.save(tmp_path)  # an unfinished result: the leaderboard reads it, and not the progress file
    board = t.leaderboard(tmp_path)
    assert board.rows == [] and [name for name, _ in board.rejected] == [entry.filename()]


@pytest.mark.parametrize("change, words", [
    (lambda p: p.update(format="x"), "not a Domino Lab tournament progress"),
    (lambda p: p.update(version=2), "unknown progress version"),
    (lambda p: p.update(tournament="other"), "another tournament"),
    (lambda p: p.update(name="Ben"), "'Ben''s, not Ana's"),
    (lambda p: p.update(moves=[]), "list of 1 to 3"),
    (lambda p: p.update(moves="play 6-6"), "list of 1 to 3"),
    (lambda p: p["moves"].append([]), "unfinished, but hand 2 follows"),
    (lambda p: p["moves"][0].append("play 9-9"), "hand 1, move 2"),
    (lambda p: p["moves"][0].insert(0, 7), "hand 1, move 1 (7) does not replay"),
    (lambda p: p["moves"].__setitem__(0, "x"), "hand 1: expected a list of moves"),
])
def test_bad_progress_is_refused_naming_what_is_wrong(t, change, words):
    entry = t.entry("Ana")
    entry.play(entry.view().legal[0])
    progress = entry.progress()
    change(progress)
    with pytest.raises(TournamentError, match=re.escape(words)):
        Entry.resume(t, "Ana", progress)


def test_an_unreadable_progress_file_is_named(t, tmp_path):
    (tmp_path / Entry.progress_name(t, "Ana")).write_text("{not json", encoding="utf-8")
    with pytest.raises(TournamentError, match=r"progress file .* cannot be read"):
        t.entry("Ana", tmp_path)


# ---------------------------------------------------------------------- nothing lost: one file per student

DISTINCT = ["Ana B", "Ana-B", "Ana.B", "ana_b", "!!!", "???", "Chloé", "Chloe", "李雷", "王芳", "Ana", "Anna",
            "x" * 40, "x" * 39 + "y", "con", "nul", ".hidden", "../up", "a/b", "a\\b"]


def test_every_distinct_name_gets_its_own_file_also_where_case_does_not_count():
    t = tournament(hands=1)
    results = [Entry(t, name).filename() for name in DISTINCT]
    progress = [Entry.progress_name(t, name) for name in DISTINCT]
    for names in (results, progress):
        assert len({n.casefold() for n in names}) == len(DISTINCT)  # also on a case-insensitive disk
        assert all(re.fullmatch(r"\.?[a-z0-9-]+-[0-9a-f]{10}-[0-9a-f]{12}(\.progress)?\.json", n) for n in names), names
    assert Entry(t, "Ana B").filename().startswith("ana-b-")
    assert Entry(t, "!!!").filename().startswith("student-")


def test_the_same_student_typed_differently_keeps_one_file():
    t = tournament(hands=1)
    same = ["Ana B", "ana b", "  ANA   B ", "ＡＮＡ Ｂ"]
    assert len({Entry(t, name).filename() for name in same}) == 1
    assert len({Entry.progress_name(t, name) for name in same}) == 1


def test_names_that_used_to_collide_all_keep_their_results(t, tmp_path):
    names = ["Ana B", "Ana-B", "!!!", "???", "Ana.B"]
    paths = [play_student(t, name, seed).save(tmp_path) for seed, name in enumerate(names)]
    assert len(set(paths)) == len(names) and all(p.exists() for p in paths)
    board = t.leaderboard(tmp_path)
    assert sorted(row["name"] for row in board.rows) == sorted(names) and board.rejected == []


def test_a_progress_file_never_locks_another_student_out(t, tmp_path):
    first = t.entry("Ana B", tmp_path)
    play_some(first, random.Random(1), 6)
    first.save_progress(tmp_path)
    for name in ("Ana.B", "Ana-B", "ana_b"):
        other = t.entry(name, tmp_path)  # used to raise "the progress is 'Ana B''s"
        assert other.index == 0 and other.name == name
        play_some(other, random.Random(2), 3)
        other.save_progress(tmp_path)
    assert t.entry("ana  b", tmp_path).progress() == first.progress()  # the same student carries on
    assert len(list(tmp_path.glob(".*.progress.json"))) == 4
