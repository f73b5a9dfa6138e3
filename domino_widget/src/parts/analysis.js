// The analysis board: a hand as one seat saw it (the line with its ends, your tiles, the
// others' counts), every move's value as a bar (the plain sentence first, the figures behind
// "Why?"), the hand's moves to step through and branch, and the hand as text to paste or copy.
// Python (`snap.analysis`) says everything shown; this module sends the board's intents.
import { button, h, tileFace } from "./dom.js";
import { disclosure, folding } from "./controls.js";
import { drawLine, lineLabel } from "./line.js";
import { N_, actionOf, english, tr } from "./words.js";

/** The analysis board on screen, if any. */
export function analysisOn(s) {
  return s && s.analysis ? s.analysis : null;
}

/** Send one of the board's intents, quoting the board's revision. */
function act(table, action, extra = {}) {
  const a = analysisOn(table.shown);
  if (!a) return;
  table.send(action, { rev: a.rev, ...extra });
}

/** The move box on screen, if any. */
function moveInput(table) {
  return /** @type {HTMLInputElement|null} */ (table.root.querySelector('[data-key="analysis:move-input"]'));
}

/** Add the move typed in the move box. */
function addTyped(table) {
  const box = moveInput(table);
  const text = box ? box.value.trim() : "";
  if (!text) {
    table.note(tr(table)("Type a move first, such as 6-4 left, draws 2 or pass."));
    return;
  }
  act(table, "analysis_play", { move: text });
}

/** One legal move of yours: its button (plays it), and its value as a bar once evaluated. */
function moveRow(table, a, m, i) {
  const t = tr(table);
  const v = m.value;
  const play = () => {
    if (m.send) act(table, "analysis_play", { move: m.send });
    else {
      // Your draw names the tile you drew: type it.
      table.analysisMove = t("draw {tile}", { tile: "" }); // the word the board reads, in your language
      table.draw();
      const box = moveInput(table);
      if (box) box.focus();
      table.note(t("Type the tile you drew after “draw” (for example draw 3-3), then press Enter."));
    }
  };
  const face = m.tile ? tileFace(m.tile.high, m.tile.low, { orient: "h", extra: "dl-small", attrs: { "aria-hidden": "true" } }) : null;
  const said = v ? v.words.slice(m.words.length + 2) : ""; // Python's "<move>: <verdict>", the verdict
  const verdict = v ? `, ${said}` : "";
  const name = m.tile ? t("Play {move}", { move: m.words }) : m.action === "draw" ? t("Draw (type the tile you drew)") : t("Pass");
  return h("li", { class: `dl-analysis-move${v ? ` dl-verdict-${v.verdict.replace(/ /g, "-")}` : ""}` }, [
    h("button", {
      class: "dl-button dl-analysis-try",
      type: "button",
      "data-key": `analysis:move:${i}`,
      "aria-label": name + verdict,
      disabled: !!table.dead,
      onclick: play,
    }, [face, h("span", { text: m.tile ? m.words : m.words[0].toUpperCase() + m.words.slice(1) })]),
    v
      ? h("span", { class: "dl-analysis-bar", role: "img", "aria-label": v.words }, [
          h("span", { class: "dl-analysis-fill", style: `width: ${Math.round(v.bar * 100)}%` }),
        ])
      : null,
    v ? h("span", { class: "dl-analysis-verdict", "aria-hidden": "true", text: said }) : null,
  ]);
}

/** The figures behind the sentence: the search's words, then each move's figures. */
function figures(table, a) {
  if (!a.why) return null;
  const more = disclosure(table, "analysis:why", tr(table)("Why?"), a.why);
  more.append(h("ul", { class: "dl-analysis-figures" }, a.moves.filter((m) => m.value).map((m) => h("li", { text: m.value.figures }))));
  return more;
}

