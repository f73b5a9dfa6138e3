// The end of a hand: the match result, the hand's title and explanation, Next hand or New
// match, the reviews on offer, and a tournament's saved result with its download.
import { button, h } from "./dom.js";
import { tr } from "./words.js";

/** @param {any} table  the table (`send`, `dead`, `resultUrl`) @param {any} s  the snapshot */
export function drawResult(table, s) {
  if (!s.result) return null;
  const r = s.result;
  const board = s.scoreboard;
  const tour = s.tournament;
  const t = tr(table);
  const next = board.match_over
    ? tour
      ? drawTournamentEnd(table, tour)
      : button(table, "action:next", t("New match (N)"), () => table.send("new_match"), { primary: true, keyed: "next", extra: "dl-primary" })
    : button(table, "action:next", t("Next hand (N)"), () => table.send("next_hand"), { primary: true, keyed: "next", extra: "dl-primary" });
  const review = (s.reviews || []).map((r, i) =>
    button(table, i === 0 ? "action:review" : `action:review:${r.seat}`, r.text, () => table.send("review", { seat: r.seat }), i === 0 ? { keyed: "review" } : {}),
  );
  const won = board.match_over && board.sides.some((side) => side.winner && side.mine);
  return h("section", { class: `dl-result${r.you_won ? " dl-won" : ""}`, "aria-label": t("Result of the hand") }, [
    board.result ? h("p", { class: `dl-match-result${won ? " dl-celebrate" : ""}`, role: "status", text: board.result }) : null,
    h("h3", { class: "dl-result-title", text: r.title }),
    h("p", { class: "dl-why", text: r.why }),
    h("pre", { class: "dl-explain", text: r.explanation }),
    next,
    ...review,
  ]);
}

/** The end of a tournament: its score, where Python saved the result, and a download of the
 * same file (on JupyterLite the kernel's files live in the browser's storage). */
export function drawTournamentEnd(table, t) {
  // no result to hand in (a tournament on the class hub, where the service keeps it): no download
  const link = t.result && h("a", {
    class: "dl-button dl-primary",
    "data-key": "action:download",
    "data-primary": "true",
    href: table.resultUrl(t.result),
    download: t.filename,
    text: tr(table)("Download result"),
  });
  return h("div", { class: "dl-tournament-end", role: "status" }, [
    h("p", { class: "dl-saved", "data-key": "tournament:saved", text: t.saved_text }),
    link || null,
  ]);
}

/** A function giving one object URL per result text (a Blob where the page has them, else a
 * data: URL); the previous Blob URL is let go when the text changes. */
export function resultUrls() {
  let last = { text: null, url: "" };
  return (text) => {
    if (last.text === text) return last.url;
    if (last.url.startsWith("blob:")) URL.revokeObjectURL(last.url);
    const canBlob = typeof Blob === "function" && typeof URL !== "undefined" && typeof URL.createObjectURL === "function";
    const url = canBlob
      ? URL.createObjectURL(new Blob([text], { type: "application/json" }))
      : `data:application/json;charset=utf-8,${encodeURIComponent(text)}`;
    last = { text, url };
    return url;
  };
}
