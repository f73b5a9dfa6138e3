"""How strong is the search player, and how long does it think?

Run: ``python benchmarks/search.py`` for everything (hours on 2 cores), or pick:

* ``python benchmarks/search.py strength --pairing medium-v-baseline --hands 2000``: one
  pairing in duplicate format (every deal played with the players in every seat);
  prints the paired points margin a hand with its 95% interval (``result.compare``).
  ``--ledger DIR`` keeps the deals as they end and resumes a stopped run (``ledger.py``).
* ``python benchmarks/search.py timing``: each level's time per decision (median, p90),
  wall clock and CPU, over the decisions of a few hundred hands (only decisions with more
  than one legal move; a forced move costs nothing).

Pairings (A v B):

=========================  =============================================================
``medium-v-baseline``      new "medium" v the pre-issue-12 player's "medium" (standard)
``medium-v-baseline-4``    the same in the partnership game (4 players, no boneyard)
``medium-v-easy``          standard, 2 players (and ``hard-v-medium``; ``flat-hard-v-medium``
                           and ``expert-v-flat-hard``: with hard as it was before its tree)
``expert-v-hard``          standard, 2 players (and ``-4``: partnership)
``medium-v-greedy``        standard, 2 players (and ``medium-v-strategy``)
``keep-v-medium``          experiment: play-outs that keep matching tiles v the shipped policy
``weighted-v-medium``      experiment: deals weighed by the others' past plays v unweighted
``nonoise-v-medium``       experiment: play-outs with no random moves v 20% random moves
``keep-expert-v-hard``     experiment: expert with the play-outs that keep matching tiles v hard
``exact-expert-v-hard``    experiment: expert solving endgames exactly from 4x larger positions
``sharp-v-medium``         experiment: keeping play-outs with no random moves (and ``combo-``)
``tree-hard-v-hard``       experiment: the search tree at hard's budget v hard's play-outs
                           (adopted: hard searches the tree since 2026-11-28)
``narrow-hard-v-hard``     experiment: the same, exploring half as much
``flat-expert-v-hard``     expert as it was before it searched a tree (more deals only) v hard
``expert-v-flat-expert``   expert (a tree) v expert as it was
``tree-medium-v-medium``   experiment: a tree at about medium's time v medium (and ``-4``)
``treetime-v-flat-hard``   experiment: the tree at about the time hard's play-outs take
                           (half the work) v hard's play-outs (hard before it took the tree)
``others-hard-v-hard``     experiment: the other seats in the tree choosing as the play-outs'
                           policy does (it sees their hands) v by UCB, as shipped
                           (``others-expert-v-expert``; ``others-expert-v-hard`` the ladder's rung)
``weighted-hard-v-hard``   experiment: deals weighed by the others' past plays in hard's tree
                           v hard (``weighted-expert-v-expert``)
``ARM-LEVEL-v-LEVEL``      issue 46's ablation at a level's budget, ARM one of ``depth``
                           (each deal searched 4 moves deep with an evaluation; ``depth2``,
                           ``depth6``), ``adaptive`` (work saved on clear decisions, spent on
                           close ones), ``adaptive-depth`` (both), ``tree`` (expert's tree;
                           ``tree-hard-v-hard-4``: in the partnership game)
=========================  =============================================================

The experiments' expert and hard levels value every move over deals (``FlatSearch``, the
``+flat`` players), as they did when the experiments were run, and each ablation arm is
measured against its level's play-outs; ``expert-v-hard`` and ``hard-v-medium`` measure the
shipped levels (hard and expert search a tree).

Targets (issue 12): medium v the baseline's medium above +2 points a hand (95% interval)
in both games; hard v medium and expert v hard above 0; medium at most 50 ms a decision
(median), hard at most 200 ms.  The measured tables are kept in benchmarks/README.md.
Nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import functools
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ledger
from baseline_search import BaselineSearchPlayer

import dominolab as dl

PAIRINGS = {
    "medium-v-baseline": ("standard", "medium", "baseline-medium"),
    "medium-v-baseline-4": ("partnership", "medium", "baseline-medium"),
    "medium-v-easy": ("standard", "medium", "easy"),
    "hard-v-medium": ("standard", "hard", "medium"),
    "expert-v-hard": ("standard", "expert", "hard"),
    "hard-v-medium-4": ("partnership", "hard", "medium"),
    "medium-v-greedy": ("standard", "medium", "greedy"),
    "medium-v-strategy": ("standard", "medium", "strategy"),
    "medium-v-strategy-4": ("partnership", "medium", "strategy"),
    # Experiments: a change to the play-outs or the sampling against the shipped medium.
    "keep-v-medium": ("standard", "medium+keep", "medium"),
    "weighted-v-medium": ("standard", "medium+weighted", "medium"),
    "nonoise-v-medium": ("standard", "medium+nonoise", "medium"),
    "keep-expert-v-hard": ("standard", "expert+keep", "hard+flat"),
    "exact-expert-v-hard": ("standard", "expert+exact", "hard+flat"),
    # The play-out changes together (2026-11-24): at equal budget, then at expert's.
    "sharp-v-medium": ("standard", "medium+sharp", "medium"),
    "combo-v-medium": ("standard", "medium+combo", "medium"),
    "sharp-expert-v-hard": ("standard", "expert+sharp", "hard+flat"),
    # A search tree over the seat's later decisions (2026-11-24): at hard's budget, with
    # UCB's constant as shipped and halved; expert (a tree since) against expert as it was.
    "tree-hard-v-hard": ("standard", "hard+tree", "hard+flat"),
    "narrow-hard-v-hard": ("standard", "hard+narrow", "hard+flat"),
    "flat-expert-v-hard": ("standard", "expert+flat", "hard+flat"),
    "expert-v-flat-expert": ("standard", "expert", "expert+flat"),
    "expert-v-hard-4": ("partnership", "expert", "hard"),
    "tree-medium-v-medium": ("standard", "medium+treetime", "medium"),
    "tree-medium-v-medium-4": ("partnership", "medium+treetime", "medium"),
    # issue 46's ablation: the deal searched to a depth, the adaptive budget, at each level
    **{f"{arm}-{level}-v-{level}": ("standard", f"{level}+{arm}", f"{level}+flat")
       for arm in ("depth", "depth2", "depth6", "adaptive", "adaptive-depth", "tree")
       for level in ("easy", "medium", "hard", "expert")},
    "tree-hard-v-hard-4": ("partnership", "hard+tree", "hard+flat"),
    # The tree at about the time hard's play-outs take (half the work) v hard as it was.
    "treetime-v-flat-hard": ("standard", "hard+treetime", "hard+flat"),
    # The ladder's rungs as they were measured before hard took up the tree.
    "flat-hard-v-medium": ("standard", "hard+flat", "medium"),
    "expert-v-flat-hard": ("standard", "expert", "hard+flat"),
    # The other seats in the tree choosing by the policy (their hands) v by UCB (the shipped tree).
    "others-hard-v-hard": ("standard", "hard+others", "hard"),
    "others-expert-v-expert": ("standard", "expert+others", "expert"),
    "others-expert-v-hard": ("standard", "expert+others", "hard+others"),
    # Deals weighed by the others' past plays, in the tree (issue 46's ablation).
    "weighted-hard-v-hard": ("standard", "hard+weightedtree", "hard"),
    "weighted-expert-v-expert": ("standard", "expert+weightedtree", "expert"),
}


class FlatSearch(dl.SearchPlayer):
    """The search player as it was before expert searched a tree: every level values each
    move over the same deals (the experiments below were measured on it)."""

    TREE_LEVELS: ClassVar[frozenset[str]] = frozenset()


class KeepingSearch(FlatSearch):
    """Play-outs that also keep tiles matching the number a play leaves showing."""

    POLICY: ClassVar[dict[str, float]] = {"noise": 0.2, "keep_bonus": 2.0}


class WeightedSearch(FlatSearch):
    """Deals weighed by how likely the other seats' past plays were under them."""

    WEIGHTING = 0.3