/** The hand's moves, to step to any of them; the current position is marked. */
function history(table, a) {
  const t = tr(table);
  const items = [
    h("li", {}, [
      h("button", {
        class: "dl-link",
        type: "button",
        "data-key": "analysis:at:start",
        "aria-current": a.at === 0 ? "step" : null,
        disabled: !!table.dead,
        onclick: () => act(table, "analysis_go", { path: [] }),
        text: t("Start of the hand"),
      }),
    ]),
  ];
  for (const item of a.history) {
    items.push(
      h("li", { class: item.number > a.at ? "dl-ahead" : "" }, [
        h("button", {
          class: "dl-link",
          type: "button",
          "data-key": `analysis:at:${item.path.join(".")}`,
          "aria-current": item.current ? "step" : null,
          disabled: !!table.dead,
          onclick: () => act(table, "analysis_go", { path: item.path }),
          text: `${item.number}. ${item.text}`,
        }),
      ]),
    );
  }
  return h("section", { class: "dl-analysis-history", "aria-label": t("The hand's moves") }, [
    h("h4", { text: t("The hand's moves") }),
    h("ol", { class: "dl-analysis-list" }, items),
  ]);
}

/** The moves already tried from here, when there is more than one. */
function branches(table, a) {
  if (a.branches.length < 2) return null;
  const t = tr(table);
  return h("div", { class: "dl-analysis-branches", role: "group", "aria-label": t("Moves tried from here") }, [
    h("span", { class: "dl-muted", text: `${t("Tried from here")}: ` }),
    ...a.branches.map((b, i) =>
      button(table, `analysis:branch:${i}`, b.text, () => act(table, "analysis_go", { path: b.path }), { extra: "dl-quiet" }),
    ),
  ]);
}

/** The box to add a move for the seat to move, with Draw and Pass for another seat. */
function moveBox(table, a) {
  if (a.over) return null;
  const t = tr(table);
  const label = a.mine ? t("Add your move") : t("Add {name}'s move", { name: a.turn_name });
  const input = h("input", {
    type: "text",
    class: "dl-analysis-input",
    "data-key": "analysis:move-input",
    "aria-label": a.mine
      ? t("{label}: a tile and its end (6-4 left), or draw and the tile (draw 3-3)", { label })
      : t("{label}: a tile and its end (6-4 left), draws and how many, or pass", { label }),
    placeholder: a.mine ? t("6-4 left · draw 3-3") : t("6-4 left · draws 2 · pass"),
    autocomplete: "off",
    spellcheck: "false",
    disabled: !!table.dead,
    oninput: (e) => {
      table.analysisMove = e.target.value;
    },
    onkeydown: (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        addTyped(table);
      }
    },
  });
  input.value = table.analysisMove || "";
  return h("div", { class: "dl-analysis-add" }, [
    h("label", { class: "dl-analysis-label" }, [h("span", { text: `${label}: ` }), input]),
    button(table, "analysis:add", t("Add move"), () => addTyped(table)),
    a.mine ? null : button(table, "analysis:draw", t("Draws 1"), () => act(table, "analysis_play", { move: "draws 1" }), { extra: "dl-quiet" }),
    a.mine ? null : button(table, "analysis:pass", t("Passes"), () => act(table, "analysis_play", { move: "pass" }), { extra: "dl-quiet" }),
  ]);
}

/** The board's keys, as its buttons say them. */
export const ANALYSIS_KEYS_HELP = N_(
  "← and → step back and forward through the hand, Home goes to its start, E values every move of yours, M goes to the move box (type a move, Enter adds it), Esc closes the board. Tab reaches every button.",
);

/** Another seat's play by clicking: the tiles you have not seen, then the end when it fits
 * both (Python says which ends each tile matches). */
