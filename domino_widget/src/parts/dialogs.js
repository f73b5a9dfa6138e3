// What asks the person first: "Start a new match?", a saved match to carry on, the screen to
// pass at a two-person table, and the note that Python has gone.
import { button, h } from "./dom.js";
import { tr } from "./words.js";

/** "Start a new match?" with Keep playing as the safe default. */
export function drawConfirm(table, s) {
  if (!table.confirming) return null;
  const t = tr(table);
  const scores = s.scoreboard.sides.map((side) => `${side.label} ${side.points}`).join(", ");
  return h("section", { class: "dl-confirm", role: "alertdialog", "aria-label": t("Start a new match?") }, [
    h("p", { text: t("Start a new match? This one (hand {hand}; {scores}) ends here, unfinished.", { hand: s.hand_number, scores }) }),
    h("div", { class: "dl-actions" }, [
      button(table, "confirm:new", t("Start a new match"), () => {
        table.confirming = false;
        table.send("new_match");
      }),
      button(table, "confirm:keep", t("Keep playing"), () => table.closeConfirm(), { primary: true }),
    ]),
  ]);
}

/** Why the table has stopped and how to carry on. */
export function drawDead(table) {
  if (!table.dead) return null;
  return h("section", { class: "dl-dead-note", role: "alert" }, [h("strong", { text: `${tr(table)("This table has stopped.")} ` }), table.dead]);
}

/** A saved match: carry on, or start a new one. */
export function drawOffer(table, s) {
  if (!s.offer) return null;
  const t = tr(table);
  return h("section", { class: "dl-offer", role: "alertdialog", "aria-label": t("Saved match") }, [
    h("p", { text: s.offer }),
    h("div", { class: "dl-actions" }, [
      button(table, "offer:resume", t("Carry on (C)"), () => table.send("resume"), { primary: true, keyed: "carry" }),
      button(table, "offer:discard", t("Start a new match"), () => table.send("discard")),
    ]),
  ]);
}

/** Two people at one screen: no hand shows until the next one asks for theirs. */
export function drawScreen(table, s) {
  const name = s.screen.name;
  const t = tr(table);
  return h("section", { class: "dl-you dl-screen", "aria-label": t("Pass the screen to {name}", { name }) }, [
    h("p", { class: "dl-screen-text", text: t("Pass the screen to {name}.", { name }) }),
    h("p", { class: "dl-muted", text: t("{name}: show your tiles when only you can see the screen.", { name }) }),
    button(table, "action:show", t("Show {name}'s tiles (S)", { name }), () => table.send("reveal"), { primary: true, keyed: "show", extra: "dl-primary" }),
  ]);
}
