// The table's header: its title (rules, hand, target; or the tournament), the scores and
// New match.
import { button, h } from "./dom.js";
import { tr } from "./words.js";
import { drawHands, drawScores } from "./scores.js";

/** @param {any} table  the table (for `dead` and `askNewMatch`) @param {any} s  the snapshot */
export function drawHeader(table, s) {
  const board = s.scoreboard;
  const tour = s.tournament;
  const t = tr(table);
  if (s.coach && s.coach.kind === "puzzle") {
    // A puzzle is not part of the match: no hand number, target, scores or New match.
    return h("div", { class: "dl-header" }, [
      h("div", { class: "dl-title" }, [h("strong", { text: "Domino Lab" }), h("span", { class: "dl-muted", text: ` · ${t("Puzzles")}` })]),
    ]);
  }
  return h("div", { class: "dl-header" }, [
    h("div", { class: "dl-title" }, [
      h("strong", { text: "Domino Lab" }),
      tour
        ? h("span", {
            class: "dl-tournament-banner",
            "data-key": "tournament:banner",
            text: ` · ${tour.banner} · ${t.n("{name}: {count} point", "{name}: {count} points", tour.points, { name: tour.name })}`,
          })
        : h("span", {
            class: "dl-muted",
            text: ` · ${t("{rules} · hand {hand} · first to {target}", { rules: s.rules.said ?? s.rules.name, hand: s.hand_number, target: board.target })}`,
          }),
    ]),
    tour ? null : drawScores(board, t),
    drawHands(board, t),
    // A tournament plays its own hands: no new match, no undo, no hints (Python refuses them too).
    tour ? null : button(table, "action:new", t("New match"), () => table.askNewMatch(), { extra: "dl-quiet", aria: t("Start a new match") }),
  ]);
}