class NoNoiseSearch(FlatSearch):
    """Play-outs that always shed the heaviest playable tile (no random moves)."""

    POLICY: ClassVar[dict[str, float]] = {"noise": 0.0}


class DeepExactSearch(FlatSearch):
    """Exact endgames earlier: one deal may take a quarter of the budget in solver nodes."""

    EXACT_SHARE = 4


class SharpSearch(FlatSearch):
    """Keeping play-outs with no random moves: KeepingSearch's policy with NoNoiseSearch's noise."""

    POLICY: ClassVar[dict[str, float]] = {**KeepingSearch.POLICY, **NoNoiseSearch.POLICY}


class ComboSearch(SharpSearch):
    """Keeping play-outs with no random moves, and deals weighed as WeightedSearch weighs them."""

    WEIGHTING = WeightedSearch.WEIGHTING


class TreeSearch(dl.SearchPlayer):
    """Expert's search tree over the seat's later decisions, at every level (at hard's
    budget: is the tree better than valuing moves over deals for the same work?)."""

    TREE_LEVELS: ClassVar[frozenset[str]] = frozenset(dl.SearchPlayer.LEVELS)


class NarrowTreeSearch(TreeSearch):
    """TreeSearch exploring half as much."""

    EXPLORATION = TreeSearch.EXPLORATION / 2


