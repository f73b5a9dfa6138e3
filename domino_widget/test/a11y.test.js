// Issue 37 and 33 (keys, focus, the live region, the puzzle's frame, the hint's wait) on the
// whole table: the shipped bundle against a fake model, as in widget.test.js.
import { describe, expect, it, vi } from "vitest";
import { createTable } from "../src/widget.js";
import { FIXTURES, answer, button, clock, fakeModel, handButtons, mount as mountTable, press, snap, useFakeTime } from "./helpers.js";

/** The table with no motion, as a person who asks for reduced motion sees it. */
const mount = (initial) => mountTable(initial, { reducedMotion: true, client: "t" });
/** Let the paced replay of computer moves run to its end. */
const flush = () => {
  clock.now += 60000;
  vi.advanceTimersByTime(60000);
};
const said = (root) => Array.from(root.querySelectorAll(".dl-live > p"), (p) => p.textContent);

useFakeTime();

describe("roles and names (axe's rules)", () => {
  it("the line's list holds only its tiles; the end buttons sit beside it; the line says its ends", () => {
    const s = snap("long_line");
    const { root } = mount(s);
    const list = root.querySelector('[role="list"]');
    expect(Array.from(list.children).every((c) => c.getAttribute("role") === "listitem")).toBe(true);
    expect(list.contains(button(root, "end:left"))).toBe(false);
    expect(list.getAttribute("aria-label")).toContain(`Left end ${s.ends[0]}, right end ${s.ends[1]}`);
  });
  it("the scrolling log can be reached by keyboard and says what it is; no banner landmark", () => {
    const { root } = mount(snap("match_over"));
    const log = root.querySelector(".dl-log-list");
    expect(log.getAttribute("tabindex")).toBe("0");
    expect(log.getAttribute("aria-label")).toBe("This hand, turn by turn");
    expect(root.querySelector("header, [role='banner']")).toBeNull();
  });
  it("each hand tile says whether it can be played now", () => {
    const s = snap("both_ends");
    const { root } = mount(s);
    handButtons(root).forEach((b, i) => {
      expect(b.getAttribute("aria-label")).toMatch(s.hand[i].playable ? /, playable/ : /, cannot be played now$/);
    });
  });
});

describe("focus where a person looks next", () => {
  it("goes to Next hand when the hand ends with the focus in the table", () => {
    const s = snap("over_partnership");
    const { root, model } = mount({ ...s, result: null, version: s.version - 1 });
    handButtons(root)[0].focus();
    model.push(s);
    flush();
    expect(document.activeElement).toBe(button(root, "action:next"));
  });
  it("stays outside when the person is elsewhere (the notebook keeps its keys)", () => {
    const s = snap("over_partnership");
    const outside = document.createElement("button");
    document.body.append(outside);
    const { root, model } = mount({ ...s, result: null, version: s.version - 1 });
    handButtons(root)[0].focus();
    outside.dispatchEvent(new Event("pointerdown", { bubbles: true })); // a click beside the table
    expect(root.contains(document.activeElement)).toBe(false); // let go at once, whatever the click focuses
    model.push(s);
    flush();
    expect(root.contains(document.activeElement)).toBe(false);
  });
  it("comes back where it was when the review closes", () => {
    const over = snap("over_partnership");
    const { root, model } = mount(over);
    button(root, "action:review").focus();
    button(root, "action:review").click();
    const steps = FIXTURES.review_steps;
    answer(model, over, { coach: steps.at(-1).coach });
    button(root, "review:close").click();
    answer(model, over, { coach: null });
    expect(document.activeElement).toBe(button(root, "action:review"));
  });
  it("a question holds the focus (Tab goes round it), closes when play goes on, and gives the focus back", () => {
    const s = snap("long_line");
    const { root, model } = mount(s);
    button(root, "action:new").focus();
    button(root, "action:new").click();
    const keep = button(root, "confirm:keep");
    expect(document.activeElement).toBe(keep);
    press(keep, "Tab");
    expect(document.activeElement).toBe(button(root, "confirm:new"));
    press(document.activeElement, "Tab", { shiftKey: true });
    expect(document.activeElement).toBe(keep);
    keep.click();
    expect(document.activeElement).toBe(button(root, "action:new"));
    button(root, "action:new").click();
    model.push({ ...s, version: s.version + 1, seq: s.seq + 1 }); // a move: the game goes on
    flush();
    expect(root.querySelector(".dl-confirm")).toBeNull();
  });
});

