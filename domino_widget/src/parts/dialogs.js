// What asks the person first: "Start a new match?", a saved match to carry on, the screen to
// pass at a two-person table, and the note that Python has gone.
import { button, h } from "./dom.js";

/** "Start a new match?" with Keep playing as the safe default. */
export function drawConfirm(table, s) {
  if (!table.confirming) return null;
  const scores = s.scoreboard.sides.map((side) => `${side.label} ${side.points}`).join(", ");
  return h("section", { class: "dl-confirm", role: "alertdialog", "aria-label": "Start a new match?" }, [
    h("p", { text: `Start a new match? This one (hand ${s.hand_number}; ${scores}) ends here, unfinished.` }),
    h("div", { class: "dl-actions" }, [
      button(table, "confirm:new", "Start a new match", () => {
        table.confirming = false;
        table.send("new_match");
      }),
      button(table, "confirm:keep", "Keep playing", () => table.closeConfirm(), { primary: true }),
    ]),
  ]);
}

/** Why the table has stopped and how to carry on. */
export function drawDead(table) {
  if (!table.dead) return null;
  return h("section", { class: "dl-dead-note", role: "alert" }, [h("strong", { text: "This table has stopped. " }), table.dead]);
}

/** A saved match: carry on, or start a new one. */
export function drawOffer(table, s) {
  if (!s.offer) return null;
  return h("section", { class: "dl-offer", role: "alertdialog", "aria-label": "Saved match" }, [
    h("p", { text: s.offer }),
    h("div", { class: "dl-actions" }, [
      button(table, "offer:resume", "Carry on (C)", () => table.send("resume"), { primary: true, shortcut: "c" }),
      button(table, "offer:discard", "Start a new match", () => table.send("discard")),
    ]),
  ]);
}

/** Two people at one screen: no hand shows until the next one asks for theirs. */
export function drawScreen(table, s) {
  const name = s.screen.name;
  return h("section", { class: "dl-you dl-screen", "aria-label": `Pass the screen to ${name}` }, [
    h("p", { class: "dl-screen-text", text: `Pass the screen to ${name}.` }),
    h("p", { class: "dl-muted", text: `${name}: show your tiles when only you can see the screen.` }),
    button(table, "action:show", `Show ${name}'s tiles (S)`, () => table.send("reveal"), { primary: true, shortcut: "s", extra: "dl-primary" }),
  ]);
}