class EqualTimeTreeSearch(TreeSearch):
    """TreeSearch with about half of each level's work, which takes it about the flat
    search's time (the tree spends about twice the time on a unit of work)."""

    LEVELS: ClassVar[dict[str, int]] = {level: work // 2 for level, work in dl.SearchPlayer.LEVELS.items()}


class OthersByPolicySearch(dl.SearchPlayer):
    """The tree with the other seats choosing in it as the play-outs' policy does (which
    sees their hands in each deal) instead of by UCB over what the searching seat has seen."""

    TREE_OTHERS = "policy"


class WeightedTreeSearch(dl.SearchPlayer):
    """The shipped levels with deals weighed by the others' past plays (the tree keeps a
    deal with a chance of its weight), now that the tree's values are sharper."""

    WEIGHTING = WeightedSearch.WEIGHTING


class DepthSearch(FlatSearch):
    """Each deal too large to solve searched 4 moves deep with an evaluation
    (``search.evaluate(depth=4)``) instead of played out."""

    DEPTH = 4


class Depth2Search(FlatSearch):
    """The same, 2 moves deep."""

    DEPTH = 2


class Depth6Search(FlatSearch):
    """The same, 6 moves deep."""

    DEPTH = 6


class AdaptiveSearch(FlatSearch):
    """Stops where the best move is clear and spends the saving where the top two are close."""

    ADAPTIVE = True


class AdaptiveDepthSearch(DepthSearch):
    """DepthSearch and AdaptiveSearch together."""

    ADAPTIVE = True


VARIANTS = {"depth": DepthSearch, "depth2": Depth2Search, "depth6": Depth6Search, "adaptive": AdaptiveSearch,
            "adaptive-depth": AdaptiveDepthSearch, "flat": FlatSearch, "keep": KeepingSearch,
            "weighted": WeightedSearch, "nonoise": NoNoiseSearch,
            "exact": DeepExactSearch, "sharp": SharpSearch, "combo": ComboSearch, "tree": TreeSearch,
            "narrow": NarrowTreeSearch, "treetime": EqualTimeTreeSearch, "others": OthersByPolicySearch,
            "weightedtree": WeightedTreeSearch}


def player(spec: str, **options):
    """A player factory (taking a seed) from a name in PAIRINGS."""
    if spec.startswith("baseline-"):
        return functools.partial(BaselineSearchPlayer, level=spec.split("-", 1)[1])
    if spec in dl.SearchPlayer.LEVELS:
        return functools.partial(dl.SearchPlayer, level=spec, **options)
    if "+" in spec:
        level, variant = spec.split("+")
        return functools.partial(VARIANTS[variant], level=level, **options)
    return spec


def strength(name: str, hands: int, seed: int, workers: int, ledgers: Path | None = None) -> None:
    preset, a, b = PAIRINGS[name]
    rules = dl.Rules.preset(preset)
    seats = [player(a), player(b)] * (2 if rules.partnerships else 1)
    deals = -(-hands // len(seats))
    where = ledgers / f"{name}-seed{seed}-{deals}deals.jsonl" if ledgers else None
    result, took = ledger.run(rules, seats, deals, seed, ledger=where, what=f"search.py strength {name}",
                              workers=workers)
    c = result.compare(0, 1)
    sa, sb = result.stats[0], result.stats[1]
    ms = [statistics.median(t) * 1000 if t else float("nan") for t in result.times[:2]]
    low, high = c.margin_interval
    print(f"| {name} ({preset}) | {result.hands} | {c.margin:+.2f} ({low:+.2f}..{high:+.2f}) "
          f"| {100 * sa.win_rate:.1f} / {100 * sb.win_rate:.1f} | {sa.points_per_hand:.2f} / {sb.points_per_hand:.2f} "
          f"| {ms[0]:.1f} / {ms[1]:.1f} | {took:.0f} |", flush=True)


def timing(hands: int, seed: int, levels: list[str], preset: str) -> None:
    """Time each level's decisions in hands between two players of that level."""
    rules = dl.Rules.preset(preset)
    players = rules.player_counts[0] if rules.partnerships else 2
    for level in levels:
        wall, cpu = [], []
        for hand in range(hands):
            seats = [dl.SearchPlayer(seed + 31 * hand + s, level=level) for s in range(players)]
            r = dl.Round.deal(rules, players, seed=seed + hand)
            while not r.is_over:
                view = r.view(r.turn)
                t0, c0 = time.perf_counter(), time.process_time()
                move = seats[r.turn].choose(view)
                if len(view.legal) > 1:
                    wall.append(time.perf_counter() - t0)
                    cpu.append(time.process_time() - c0)
                r.play(move)
        def ms(times: list[float]) -> str:
            return f"{statistics.median(times) * 1000:.1f} | {statistics.quantiles(times, n=10)[-1] * 1000:.1f}"

        print(f"| {level} | {dl.SearchPlayer.LEVELS[level]:,} | {len(wall)} | {ms(wall)} | {ms(cpu)} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what")
    s = sub.add_parser("strength")
    s.add_argument("--pairing", action="append", choices=list(PAIRINGS))
    s.add_argument("--hands", type=int, default=2000)
    s.add_argument("--workers", type=int, default=2)
    s.add_argument("--seed", type=int, default=2026)
    s.add_argument("--ledger", type=Path, metavar="DIR",
                   help="keep each 50 deals as they end in a file in DIR, and resume from it (ledger.py)")
    t = sub.add_parser("timing")
    t.add_argument("--hands", type=int, default=40)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--level", action="append", choices=list(dl.SearchPlayer.LEVELS))
    t.add_argument("--preset", default="standard")
    args = parser.parse_args()
    random.seed(0)
    print(f"Domino Lab {dl.__version__}, Python {platform.python_version()}; levels "
          + ", ".join(f"{k} {v:,}" for k, v in dl.SearchPlayer.LEVELS.items()))
    if args.what in (None, "timing"):
        print("\n| level | budget | decisions | median ms | p90 ms | median CPU ms | p90 CPU ms |")
        print("|---|---|---|---|---|---|---|")
        timing(getattr(args, "hands", 40), getattr(args, "seed", 1),
               getattr(args, "level", None) or list(dl.SearchPlayer.LEVELS), getattr(args, "preset", "standard"))
    if args.what in (None, "strength"):
        print("\n| pairing (A v B) | hands | A's points margin a hand (95% CI) | wins % A / B | points a hand A / B "
              "| median ms A / B | seconds |\n|---|---|---|---|---|---|---|")
        for name in getattr(args, "pairing", None) or list(PAIRINGS):
            strength(name, getattr(args, "hands", 2000), getattr(args, "seed", 2026), getattr(args, "workers", 2),
                     getattr(args, "ledger", None))


if __name__ == "__main__":
    main()