describe("keys as taught", () => {
  it("a click anywhere on the table puts the focus on the hand, and arrows act at once", () => {
    const s = snap("both_ends");
    const cell = document.createElement("div"); // a notebook cell is focusable around the table
    cell.setAttribute("tabindex", "0");
    document.body.append(cell);
    const el = document.createElement("div");
    cell.append(el);
    const model = fakeModel(s);
    const root = createTable(model, el, { now: () => clock.now, reducedMotion: true, client: "t" }).root;
    root.querySelector(".dl-boneyard").click();
    const tiles = handButtons(root);
    expect(document.activeElement).toBe(tiles.find((b) => b.getAttribute("tabindex") === "0"));
    const at = tiles.indexOf(document.activeElement);
    press(document.activeElement, "ArrowRight");
    expect(document.activeElement).toBe(tiles[(at + 1) % tiles.length]);
    root.focus();
    press(root, "ArrowLeft");
    expect(root.querySelector(".dl-hand").contains(document.activeElement)).toBe(true);
    expect(model.intents()).toHaveLength(0);
  });
});

describe("the table's own help", () => {
  it("says the keys as the notebooks teach them, one key away", () => {
    const { root } = mount(snap("lead"));
    const keys = button(root, "keys");
    expect(keys.textContent).toBe("Keys");
    const help = keys.parentElement.textContent;
    for (const words of ["Click the table", "←/→", "Enter plays", "L/R", "Esc cancels", "Click outside the table"]) expect(help).toContain(words);
  });
});

describe("the live region: every event once, in order", () => {
  it("adds each announcement (nothing said is replaced) and a computer's draw waits for its play", () => {
    const steps = snap("four_player_steps");
    const { root, model } = mount(steps[0]);
    const before = said(root).length;
    const drew = { ...steps[1], last: { seat: 1, action: "draw" }, turn: 1, log: [...steps[0].log, { kind: "turn", text: "East draws 1" }] };
    const twice = { ...drew, version: drew.version + 1, log: [...steps[0].log, { kind: "turn", text: "East draws 2" }] };
    const played = { ...steps[1], version: drew.version + 2, log: [...steps[0].log, { kind: "turn", text: "East draws 2 and plays 6-2 on the left" }] };
    model.push(drew);
    clock.now += 10000;
    vi.advanceTimersByTime(10000);
    expect(said(root).length).toBe(before); // not yet: the draw waits for the play
    model.push(twice);
    flush();
    model.push(played);
    flush();
    expect(said(root).slice(before)).toEqual(["East draws 2 and plays 6-2 on the left"]); // once, whole
  });
  it("your own turn's grown line says only the move just made (each draw once)", () => {
    const s = snap("drawn");
    const { root, model } = mount(s);
    const grown = `${s.log.at(-1).text} and play 9-9 on the left`;
    model.push({ ...s, version: s.version + 1, seq: s.seq + 1, your_turn: false, status: "North is thinking…",
      log: [...s.log.slice(0, -1), { kind: "turn", text: grown }], last: { seat: s.viewer, action: "play", text: "You play 9-9 on the left" } });
    flush();
    expect(said(root).at(-1)).toBe("You play 9-9 on the left");
  });
  it("says a line of someone else's that grew in full", () => {
    const s = snap("drawn");
    const { root, model } = mount(s);
    const last = s.log.at(-1).text;
    const more = { ...s, version: s.version + 1, seq: s.seq + 1, log: [...s.log.slice(0, -1), { kind: "turn", text: `${last} again` }],
      last: { seat: 99, action: "pass", text: "Someone passes" } };
    model.push(more);
    flush();
    expect(said(root).at(-1)).toBe(`${last} again`);
  });
  it("your own draw is said once: by the log's line, not again by the status", () => {
    const s = snap("drawn");
    expect(s.status).toMatch(/^You drew /);
    expect(s.status_said).not.toMatch(/drew/);
    const { root, model } = mount({ ...s, version: s.version - 1, log: s.log.slice(0, -1), drawn: [], last: null, status: "Your turn: draw.", status_said: "Your turn: draw." });
    model.push(s);
    expect(said(root).at(-1)).toBe(`${s.log.at(-1).text}. ${s.status_said}`);
  });
});

