// The table's header: its title (rules, hand, target; or the tournament), the scores and
// New match.
import { button, h } from "./dom.js";
import { drawHands, drawScores } from "./scores.js";

/** @param {any} table  the table (for `dead` and `askNewMatch`) @param {any} s  the snapshot */
export function drawHeader(table, s) {
  const board = s.scoreboard;
  const t = s.tournament;
  if (s.coach && s.coach.kind === "puzzle") {
    // A puzzle is not part of the match: no hand number, target, scores or New match.
    return h("div", { class: "dl-header" }, [
      h("div", { class: "dl-title" }, [h("strong", { text: "Domino Lab" }), h("span", { class: "dl-muted", text: " · Puzzles" })]),
    ]);
  }
  return h("div", { class: "dl-header" }, [
    h("div", { class: "dl-title" }, [
      h("strong", { text: "Domino Lab" }),
      t
        ? h("span", { class: "dl-tournament-banner", "data-key": "tournament:banner", text: ` · ${t.banner} · ${t.name}: ${t.points} point${t.points === 1 ? "" : "s"}` })
        : h("span", { class: "dl-muted", text: ` · ${s.rules.name} · hand ${s.hand_number} · first to ${board.target}` }),
    ]),
    t ? null : drawScores(board),
    drawHands(board),
    // A tournament plays its own hands: no new match, no undo, no hints (Python refuses them too).
    t ? null : button(table, "action:new", "New match", () => table.askNewMatch(), { extra: "dl-quiet", aria: "Start a new match" }),
  ]);
}
