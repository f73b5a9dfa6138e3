"""The sentences of :meth:`Rules.describe <dominolab.rules.Rules.describe>`: one per
dimension of the variant catalogue (R1-R18), each true for every player count the rules
allow, built in the language of the moment ``describe()`` runs.

Only words: every rule is decided in the engine (:mod:`dominolab.rules` holds the fields,
:mod:`dominolab.round` and :mod:`dominolab.scoring` decide them); this module reads a
``Rules`` object's fields and says them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import N_, _, ngettext, pgettext
from .words import count_in_words, list_or, number_word, points_count

if TYPE_CHECKING:
    from .rules import Rules  # rules.py imports this module to describe itself


# ---------------------------------------------------------------------- descriptions
# Every sentence is one message with named parts (``pybabel extract`` reads them), said in the
# language of the moment ``describe()`` runs; a clause may stand in for a placeholder only where
# it is a whole clause of its own (after a colon, a semicolon or "so").
_INDIVIDUAL_SCORE = {
    "others-minus-own": N_("the pips left in the other hands minus their own (never below zero)"),
    "differences": N_("the sum of the differences between each other hand and their own "
                      "(10 against 14 and 15 scores 4 + 5 = 9; never below zero)"),
    "all-pips": N_("every pip left in all hands, their own included"),
    "others": N_("the pips left in the other hands"),
    "one-point": N_("one point"),
}
_TEAM_SCORE = {
    "others-minus-own": N_("the difference between the two teams' pips"),
    "differences": N_("the difference between the two teams' pips"),
    "all-pips": N_("every pip left in the four hands, its own included"),
    "others": N_("the losing team's pips"),
    "one-point": N_("one point"),
}
_PARTNER_SCORE = {
    "others-minus-own": N_("the pips left in the opponents' hands minus their own (never below zero)"),
    "differences": N_("the sum of the differences between each opponent's hand and their own (never below zero)"),
    "all-pips": N_("every pip left in the four hands, their own and their partner's included"),
    "others": N_("the pips left in the opponents' hands"),
    "one-point": N_("one point"),
}
_LEADER = {
    "turn-up-lowest": N_("each player turns up a tile from the shuffled set and whoever shows the fewest "
                         "pips leads (tied players turn up again); the tiles go back before the deal."),
    "turn-up-highest": N_("each player turns up a tile from the shuffled set and whoever shows the most "
                          "pips leads (tied players turn up again); the tiles go back before the deal."),
    "lots": N_("each player turns up a tile; the pip total divided by the number of players (the whole "
               "part), plus one, counted round the table from seat 0, names the leader."),
    "first-seat": N_("seat 0 leads."),
}
_LATER_LEADS = {
    "rotate-left": N_("the lead passes to the left (the next seat) each hand, with any tile."),
    "same": N_("the same player leads every hand, with any tile."),
    "first-hand-rule": N_("every hand is led by the same rule as the first."),
}
_TEAM_RULES = {
    "went-out": N_("the team of the player who dominoes wins the hand; a blocked hand goes to the team "
                   "with fewer pips. The hand score is worked on the team totals."),
    "fewest-pips": N_("the team with fewer pips wins, even when a player of the other team dominoed "
                      "(equal totals are a tie). The hand score is worked on the team totals."),
    "player": N_("each hand is won and scored as if everyone played alone, counting only the opponents' "
                 "hands, and partners add their scores."),
}
#: R12's tie rules: (for teams, for players alone).
_TIE_RULES = {
    "nobody": (N_("nobody scores."), N_("nobody scores.")),
    "fewest-tiles": (N_("the tied team with the fewest tiles wins (still tied: nobody scores)."),
                     N_("the tied player with the fewest tiles wins (still tied: nobody scores).")),
    "lowest-heaviest-end": (N_("the tied team whose highest single half is lowest wins (still tied: "
                               "nobody scores)."),
                            N_("the tied player whose highest single half is lowest wins (still tied: "
                               "nobody scores).")),
    "blocker": (N_("the team whose player made the last play wins if it is among the tied; otherwise nobody "
                   "scores."),
                N_("the player who made the last play wins if they are among the tied; otherwise nobody "
                   "scores.")),
    "ignore-tied": (N_("the tied teams are set aside and the fewest pips among the rest wins (nobody left, "
                       "or a tie again: nobody scores)."),
                    N_("the tied players are set aside and the fewest pips among the rest wins (nobody left, "
                       "or a tie again: nobody scores).")),
}


def _describe_fields(r: Rules) -> list[str]:
    """One sentence per dimension, each true for every player count ``r`` allows."""
    counts = r.player_counts
    left = {n: r.set_size - n * r.hand_size(n) for n in counts}  # tiles not dealt
    drawable = {n: r.drawable(left[n]) for n in counts}  # ... that may be drawn
    dealt_out = [n for n in counts if left[n] == 0]
    by_team = r.partnerships and r.team_winner != "player"
    can_draw = r.can_draw and any(drawable.values())
    return [
        *_describe_set(r, left, dealt_out),
        *_describe_leads(r, dealt_out, by_team),
        *_describe_drawing(r, left, drawable, can_draw),
        *_describe_hand_end(r, can_draw),
        *_describe_scoring(r, by_team),
        _describe_match(r),
        _describe_redeal(r, dealt_out),
    ]


def _describe_set(r: Rules, left: dict[int, int], dealt_out: list[int]) -> list[str]:
    """R1-R3: the tiles, the players, the hands and what is left of the set after the deal
    (``left``: tiles not dealt, by player count; ``dealt_out``: the counts that deal every tile)."""
    counts = r.player_counts
    out = []
    if r.doubles:
        out.append(_("Tiles (R1): a double-{number} set of {count} tiles.").format(
            number=number_word(r.max_pip), count=r.set_size))
    else:
        out.append(_("Tiles (R1): a double-{number} set without doubles, {count} tiles.").format(
            number=number_word(r.max_pip), count=r.set_size))
    if r.partnerships:
        out.append(_("Players (R2): 4, as two partnerships, partners sitting opposite (seats 0 and 2 against 1 "
                     "and 3)."))
    else:
        out.append(_("Players (R2): {counts}, each playing alone.").format(counts=list_or(counts)))

    by_size: dict[int, list[int]] = {}
    for n in counts:
        by_size.setdefault(r.hand_size(n), []).append(n)
    if len(dealt_out) == len(counts):
        rest = _("every tile is dealt, so there is no boneyard")
    elif dealt_out:
        rest = (_("the rest form the boneyard (with {counts} players every tile is dealt)") if r.can_draw
                else _("the rest are set aside, out of play (there is no drawing) (with {counts} players every "
                       "tile is dealt)")).format(counts=list_or(dealt_out))
    else:
        rest = (_("the rest form the boneyard") if r.can_draw
                else _("the rest are set aside, out of play (there is no drawing)"))
    hands = "; ".join(_("{players} players take {size}").format(players=list_or(p), size=s)
                      for s, p in by_size.items())
    out.append(_("Hands (R3): {hands}; {rest}.").format(hands=hands, rest=rest))
    return out


def _describe_leads(r: Rules, dealt_out: list[int], by_team: bool) -> list[str]:
    """R4-R6: who leads the first hand and with what, and who leads the later ones."""
    return [_("First lead (R4, R5): {lead}").format(lead=_first_lead(r, dealt_out)),
            _("Later leads (R6): {rule}").format(rule=_later_leads(r, by_team))]


def _first_lead(r: Rules, dealt_out: list[int]) -> str:
    """R4, R5: the first hand's leader and lead tile (under "top-double", how the top double
    is found when it is not dealt)."""
    counts = r.player_counts
    floor = r.boneyard_floor
    top = f"{r.max_pip}-{r.max_pip}"
    if r.first_leader == "top-double":
        lead = _("the holder of the {top} leads it: the game starts with the {top}.").format(top=top)
        if dealt_out != list(counts):
            if not r.can_draw:
                more = _("If the {top} is not dealt, the tiles are dealt again (nobody may draw).")
            elif r.draw_cost and floor:
                more = _("If it is in the boneyard, the players take one tile each in turn, starting from a "
                         "seat chosen at random with the deal, until someone draws it (without paying for those "
                         "draws); if it is among the last {count} tiles, which must stay, the tiles are dealt "
                         "again instead.")
            elif r.draw_cost:
                more = _("If it is in the boneyard, the players take one tile each in turn, starting from a "
                         "seat chosen at random with the deal, until someone draws it (without paying for those "
                         "draws).")
            elif floor:
                more = _("If it is in the boneyard, the players take one tile each in turn, starting from a "
                         "seat chosen at random with the deal, until someone draws it; if it is among the last "
                         "{count} tiles, which must stay, the tiles are dealt again instead.")
            else:
                more = _("If it is in the boneyard, the players take one tile each in turn, starting from a "
                         "seat chosen at random with the deal, until someone draws it.")
            lead += " " + more.format(top=top, count=count_in_words(floor))
    else:
        if r.first_leader == "highest-double":
            leader = (_("the holder of the highest double leads; if nobody holds a double, the holder of the "
                        "heaviest tile does (between equal totals, the higher half decides).") if r.doubles
                      else _("the holder of the heaviest tile leads (the set has no doubles; between equal "
                             "totals, the higher half decides)."))
        else:
            leader = _(_LEADER[r.first_leader])
        if r.lead_tile == "any":
            tile = _("The first tile may be any tile.")
        elif r.lead_tile == "highest-double":
            tile = (_("They must lead their highest double, or their heaviest tile if they hold no double.")
                    if r.doubles else _("They must lead their heaviest tile."))
        else:
            tile = _("They must lead their heaviest tile (any one of them if several weigh the same).")
        lead = leader + " " + tile
    return lead


def _later_leads(r: Rules, by_team: bool) -> str:
    """R6: who leads the hands after the first."""
    if r.next_leader == "winner":
        return (_("the winner of the last hand leads, with any tile; after a hand nobody won, or one a team won "
                   "without its player going out, the first-hand rule decides.") if by_team
                 else _("the winner of the last hand leads, with any tile; after a hand nobody won, the first-hand "
                        "rule decides."))
    else:
        return _(_LATER_LEADS[r.next_leader])


def _describe_drawing(r: Rules, left: dict[int, int], drawable: dict[int, int], can_draw: bool) -> list[str]:
    """R7-R9, R18: drawing when unable and when able to play, the boneyard's floor, the cost
    of a draw and where a drawn tile comes from (``drawable``: tiles that may be drawn after
    the deal, by player count; ``can_draw``: some count leaves one)."""
    counts = r.player_counts
    floor = r.boneyard_floor
    out = []
    if not r.can_draw:
        out.append(_("Drawing (R7, R8): none, as in the Block game: a player who cannot play passes."))
    elif not can_draw:
        why = (_("every tile is dealt") if not any(left.values())
               else _("the tiles left after the deal are among the last {count}, which must stay").format(
                   count=count_in_words(floor)))
        out.append(_("Drawing (R7, R8): allowed, but nothing is left to draw ({why}), so a player who cannot "
                     "play passes.").format(why=why))
    else:
        if r.draw_limit is None:
            unable = _("a player who cannot play draws one tile at a time until they can")
        elif r.draw_limit == 1:
            unable = _("a player who cannot play draws one tile and passes if it does not fit")
        else:
            unable = _("a player who cannot play draws one tile at a time, at most {count} a turn, and passes "
                       "if none of them fits").format(count=count_in_words(r.draw_limit))
        if r.draw_when_able and r.draw_limit is None:
            able = _("drawing is also allowed when able to play, even after drawing a playable tile "
                     "(to hunt for a blocking tile)")
        elif r.draw_when_able:
            able = _("drawing is also allowed when able to play, even after drawing a playable tile "
                     "(to hunt for a blocking tile), within the same limit")
        else:
            able = _("drawing is not allowed while holding a playable tile")
        out.append(_("Drawing (R7, R8): {unable}; {able}. The leader may not draw instead of leading.").format(
            unable=unable, able=able))
        floor_text = (_("every tile may be drawn") if floor == 0
                      else _("the last {count} tiles always stay in the boneyard").format(
                          count=count_in_words(floor)))
        sentences = [_("Boneyard (R9, R18): {floor}; a player who can neither play nor draw passes.").format(
            floor=floor_text)]
        empty = [n for n in counts if drawable[n] == 0]
        if empty:
            sentences.append(_("With {counts} players nothing is left to draw after the deal.").format(
                counts=list_or(empty)))
        if r.draw_cost:
            sentences.append(_("Each tile drawn costs its drawer {points}.").format(
                points=points_count(r.draw_cost, words=True)))
        sentences.append(
            _("Tiles are drawn from a shuffled stock.") if r.draw_from == "shuffled-stock"
            else _("Tiles are drawn from one end of a row laid out after the deal; nobody chooses which."))
        out.append(" ".join(sentences))
    return out


def _describe_hand_end(r: Rules, can_draw: bool) -> list[str]:
    """R10, R11: what a blocked layout does, and when a hand ends."""
    floor = r.boneyard_floor
    out = []
    finish = (_("the hand ends and is scored") if r.stuck_end == "at-once"
              else _("everyone passes in turn and the hand is scored"))
    if r.blocked_layout == "ends-hand":
        blocked = _("the hand ends at once and is scored, without drawing.")
    elif not can_draw:
        blocked = _("nobody can play or draw, so {finish}.").format(finish=finish)
    elif r.draw_limit is None:
        blocked = (_("play goes on: the next player must draw every tile that may still be drawn (all but the "
                     "last {count}), and then {finish}.") if floor
                   else _("play goes on: the next player must draw every tile that may still be drawn (the whole "
                          "boneyard), and then {finish}.")).format(count=count_in_words(floor), finish=finish)
    else:
        per_turn = (_("one tile a turn") if r.draw_limit == 1
                    else _("up to {count} a turn").format(count=count_in_words(r.draw_limit)))
        blocked = _("play goes on: the players draw in turn, {per_turn}, until no tile may be drawn; then "
                    "{finish}.").format(per_turn=per_turn, finish=finish)
    out.append(_("Blocked layout (R10): when both ends show numbers whose tiles are all on the table, "
                 "{rule}").format(rule=blocked))
    stuck = (_("a hand where nobody can play or draw ends at once.") if r.stuck_end == "at-once"
             else _("a hand where nobody can play or draw ends once every player has passed in turn "
                    "(saying \"Go\")."))
    if r.blocked_layout == "ends-hand":
        out.append(_("End of hand (R11): when a player plays their last tile (dominoes), when the layout is "
                     "blocked (R10), or when nobody can play or draw; {stuck}").format(stuck=stuck))
    else:
        out.append(_("End of hand (R11): when a player plays their last tile (dominoes), or when nobody can "
                     "play or draw; {stuck}").format(stuck=stuck))
    return out


def _describe_scoring(r: Rules, by_team: bool) -> list[str]:
    """R12-R15: who wins a blocked hand, what a hand scores, what the tiles count, and the
    partnerships' rule."""
    out = []
    tie = _(_TIE_RULES[r.blocked_tie][0 if by_team else 1])
    out.append((_("Blocked hand winner (R12): the team with fewer pips wins; on a tie {tie}") if by_team
                else _("Blocked hand winner (R12): the player with the fewest pips wins; on a tie {tie}")).format(
        tie=tie))
    if by_team:
        out.append(_("Hand score (R13): the winning team scores {score}; the other team scores nothing.").format(
            score=_(_TEAM_SCORE[r.scoring])))
    elif r.partnerships:
        out.append(_("Hand score (R13): the winner scores {score}, for their team; the other team scores "
                     "nothing.").format(score=_(_PARTNER_SCORE[r.scoring])))
    else:
        out.append(_("Hand score (R13): the winner scores {score}. The others score nothing.").format(
            score=_(_INDIVIDUAL_SCORE[r.scoring])))
    if r.tile_values:
        special = ", ".join(_("{tile} counts {value}").format(tile=t, value=v) for t, v in r.tile_values)
        out.append(_("Tile values (R14): {special}; every other tile counts its pips.").format(special=special))
    else:
        out.append(_("Tile values (R14): every tile counts its pips."))
    if r.partnerships:
        out.append(_("Partnerships (R15): {rule}").format(rule=_(_TEAM_RULES[r.team_winner])))
    else:
        out.append(_("Partnerships (R15): not used."))
    return out