function othersTiles(table, a) {
  if (a.mine || a.over || !a.unseen.length) return null;
  const t = tr(table);
  const waiting = a.unseen.find((u) => u.tile === table.analysisChoosing);
  const play = (u, end) => {
    table.analysisChoosing = null;
    act(table, "analysis_play", { move: end === "lead" ? `lead ${u.tile}` : `${u.tile} ${end}` });
  };
  const tiles = a.unseen.map((u) =>
    tileFace(u.high, u.low, {
      orient: "v",
      tag: "button",
      extra: `dl-small dl-analysis-pick${waiting === u ? " dl-selected" : ""}`,
      attrs: {
        type: "button",
        "data-key": `analysis:unseen:${u.tile}`,
        "aria-label": u.ends.length === 2 ? t("{tile}, fits both ends", { tile: u.spoken }) : u.spoken,
        disabled: !!table.dead,
        onclick: () => {
          if (u.ends.length === 1) play(u, u.ends[0]);
          else {
            table.analysisChoosing = u.tile;
            table.draw();
            const first = table.root.querySelector('[data-key="analysis:end:left"]');
            if (first) first.focus();
          }
        },
      },
    }),
  );
  return folding(table, "analysis:unseen", t("Click the tile {name} played", { name: a.turn_name }), [
    h("div", { class: "dl-analysis-picks", role: "group", "aria-label": t("Tiles {name} could have played", { name: a.turn_name }) }, tiles),
    waiting
      ? h("div", { class: "dl-actions", role: "group", "aria-label": t("Where {name} played {tile}", { name: a.turn_name, tile: waiting.spoken }) }, [
          button(table, "analysis:end:left", t("Left end: {number}", { number: a.ends[0] }), () => play(waiting, "left")),
          button(table, "analysis:end:right", t("Right end: {number}", { number: a.ends[1] }), () => play(waiting, "right")),
          button(table, "analysis:end:cancel", t("Cancel"), () => {
            table.analysisChoosing = null;
            table.draw();
          }, { extra: "dl-quiet" }),
        ])
      : null,
  ], "dl-analysis-fold");
}

/** A new hand set up by clicking: your tiles from the set, and who leads. */
function setUp(table, a) {
  const t = tr(table);
  const picked = table.analysisPick || [];
  // A hand holds a.pick.count tiles: once that many are picked, the others wait until one is unpicked.
  const full = picked.length >= a.pick.count;
  const toggle = (tile) => {
    if (picked.includes(tile)) table.analysisPick = picked.filter((t) => t !== tile);
    else if (!full) table.analysisPick = [...picked, tile];
    table.draw();
  };
  const leader = h("select", { class: "dl-analysis-input", "data-key": "analysis:leader", "aria-label": t("Who leads"), disabled: !!table.dead,
    onchange: (e) => {
      table.analysisLeader = Number(e.target.value);
    } },
  a.names.map((name, seat) => h("option", { value: String(seat), selected: seat === (table.analysisLeader ?? a.seat), text: name })));
  return folding(table, "analysis:setup", t("Set up a new hand by clicking"), [
    h("p", { class: "dl-muted", text: t("Pick the {count} tiles you were dealt (picked: {picked} of {count}); the rules and seats stay as they are.", { count: a.pick.count, picked: picked.length }) }),
    h("div", { class: "dl-analysis-picks", role: "group", "aria-label": t("The set's tiles: press the ones you were dealt") },
      a.pick.tiles.map((tile) =>
        tileFace(tile.high, tile.low, {
          orient: "v",
          tag: "button",
          extra: `dl-small dl-analysis-pick${picked.includes(tile.tile) ? " dl-selected" : ""}`,
          attrs: { type: "button", "data-key": `analysis:deal:${tile.tile}`, "aria-label": tile.spoken, "aria-pressed": String(picked.includes(tile.tile)), disabled: !!table.dead || (full && !picked.includes(tile.tile)), onclick: () => toggle(tile.tile) },
        }),
      )),
    h("div", { class: "dl-analysis-add" }, [
      h("label", { class: "dl-analysis-label" }, [h("span", { text: `${t("Who leads")}: ` }), leader]),
      button(table, "analysis:start", t("Start this hand"), () => act(table, "analysis_new", { tiles: picked, leader: table.analysisLeader ?? a.seat })),
    ]),
  ], "dl-analysis-fold");
}