describe("a hint that is thinking", () => {
  it("says so at once, with Cancel; a cancelled hint is not shown and Python is asked to drop it", () => {
    const s = snap("long_line");
    s.options.hints = true;
    const { root, model } = mount(s);
    button(root, "action:hint").click();
    expect(root.querySelector(".dl-hint-thinking").textContent).toContain("Thinking about a hint");
    button(root, "hint:cancel").click();
    expect(root.querySelector(".dl-hint-thinking")).toBeNull();
    answer(model, s, { hint: { text: "Play 6-4.", action: "play", tile: null, end: null } });
    expect(root.querySelector(".dl-hint")).toBeNull();
    expect(said(root).join(" ")).not.toContain("Play 6-4");
    expect(model.intents().at(-1)).toMatchObject({ action: "cancel_hint" });
  });
  it("thinks for as long as Python says it searches; Cancel then tells Python at once", () => {
    const s = snap("long_line");
    s.options.hints = true;
    const { root, model } = mount(s);
    button(root, "action:hint").click();
    answer(model, s, { hinting: true }); // Python answers at once, and searches on
    const searching = model.get("snapshot");
    expect(root.querySelector(".dl-hint-thinking").textContent).toContain("Thinking about a hint");
    expect(root.hasAttribute("aria-busy")).toBe(false); // the table stays usable meanwhile
    button(root, "hint:cancel").click();
    expect(model.intents().at(-1)).toMatchObject({ action: "cancel_hint", version: s.version });
    expect(root.querySelector(".dl-hint-thinking")).toBeNull();
    // The search's hint, published before Python read the cancel, is neither shown nor said.
    model.push({ ...searching, seq: searching.seq + 1, hinting: false, hint: { text: "Play 6-4.", action: "play", tile: null, end: null } });
    expect(root.querySelector(".dl-hint")).toBeNull();
    expect(said(root).join(" ")).not.toContain("Play 6-4");
    answer(model, s, { seq: s.seq + 3, hinting: false, hint: null });
    expect(model.intents().filter((m) => m.action === "cancel_hint")).toHaveLength(1);
    // The next hint is shown as usual.
    button(root, "action:hint").click();
    answer(model, s, { seq: s.seq + 4, hint: { text: "Draw.", action: "draw", tile: null, end: null } });
    expect(root.querySelector(".dl-hint-text").textContent).toBe("Hint: Draw.");
  });
  it("a second view shows Python's search too, and Escape cancels it; cancelled before Python answered, the cancel goes with the answer", () => {
    const s = snap("long_line");
    s.options.hints = true;
    const other = mount({ ...s, hinting: true });
    expect(other.root.querySelector(".dl-hint-thinking")).not.toBeNull();
    press(other.root, "Escape");
    expect(other.model.intents().at(-1)).toMatchObject({ action: "cancel_hint" });
    const { root, model } = mount(s);
    button(root, "action:hint").click();
    press(root, "Escape");
    expect(model.intents().map((m) => m.action)).toEqual(["hint"]); // one intent at a time
    answer(model, s, { hinting: true });
    expect(model.intents().at(-1)).toMatchObject({ action: "cancel_hint" });
    expect(root.querySelector(".dl-hint-thinking")).toBeNull();
  });
  it("shows the hint's Why? only when Python gives figures beside the plain words", () => {
    const s = snap("long_line");
    s.hint = { text: "Play 6-4: it keeps a 4 showing.", why: "In 400 deals: +1.2 ± 0.3.", action: null, tile: null, end: null };
    const { root } = mount(s);
    const summary = button(root, "hint:why");
    expect(summary.tagName).toBe("SUMMARY");
    expect(summary.parentElement.querySelector(".dl-why-text").textContent).toBe(s.hint.why);
    const plain = snap("long_line");
    plain.hint = { text: "Draw.", action: "draw", tile: null, end: null };
    expect(button(mount(plain).root, "hint:why")).toBeNull();
  });
});

