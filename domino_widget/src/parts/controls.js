// The controls under the hand (Draw, Pass, Undo, Hint), the end choice, and the status
// line with the notes (the view's own, Python's message, the hint).
import { button, h } from "./dom.js";
import { N_, tr } from "./words.js";

/** Draw, Pass, Undo (when the rules allow any), Hint (in teaching mode). */
export function drawActions(table, s) {
  const undo = s.undo.policy !== "off";
  const t = tr(table);
  return h("div", { class: "dl-actions" }, [
    button(table, "action:draw", t("Draw (D)"), () => table.act("draw"), { keyed: "draw", disabled: !s.can_draw }),
    button(table, "action:pass", t("Pass (P)"), () => table.act("pass"), { keyed: "pass", disabled: !s.can_pass }),
    undo
      ? button(table, "action:undo", t("Undo (U)"), () => table.act("undo"), { keyed: "undo", disabled: !s.undo.available, title: s.undo.why_not || null })
      : null,
    s.options.hints ? button(table, "action:hint", t("Hint (H)"), () => table.act("hint"), { keyed: "hint", disabled: !s.your_turn }) : null,
  ]);
}

/** Left, right or cancel, while a tile that fits both ends waits for its end. */
export function endChoice(table, ends) {
  if (!table.choosing) return null;
  const t = tr(table);
  return h("div", { class: "dl-actions dl-choice", role: "group", "aria-label": t("Where to play {tile}", { tile: table.spoken(table.choosing) }) }, [
    button(table, "choose:left", t("Left end: {number} (L)", { number: ends[0] }), () => table.chooseEnd("left"), { keyed: "left" }),
    button(table, "choose:right", t("Right end: {number} (R)", { number: ends[1] }), () => table.chooseEnd("right"), { keyed: "right" }),
    button(table, "choose:cancel", t("Cancel (Esc)"), () => table.cancelChoice(), { extra: "dl-quiet" }),
  ]);
}

/** The hint: its plain sentence, and its figures behind "Why?" when Python gives them. */
export function drawHint(table, hint) {
  return h("div", { class: "dl-message dl-hint" }, [
    h("p", { class: "dl-hint-text", text: tr(table)("Hint: {text}", { text: hint.text }) }),
    why(table, "hint", hint.why, hint.text),
  ]);
}

/** A "Why?" that shows the figures behind a sentence (a disclosure: keyboard reachable, its
 * state said); nothing when there is no `why` text. */
export function why(table, key, text, plain = "") {
  if (!text || text === plain) return null;
  return disclosure(table, `${key}:why`, tr(table)("Why?"), text);
}

/** The table's keys, as the notebooks and the README teach them. */
export const KEYS_HELP = N_(
  "Click the table or Tab into it: the focus goes to your hand. ←/→ move along it, Enter plays the tile, L/R play it on the left or right end, D draws, P passes, U undoes, H asks for a hint, N deals the next hand, V reviews the hand, Esc cancels. Click outside the table to give the notebook its keys back.",
);

/** A label that shows more text when pressed (a disclosure: keyboard reachable, its state
 * said, kept open across re-renders). */
export function disclosure(table, key, label, text) {
  return folding(table, key, label, [h("p", { class: "dl-why-text", text })], "dl-why-more");
}

/** A label that shows `children` when pressed (its open state kept in `table.openWhy`, by key). */
export function folding(table, key, label, children, cls) {
  const open = table.openWhy ? table.openWhy.has(key) : false;
  return h("details", {
    class: cls,
    open,
    // Kept open across re-renders (a computer's move redraws the table).
    ontoggle: (event) => {
      if (!table.openWhy) return;
      if (event.currentTarget.open) table.openWhy.add(key);
      else table.openWhy.delete(key);
    },
  }, [h("summary", { class: "dl-why-button", "data-key": key }, [label]), ...children]);
}

/** The word that a move waits for Python's answer (nothing when none waits). */
export function queuedNote(table) {
  if (!table.queued) return null;
  return h("p", { class: "dl-message dl-info dl-queued", role: "status", text: tr(table)("Your move waits for Python to finish; it is played then.") });
}

/** The status line, then this view's note, Python's message and the hint. */
export function drawNotes(table, s) {
  const t = tr(table);
  const notes = h("div", { class: "dl-notes" });
  let status = s.status;
  if (table.choosing) {
    status = t("Choose an end for {tile}: L for the left end ({left}), R for the right end ({right}); Escape cancels.", {
      tile: table.spoken(table.choosing),
      left: s.ends[0],
      right: s.ends[1],
    });
  }
  notes.append(h("p", { class: "dl-status", text: status }));
  if (table.localNote) notes.append(h("p", { class: "dl-message dl-info dl-local", text: table.localNote }));
  const queued = queuedNote(table);
  if (queued) notes.append(queued);
  if (s.message) notes.append(h("p", { class: `dl-message dl-${s.message.kind}`, text: s.message.text }));
  if (table.hintThinking()) {
    notes.append(h("p", { class: "dl-message dl-hint dl-hint-thinking", role: "status" }, [
      h("span", { class: "dl-spinner", "aria-hidden": "true" }),
      ` ${t("Thinking about a hint…")} `,
      button(table, "hint:cancel", t("Cancel (Esc)"), () => table.cancelHint(), { extra: "dl-quiet", shortcut: "Escape" }),
    ]));
  }
  if (s.hint && !table.hideHint) notes.append(drawHint(table, s.hint));
  return notes;
}