/** The hand as text: paste one to load it, or copy this one. */
function textBox(table, a) {
  const t = tr(table);
  const area = h("textarea", {
    class: "dl-analysis-text",
    "data-key": "analysis:text",
    rows: "8",
    spellcheck: "false",
    "aria-label": t("The hand as text: paste a hand here and press Load this hand"),
    disabled: !!table.dead,
    oninput: (e) => {
      table.analysisText = e.target.value;
    },
  });
  area.value = table.analysisText ?? a.text;
  const copy = () => {
    const done = () => table.note(t("The hand's text is copied."));
    const fallback = () => {
      area.value = a.text;
      area.select();
      table.note(t("Press Ctrl+C (⌘C) to copy the selected text."));
    };
    try {
      const clip = typeof navigator !== "undefined" && navigator.clipboard;
      if (clip && clip.writeText) clip.writeText(a.text).then(done, fallback);
      else fallback();
    } catch {
      fallback();
    }
  };
  return h("section", { class: "dl-analysis-paste", "aria-label": t("The hand as text") }, [
    h("h4", { text: t("The hand as text") }),
    area,
    a.error ? h("p", { class: "dl-message dl-error", role: "alert", "data-key": "analysis:error", text: a.error }) : null,
    h("div", { class: "dl-actions" }, [
      button(table, "analysis:load", t("Load this hand"), () => act(table, "analysis_load", { text: area.value })),
      button(table, "analysis:copy", t("Copy the text"), copy, { extra: "dl-quiet" }),
      table.analysisText != null && table.analysisText !== a.text
        ? button(table, "analysis:reset", t("Show this board's text"), () => {
            table.analysisText = null;
            table.draw();
          }, { extra: "dl-quiet" })
        : null,
    ]),
  ]);
}

/** @param {any} table @param {any} s  a snapshot with `analysis` */
export function drawAnalysis(table, s) {
  const a = s.analysis;
  const t = tr(table);
  if (table.analysisRev !== a.rev) {
    // The board changed: what was typed went in (a refused move or text stays to be put right).
    table.analysisRev = a.rev;
    table.analysisText = null;
    table.analysisMove = "";
    table.analysisChoosing = null;
    if (a.history.length === 0 && !a.can_redo) table.analysisPick = null; // a new hand is on: the picker starts afresh
  }
  const notes = [];
  if (table.localNote) notes.push(h("p", { class: "dl-message dl-info dl-local", text: table.localNote }));
  if (s.message && !(a.error && s.message.text === a.error)) notes.push(h("p", { class: `dl-message dl-${s.message.kind}`, text: s.message.text }));
  const others = a.others.map((o) => t.n("{name}: {count} tile", "{name}: {count} tiles", o.count, { name: o.name })).join("; ");
  const canEvaluate = a.mine && !a.evaluated && !a.evaluating;
  return h("section", { class: "dl-analysis", "aria-label": t("Analysis board"), onpointerenter: () => takeKeys(table) }, [
    h("h3", { class: "dl-coach-title", text: t("Analysis board · {rules}", { rules: a.rules }) }),
    h("p", { class: "dl-analysis-status", "data-key": "analysis:status", text: a.status }),
    h("p", { class: "dl-muted", text: t.n("{others}. Boneyard: {count} tile.", "{others}. Boneyard: {count} tiles.", a.boneyard, { others }) }),
    drawLine(table, a, false, true),
    h("div", { class: "dl-review-hand" }, [
      h("span", { class: "dl-coach-move-title", text: t("Your tiles") }),
      h("span", { class: "dl-review-tiles", role: "img", "aria-label": a.hand.length ? t("Your tiles: {tiles}", { tiles: a.hand.map((tile) => tile.spoken).join(", ") }) : t("Your tiles: none") },
        a.hand.map((tile) => tileFace(tile.high, tile.low, { orient: "v", extra: "dl-coach-tile" }))),
    ]),
    a.evaluating
      ? h("p", { class: "dl-message dl-hint dl-hint-thinking", role: "status" }, [h("span", { class: "dl-spinner", "aria-hidden": "true" }), ` ${t("Valuing every move…")}`])
      : null,
    a.says ? h("p", { class: "dl-analysis-says", "data-key": "analysis:says", text: a.says }) : null,
    a.mine
      ? h("ol", { class: `dl-analysis-moves${a.evaluated ? "" : " dl-unvalued"}`, "aria-label": a.evaluated ? t("Your moves, best first") : t("Your moves") }, a.moves.map((m, i) => moveRow(table, a, m, i)))
      : null,
    figures(table, a),
    h("div", { class: "dl-actions" }, [
      button(table, "analysis:back", t("Back (←)"), () => act(table, "analysis_undo"), { shortcut: "ArrowLeft", disabled: !a.can_undo }),
      button(table, "analysis:forward", t("Forward (→)"), () => act(table, "analysis_redo"), { shortcut: "ArrowRight", disabled: !a.can_redo }),
      a.mine ? button(table, "analysis:evaluate", t("Evaluate (E)"), () => act(table, "analysis_evaluate"), { primary: canEvaluate, keyed: "evaluate", disabled: !canEvaluate }) : null,
      button(table, "analysis:close", t("Close (Esc)"), () => act(table, "analysis_close"), { extra: "dl-quiet", shortcut: "Escape" }),
    ]),
    disclosure(table, "analysis:keys", t("Keys"), t(ANALYSIS_KEYS_HELP)),
    branches(table, a),
    moveBox(table, a),
    othersTiles(table, a),
    ...notes,
    history(table, a),
    textBox(table, a),
    setUp(table, a),
  ]);
}