describe("Why? beside the coach's plain words", () => {
  it("a review decision, a puzzle's verdict and its answer each show their figures behind Why?, and none without them", () => {
    const r = snap("review_worst");
    r.coach.decision.why = "Figures: -1.1 ± 2.2 against +2.3 ± 2.1.";
    const { root } = mount(r);
    const summary = root.querySelector(`[data-key="review:${r.coach.index}:why"]`);
    expect(summary.parentElement.querySelector(".dl-why-text").textContent).toBe(r.coach.decision.why);
    // The moves' rows say the move in words; their figures are only behind Why?.
    for (const key of ["review:played", "review:best"]) {
      const row = button(root, key);
      if (row) expect(row.querySelector(".dl-coach-move-words").textContent).not.toMatch(/±|points|deals/);
    }
    expect(r.coach.decision.played.figures).toBeTruthy();
    const p = snap("puzzle_right");
    p.coach.feedback.why = "In 800 deals: +3.1 ± 0.4.";
    p.coach.why = p.coach.explanation ? "All the figures." : null;
    const pr = mount(p).root;
    expect(button(pr, "puzzle:feedback:why")).not.toBeNull();
    expect(!!button(pr, `puzzle:${p.coach.id}:why`)).toBe(!!p.coach.explanation);
    const plain = snap("puzzle_right");
    plain.coach.feedback.why = null;
    plain.coach.why = null;
    expect(mount(plain).root.querySelectorAll(".dl-why-more")).toHaveLength(0);
  });
});

describe("puzzles have their own frame", () => {
  it("no match parts; the screen reader hears the puzzle's own position; Esc asks first", () => {
    const s = snap("puzzle_asking");
    const { root, model } = mount(snap("lead"));
    model.push(s);
    expect(root.querySelector(".dl-scores")).toBeNull();
    expect(button(root, "action:new")).toBeNull();
    expect(root.querySelector(".dl-header").textContent).not.toMatch(/hand \d|first to/);
    const words = said(root).at(-1);
    expect(words).toContain(s.coach.question);
    expect(words).toContain(`Left end ${s.coach.ends[0]}, right end ${s.coach.ends[1]}`);
    for (const line of s.log) expect(words).not.toContain(line.text);
    press(root, "Escape");
    expect(model.intents()).toHaveLength(0);
    expect(document.activeElement).toBe(button(root, "ask:keep"));
    press(document.activeElement, "Escape");
    expect(root.querySelector(".dl-confirm")).toBeNull();
    press(root, "Escape");
    button(root, "ask:close").click();
    expect(model.intents().at(-1)).toMatchObject({ action: "coach_close" });
  });
});