def _describe_match(r: Rules) -> str:
    """R16: the match's target, by the player counts that share it."""
    targets: dict[int, list[int]] = {}
    for n in r.player_counts:
        targets.setdefault(r.target_for(r.sides(n)), []).append(n)
    if len(targets) == 1:
        (points,) = targets
        return (_("Match (R16): the first partnership to reach {points} wins.") if r.partnerships
                else _("Match (R16): the first player to reach {points} wins.")).format(points=points_count(points))
    parts = "; ".join(_("{points} with {counts} players").format(points=points_count(points), counts=list_or(ns))
                      for points, ns in targets.items())
    return _("Match (R16): the first player to reach the target wins: {targets}.").format(targets=parts)


def _describe_redeal(r: Rules, dealt_out: list[int]) -> str:
    """R17: the deals that are thrown in (and R4's undrawable top double)."""
    floor = r.boneyard_floor
    top = f"{r.max_pip}-{r.max_pip}"
    redeal = []
    if r.redeal_doubles is not None:
        redeal.append(ngettext("a hand with {count} or more doubles", "a hand with {count} or more doubles",
                               r.redeal_doubles).format(count=count_in_words(r.redeal_doubles)))
    if r.redeal_suit is not None:
        redeal.append(_("a hand with {count} or more tiles of one number").format(
            count=count_in_words(r.redeal_suit)))
    if r.first_leader == "top-double" and dealt_out != list(r.player_counts) and (floor or not r.can_draw):
        redeal.append(_("a deal where the {top} must be found but cannot be drawn (R4)").format(top=top))
    if redeal:
        cases = redeal[0]
        for case in redeal[1:]:
            cases = pgettext("alternatives", "{first} or {second}").format(first=cases, second=case)
        return _("Redeal (R17): {cases} is thrown in and all hands are dealt again (automatically).").format(
            cases=cases)
    return _("Redeal (R17): never.")