/** The pointer came onto the board while the focus is outside the table and not where someone
 * types (JupyterLab's command mode): the table takes the focus, so the board's keys (m, e) are the
 * board's, never JupyterLab's (m there turns the cell into Markdown). Focus in a box or an editor
 * stays where it is. */
export function takeKeys(table) {
  const root = table.root;
  const active = /** @type {HTMLElement|null} */ (root.ownerDocument.activeElement);
  if (active && root.contains(active)) return;
  const typing = active && (active.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName)
    || active.closest('[contenteditable="true"], [contenteditable=""], .cm-editor'));
  if (typing) return;
  root.focus({ preventScroll: true });
}

/** Keys while the board is on screen (not while typing in its boxes); true when the key was its. */
export function analysisKeys(table, key) {
  const a = analysisOn(table.shown);
  if (!a) return false;
  if (key === "Escape") act(table, "analysis_close");
  else if (key === "ArrowLeft") {
    if (a.can_undo) act(table, "analysis_undo");
  } else if (key === "ArrowRight") {
    if (a.can_redo) act(table, "analysis_redo");
  } else if (key === "Home") act(table, "analysis_go", { path: [] });
  else if (key.length === 1 && actionOf(table, key) === "evaluate") {
    if (a.mine && !a.evaluated && !a.evaluating) act(table, "analysis_evaluate");
  } else if (key.length === 1 && actionOf(table, key) === "move") {
    const box = moveInput(table);
    if (box) box.focus();
  } else return key.length === 1; // other letters: swallowed
  return true;
}

/** What the live region says when the board changes: the move reached (or the start), whose
 * move it is, the verdict once valued, Python's message. */
export function analysisParts(before, snap, t = english) {
  const a = snap.analysis;
  const b = before && before.analysis;
  const parts = [];
  if (snap.message && (!before || before.seq !== snap.seq)) parts.push(snap.message.text);
  const moved = !b || b.rev !== a.rev;
  if (moved) {
    const here = a.history.find((item) => item.current);
    parts.push(
      here ? t("Move {number}: {text}", { number: here.number, text: here.text }) : t("The start of the hand"),
      lineLabel(a),
      a.status,
    );
  }
  if (a.says && !(b && !moved && b.says === a.says)) parts.push(a.says);
  return parts;
}