describe("the review", () => {
  it("draws its tiles as large as the hand's, and an only move without a Best", () => {
    const s = snap("review_worst");
    const { root } = mount(s);
    expect(root.querySelectorAll(".dl-review-tiles .dl-small, .dl-coach-move .dl-small")).toHaveLength(0);
    const forced = snap("review_worst");
    forced.coach.decision = { ...forced.coach.decision, label: "forced", label_text: "Only move", same: false };
    const f = mount(forced);
    expect(button(f.root, "review:best")).toBeNull();
    expect(button(f.root, "review:label").textContent).toBe("Only move");
  });
});

describe("a move made while Python still answers a cancelled hint (issue 44, item 14a)", () => {
  it("waits with a visible word, then is sent for the position it was made on, not dropped", () => {
    const s = snap("both_ends");
    s.options.hints = true;
    const { root, model } = mount(s);
    button(root, "action:hint").click();
    answer(model, s, { hinting: true }); // Python searches on (the in-browser site: in the kernel's own turn)
    button(root, "hint:cancel").click(); // cancel_hint sent: Python reads it once the search ends
    expect(model.intents().at(-1)).toMatchObject({ action: "cancel_hint" });
    expect(root.getAttribute("aria-busy")).toBe("true");
    const tile = s.hand.find((t) => t.playable && t.ends.length === 1);
    button(root, `hand:${tile.tile}`).click();
    expect(model.intents().at(-1)).toMatchObject({ action: "cancel_hint" }); // not sent yet ...
    const word = root.querySelector(".dl-queued");
    expect(word.textContent).toBe("Your move waits for Python to finish; it is played then."); // ... and said
    expect(word.getAttribute("role")).toBe("status");
    answer(model, s, { seq: s.seq + 5, hinting: false, hint: null }); // the search ended; cancel answered
    expect(model.intents().at(-1)).toMatchObject({ action: "play", tile: tile.tile, end: tile.ends[0], version: s.version });
    expect(root.querySelector(".dl-queued")).toBeNull();
    expect(model.intents().filter((m) => m.action === "play")).toHaveLength(1);
  });
  it("a second click on a move still unanswered is a double click: refused, not queued", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    const tile = s.hand.find((t) => t.playable && t.ends.length === 1);
    button(root, `hand:${tile.tile}`).click();
    button(root, `hand:${tile.tile}`).click();
    expect(root.querySelector(".dl-queued")).toBeNull();
    answer(model, s, { version: s.version + 1 });
    expect(model.intents()).toHaveLength(1);
  });
});

describe("one part of the table owns the keys (issue 44, item 2)", () => {
  it("a button that is gone after Python answers hands the focus to the hand, not to the page", () => {
    const s = snap("puzzle_asking");
    const { root, model } = mount(s);
    const hint = button(root, "puzzle:hint");
    hint.focus();
    hint.click();
    // Python's answer: the hint shown in a paragraph that shares the button's key.
    answer(model, s, { coach: { ...s.coach, hint: "Look at the ends." } });
    expect(button(root, "puzzle:hint").tagName).toBe("P");
    expect(root.contains(document.activeElement)).toBe(true);
    expect(document.activeElement.closest(".dl-hand")).not.toBeNull();
    press(document.activeElement, "n");
    expect(model.intents().at(-1)).toMatchObject({ action: "puzzle_next" });
  });
  it("a disclosure clicked by the mouse gives the keys back to the hand: the arrows move along it", () => {
    const s = snap("long_line");
    const { root } = mount(s);
    const keys = root.querySelector('summary[data-key="keys"]');
    keys.focus();
    keys.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail: 1 }));
    expect(document.activeElement.closest(".dl-hand")).not.toBeNull();
    const first = document.activeElement.dataset.tile;
    press(document.activeElement, "ArrowRight");
    expect(document.activeElement.dataset.tile).not.toBe(first);
  });
  it("from the keyboard (Enter on the summary) the focus stays where the person put it", () => {
    const s = snap("long_line");
    const { root } = mount(s);
    const keys = root.querySelector('summary[data-key="keys"]');
    keys.focus();
    keys.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail: 0 }));
    expect(document.activeElement).toBe(keys);
  });
});
