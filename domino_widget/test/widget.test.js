// The table's ES module rendered in jsdom against a fake model.  The snapshots are real ones,
// written by tools/widget_fixtures.py from table sessions (pytest checks they are current);
// the fake model, the mounting and the clock are in test/helpers.js.
import { describe, expect, it, vi } from "vitest";
import widget, { createTable, layoutLine, ANSWER_NOTE_MS } from "../src/widget.js";
import { FIXTURES, answer, button, clock, expectApartInside, fakeModel, handButtons, mount, press, snap, tiles, useFakeTime } from "./helpers.js";

/** A Lumino-like signal. */
function signal() {
  const slots = new Set();
  return { connect: (fn) => slots.add(fn), disconnect: (fn) => slots.delete(fn), emit: (v) => slots.forEach((fn) => fn(null, v)), size: () => slots.size };
}

useFakeTime();

describe("drawing a snapshot", () => {
  it("marks the root for JupyterLab, makes it focusable and says hello with the browser's id", () => {
    const { root, model } = mount(snap("lead"));
    expect(root.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
    expect(root.getAttribute("tabindex")).toBe("-1");
    expect(model.sent[0]).toEqual({ action: "hello", client: "test-client" });
    const s = FIXTURES.lead;
    const buttons = handButtons(root);
    expect(buttons).toHaveLength(s.hand.length);
    buttons.forEach((b, i) => {
      expect(b.getAttribute("aria-label")).toContain(s.hand[i].spoken);
      expect(b.getAttribute("aria-label")).not.toMatch(/\d-\d/);
    });
    expect(root.querySelector(".dl-status").textContent).toBe(s.status);
    expect(root.querySelector(".dl-live").getAttribute("aria-live")).toBe("polite");
  });

  it("enables Draw and Pass exactly as the snapshot says and highlights only playable tiles", () => {
    const s = snap("both_ends");
    const { root } = mount(s);
    expect(button(root, "action:draw").disabled).toBe(!s.can_draw);
    expect(button(root, "action:pass").disabled).toBe(!s.can_pass);
    const playable = handButtons(root).filter((b) => b.classList.contains("dl-playable")).map((b) => b.dataset.tile);
    expect(playable).toEqual(s.hand.filter((t) => t.playable).map((t) => t.tile));
    s.options.highlight_playable = false;
    const { root: plain } = mount(s);
    expect(plain.querySelectorAll(".dl-playable")).toHaveLength(0);
  });

  it("draws the line with both ends marked L and R with their numbers", () => {
    const s = snap("long_line");
    const { root } = mount(s);
    const tiles = root.querySelectorAll(".dl-line .dl-tile");
    expect(Array.from(tiles).map((t) => t.dataset.tile)).toEqual(s.line.map((p) => p.tile));
    expect(button(root, "end:left").textContent).toBe(`L ${s.ends[0]}`);
    expect(button(root, "end:right").textContent).toBe(`R ${s.ends[1]}`);
    expect(tiles[0].classList.contains("dl-end-left")).toBe(true);
    expect(tiles[tiles.length - 1].classList.contains("dl-end-right")).toBe(true);
  });

  it("names the drawn tile and marks it in the hand", () => {
    const s = snap("drawn");
    const { root } = mount(s);
    expect(s.drawn.length).toBeGreaterThan(0);
    const marked = handButtons(root).filter((b) => b.classList.contains("dl-drawn")).map((b) => b.dataset.tile);
    expect(marked).toEqual(s.drawn);
    expect(root.querySelector(".dl-status").textContent).toMatch(/^You drew /);
  });

  it("shows the boneyard with the tiles that stay, and an error from Python", () => {
    const s = snap("error");
    const { root } = mount(s);
    expect(root.querySelectorAll(".dl-boneyard .dl-back")).toHaveLength(s.boneyard.count);
    expect(root.querySelectorAll(".dl-boneyard .dl-stay")).toHaveLength(s.boneyard.stay);
    expect(root.querySelector(".dl-message.dl-error").textContent).toBe(s.message.text);
  });

  it("shows the result, open hands and Next hand at the end of a hand", () => {
    const s = snap("over_partnership");
    const { root, model } = mount(s);
    expect(root.querySelector(".dl-result-title").textContent).toBe(s.result.title);
    expect(root.querySelector(".dl-explain").textContent).toBe(s.result.explanation);
    expect(root.querySelectorAll(".dl-seat .dl-mini-hand .dl-open").length).toBeGreaterThan(0);
    expect(root.querySelector(".dl-seat.dl-partner .dl-seat-name").textContent).toContain("partner");
    expect(button(root, "action:next").textContent).toBe("Next hand (N)");
    press(root, "n");
    expect(model.intents().at(-1)).toMatchObject({ action: "next_hand", version: s.version });
  });

  it("keeps score: progress to the target, every hand, and the match win", () => {
    const s = snap("match_over");
    const { root, model } = mount(s);
    const bars = root.querySelectorAll(".dl-progress");
    expect(Array.from(bars).map((b) => Number(b.getAttribute("aria-valuenow")))).toEqual(s.scoreboard.sides.map((x) => x.points));
    expect(root.querySelectorAll(".dl-hands-table tbody tr")).toHaveLength(s.scoreboard.hands.length);
    expect(root.querySelector(".dl-match-result").textContent).toBe(s.scoreboard.result);
    press(root, "n"); // the match is over: N starts a new one without asking
    expect(model.intents().at(-1)).toMatchObject({ action: "new_match" });
  });

  it("shows the known-voids overlay and the hint button in teaching mode", () => {
    const s = snap("four_player_steps").at(-1);
    s.others[0].lacks = [4, 6];
    const { root } = mount(s);
    expect(root.querySelector(".dl-seat .dl-lacks").textContent).toBe("Known to have no 4, 6");
    expect(button(root, "action:hint")).not.toBeNull();
  });

  it("logs the whole hand, undos included", () => {
    const s = snap("undone");
    const { root } = mount(s);
    const items = Array.from(root.querySelectorAll(".dl-log-list li"));
    expect(items.map((li) => li.textContent)).toEqual(s.log.map((line) => line.text));
    expect(root.querySelector(".dl-log-undo").textContent).toMatch(/^You take back: /);
    expect(button(root, "action:undo")).not.toBeNull();
  });

  it("scales for a projector", () => {
    const s = snap("lead");
    s.options.scale = 1.5;
    const { root } = mount(s);
    expect(root.style.getPropertyValue("--dl-scale")).toBe("1.5");
  });
});

describe("the line's layout", () => {
  const boxes = (layout) => new Map(layout.items.map((it) => [it.index, it]));

  it("anchors the lead: a tile added at either end moves no other tile", () => {
    for (const width of [340, 620, 1000]) {
      for (let n = 1; n < 24; n++) {
        for (let lead = 0; lead < n; lead++) {
          const before = boxes(layoutLine(tiles(n), lead, width, 20));
          // One more tile on the right (indices unchanged) and one on the left (indices + 1).
          const right = boxes(layoutLine([...tiles(n), { double: false }], lead, width, 20));
          const left = boxes(layoutLine([{ double: false }, ...tiles(n)], lead + 1, width, 20));
          for (const [i, box] of before) {
            expect(right.get(i)).toEqual(box);
            expect({ ...left.get(i + 1) }).toEqual({ ...box, index: i + 1 });
          }
        }
      }
    }
  });

  it("turns at the edges: nothing overlaps, nothing leaves the table, and each end marker follows its end", () => {
    for (const width of [340, 620]) {
      for (let n = 1; n < 28; n++) {
        const lead = Math.floor(n / 3);
        const layout = layoutLine(tiles(n), lead, width, 20);
        const all = [...layout.items, layout.slots.left, layout.slots.right];
        expectApartInside(all, width, layout.height);
        const near = (slot, tile) => Math.abs(slot.x + slot.w / 2 - (tile.x + tile.w / 2)) + Math.abs(slot.y + slot.h / 2 - (tile.y + tile.h / 2));
        const items = boxes(layout);
        expect(near(layout.slots.right, items.get(n - 1))).toBeLessThan(3 * 20 + 1);
        expect(near(layout.slots.left, items.get(0))).toBeLessThan(3 * 20 + 1);
      }
    }
  });

  it("keeps the lead tile centred at the top", () => {
    const layout = layoutLine(tiles(9), 4, 600, 20);
    const lead = layout.items.find((it) => it.index === 4);
    expect(lead.x + lead.w / 2).toBeCloseTo(300);
    expect(lead.y + lead.h / 2).toBeCloseTo(20); // the top row, with room above for a double
    expect(Math.min(...layout.items.map((it) => it.y))).toBeGreaterThanOrEqual(0);
  });
});

describe("sending intents", () => {
  it("sends a play with the snapshot's version and refuses a second click until Python answers", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    const single = s.hand.find((t) => t.ends.length === 1);
    const b = handButtons(root).find((x) => x.dataset.tile === single.tile);
    b.click();
    b.click();
    expect(model.intents()).toHaveLength(1);
    expect(model.intents()[0]).toMatchObject({ action: "play", tile: single.tile, end: single.ends[0], version: s.version });
    expect(root.getAttribute("aria-busy")).toBe("true");
    clock.now += 12;
    answer(model, s, { version: s.version + 1 });
    expect(root.hasAttribute("aria-busy")).toBe(false);
    expect(root.dataset.latencyMs).toBe("12.0");
  });

  it("asks which end only for a tile the engine says fits both ends differently", () => {
    const s = snap("both_ends");
    const both = s.hand.find((t) => t.ends.length === 2);
    const { root, model } = mount(s);
    handButtons(root).find((x) => x.dataset.tile === both.tile).click();
    expect(model.intents()).toHaveLength(0);
    expect(button(root, "end:right").classList.contains("dl-choose")).toBe(true);
    expect(button(root, "end:right").getAttribute("aria-label")).toBe(`R ${s.ends[1]}: play ${both.spoken} on the right end, which shows ${s.ends[1]}`);
    expect(document.activeElement).toBe(button(root, "choose:left"));
    press(document.activeElement, "Escape");
    expect(root.querySelector(".dl-choose")).toBeNull();
    expect(document.activeElement.dataset.tile).toBe(both.tile);
    handButtons(root).find((x) => x.dataset.tile === both.tile).click();
    press(root, "r");
    expect(model.intents()).toEqual([expect.objectContaining({ action: "play", tile: both.tile, end: "right" })]);
  });

  it("plays a tile that fits both ends the same way without asking (a lone double)", () => {
    const s = snap("both_ends");
    s.hand[0] = { ...s.hand[0], playable: true, ends: ["left"] };
    const { root, model } = mount(s);
    handButtons(root)[0].click();
    expect(root.querySelector(".dl-choose")).toBeNull();
    expect(model.intents()).toEqual([expect.objectContaining({ action: "play", tile: s.hand[0].tile, end: "left" })]);
  });

  it("plays with the keyboard: roving focus, arrows, Enter, L/R, D and P", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    const buttons = handButtons(root);
    expect(buttons.filter((b) => b.getAttribute("tabindex") === "0")).toHaveLength(1);
    buttons[0].focus();
    press(buttons[0], "ArrowRight");
    expect(document.activeElement).toBe(buttons[1]);
    press(buttons[1], "ArrowLeft");
    press(buttons[0], "ArrowLeft");
    expect(document.activeElement).toBe(buttons.at(-1));
    press(document.activeElement, "Home");
    expect(document.activeElement).toBe(buttons[0]);
    press(document.activeElement, "l");
    expect(model.intents().at(-1)).toMatchObject({ action: "play", tile: s.hand[0].tile, end: "left" });
    answer(model, s);
    if (s.can_draw) {
      press(root, "d");
      expect(model.intents().at(-1)).toMatchObject({ action: "draw", version: s.version });
      answer(model, s);
    }
    press(root, "p"); // Python says why a pass is not allowed, if it is not
    expect(model.intents().at(-1).action).toBe("pass");
  });
});

describe("keys and focus stay in the table", () => {
  it("handles its keys from anywhere inside and lets none of them reach the notebook", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    const reached = [];
    const spy = (e) => reached.push(e.key);
    document.addEventListener("keydown", spy);
    root.focus();
    const status = root.querySelector(".dl-status");
    for (const k of ["r", "d", "d", "a", "b", "x", "m", "y", "z", "Enter", "Escape", "ArrowDown"]) press(status, k);
    document.removeEventListener("keydown", spy);
    expect(reached).toEqual([]);
    expect(model.intents().map((m) => m.action)).toEqual(s.can_draw ? ["draw"] : []); // D acted; the second waits for Python
    press(root, "Tab"); // Tab still moves the focus the browser's way
  });

  it("keeps the focus inside when the focused tile goes (your last tile)", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    handButtons(root)[0].focus();
    const over = snap("over_partnership");
    model.push({ ...over, hand: [], seq: s.seq + 1 });
    expect(root.contains(document.activeElement)).toBe(true);
    expect(document.activeElement.dataset.key).toBe("action:next");
    press(document.activeElement, "n");
    expect(model.intents().at(-1)).toMatchObject({ action: "next_hand" });
  });

  it("keeps the focused tile focused across a re-render", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    const target = handButtons(root)[2];
    target.focus();
    model.push({ ...snap("both_ends"), seq: s.seq + 1 });
    expect(document.activeElement.dataset.tile).toBe(target.dataset.tile);
    expect(document.activeElement).not.toBe(target);
  });
});

describe("while others play", () => {
  it("says who is playing when you click in their turn, and sends nothing", () => {
    const s = snap("four_player_steps")[0];
    expect(s.your_turn).toBe(false);
    const { root, model } = mount(s);
    handButtons(root)[0].click();
    press(root, "d");
    expect(model.intents()).toHaveLength(0);
    const noteText = root.querySelector(".dl-local").textContent;
    expect(noteText).toBe(`${s.turn_name} is thinking; wait for your turn.`);
    expect(root.querySelector(".dl-message.dl-error")).toBeNull();
  });

  it("shows each computer move in turn, pace apart, and a move tried meanwhile skips to the end", () => {
    const steps = snap("four_player_steps");
    const start = { ...steps[0], version: steps[0].version - 1, last: null, log: steps[0].log.slice(0, -1) };
    const { root, model } = mount(start);
    for (const s of steps) model.push(s);
    expect(root.dataset.version).toBe(String(steps[0].version));
    const pace = steps[0].options.pace_ms;
    clock.now += pace;
    vi.advanceTimersByTime(pace);
    expect(root.dataset.version).toBe(String(steps[1].version));
    handButtons(root)[0].click(); // a move during the replay shows the end of it, and is not made
    expect(root.dataset.version).toBe(String(steps.at(-1).version));
    expect(model.intents()).toHaveLength(0);
    expect(root.querySelector(".dl-live").textContent).toContain(steps.at(-1).log.at(-1).text);
  });
});

describe("a new match asks first", () => {
  it("asks before ending a match in progress, and Keep playing is the safe default", () => {
    const s = snap("long_line");
    expect(s.in_progress).toBe(true);
    const { root, model } = mount(s);
    button(root, "action:new").click();
    expect(model.intents()).toHaveLength(0);
    expect(root.querySelector(".dl-confirm").textContent).toMatch(/Start a new match\? This one/);
    expect(document.activeElement).toBe(button(root, "confirm:keep"));
    press(document.activeElement, "Escape");
    expect(root.querySelector(".dl-confirm")).toBeNull();
    button(root, "action:new").click();
    button(root, "confirm:new").click();
    expect(model.intents()).toEqual([expect.objectContaining({ action: "new_match" })]);
  });

  it("starts at once when nothing would be lost", () => {
    const s = snap("lead");
    const { root, model } = mount(s);
    button(root, "action:new").click();
    expect(model.intents()).toEqual([expect.objectContaining({ action: "new_match" })]);
  });
});

describe("tournament mode", () => {
  it("says which hand of which tournament, and offers no new match, undo or hint", () => {
    const s = snap("tournament_playing");
    const { root, model } = mount(s);
    expect(button(root, "tournament:banner").textContent).toContain(s.tournament.banner);
    expect(button(root, "action:new")).toBeNull();
    expect(button(root, "action:undo")).toBeNull();
    expect(button(root, "action:hint")).toBeNull();
    press(root, "u");
    press(root, "h");
    expect(model.intents()).toHaveLength(0);
  });

  it("ends with where the result was saved and a download of the result file", () => {
    const s = snap("tournament_over");
    expect(s.scoreboard.match_over).toBe(true);
    const { root, model } = mount(s);
    expect(root.querySelector(".dl-status").textContent).toBe(s.status);
    expect(button(root, "tournament:saved").textContent).toBe(s.tournament.saved_text);
    const link = button(root, "action:download");
    expect(link.tagName).toBe("A");
    expect(link.getAttribute("download")).toBe(s.tournament.filename);
    const href = link.getAttribute("href");
    expect(href.startsWith("blob:") || href.startsWith("data:application/json")).toBe(true);
    if (href.startsWith("data:")) expect(decodeURIComponent(href.split(",").slice(1).join(","))).toBe(s.tournament.result);
    press(root, "n"); // no new match after the last hand: N says where the result is
    expect(model.intents()).toHaveLength(0);
    expect(root.querySelector(".dl-local").textContent).toBe(s.tournament.saved_text);
  });
});

describe("Python gone", () => {
  it("greys out at once when the kernel restarts (the widget manager drops the comm)", () => {
    const s = snap("long_line");
    s.saving = true;
    const { root, model } = mount(s);
    model.trigger("comm_live_update");
    expect(root.dataset.dead).toBe("true");
    expect(root.querySelector(".dl-dead-note").textContent).toMatch(/Python is no longer running.*Your match was saved: run the cell again/);
    expect(handButtons(root).every((b) => b.disabled)).toBe(true);
    press(root, "d");
    handButtons(root)[0].click();
    expect(model.intents()).toHaveLength(0);
  });

  it("tells a tournament player that their moves were kept", () => {
    const s = snap("tournament_playing");
    s.saving = true;
    expect(s.in_progress).toBe(true);
    const { root, model } = mount(s);
    model.trigger("comm_live_update");
    expect(root.querySelector(".dl-dead-note").textContent).toMatch(/Your tournament moves were saved: run the cell again to carry on/);
  });

  it("listens to the kernel's own status where the page has it", () => {
    const statusChanged = signal();
    const connectionStatusChanged = signal();
    const kernel = { statusChanged, connectionStatusChanged };
    const { root, table } = mount(snap("lead"), {}, { widget_manager: { kernel } });
    statusChanged.emit("busy");
    expect(root.dataset.dead).toBe("false");
    statusChanged.emit("restarting");
    expect(root.dataset.dead).toBe("true");
    table.destroy();
    expect(statusChanged.size()).toBe(0);
  });

  it("says so when Python is slow to answer, and carries on when it does", () => {
    const s = snap("both_ends");
    const { root, model } = mount(s);
    press(root, s.can_draw ? "d" : "p");
    vi.advanceTimersByTime(ANSWER_NOTE_MS + 1);
    expect(root.querySelector(".dl-local").textContent).toMatch(/No answer from Python yet/);
    answer(model, s);
    expect(root.querySelector(".dl-local")).toBeNull();
    expect(root.dataset.dead).toBe("false");
  });
});

describe("two people at one screen, and a saved match", () => {
  it("shows no hand behind the screen, and S shows the next person's tiles", () => {
    const s = snap("screen");
    const { root, model } = mount(s);
    expect(handButtons(root)).toHaveLength(0);
    expect(root.querySelector(".dl-screen-text").textContent).toBe(`Pass the screen to ${s.screen.name}.`);
    press(root, "s");
    expect(model.intents()).toEqual([expect.objectContaining({ action: "reveal" })]);
  });

  it("offers to carry on with a saved match", () => {
    const s = snap("offer");
    const { root, model } = mount(s);
    expect(root.querySelector(".dl-offer").textContent).toContain("left unfinished");
    handButtons(root)[0].click();
    expect(model.intents()).toHaveLength(0);
    press(root, "c");
    expect(model.intents()).toEqual([expect.objectContaining({ action: "resume" })]);
  });
});

describe("calm and lifecycle", () => {
  it("turns animations off when the reader prefers reduced motion", () => {
    const { root } = mount(snap("both_ends"), { reducedMotion: true });
    expect(root.classList.contains("dl-reduced-motion")).toBe(true);
  });

  it("render() draws into el and its cleanup removes everything it added", () => {
    const el = document.createElement("div");
    const model = fakeModel(snap("lead"));
    const cleanup = widget.render({ model, el });
    expect(el.querySelector(".dl-root")).not.toBeNull();
    expect(model.listeners("change:snapshot")).toBe(1);
    expect(model.listeners("comm_live_update")).toBe(1);
    cleanup();
    expect(el.querySelector(".dl-root")).toBeNull();
    expect(model.listeners("change:snapshot")).toBe(0);
    expect(model.listeners("comm_live_update")).toBe(0);
  });

  it("two views of one model each draw the same state", () => {
    const model = fakeModel(snap("lead"));
    const a = createTable(model, document.createElement("div"), { client: "c" });
    const b = createTable(model, document.createElement("div"), { client: "c" });
    expect(a.root.dataset.version).toBe(b.root.dataset.version);
    model.push(snap("both_ends"));
    vi.advanceTimersByTime(FIXTURES.both_ends.options.pace_ms + 1);
    expect(a.root.dataset.version).toBe(String(FIXTURES.both_ends.version));
    expect(b.root.dataset.version).toBe(String(FIXTURES.both_ends.version));
  });
});

describe("the coach: reviewing a hand", () => {
  const finished = () => snap("review_steps")[0]; // the moment the review starts (0 done)

  it("offers Review this hand when Python says so, by button and by V", () => {
    const over = snap("over_partnership");
    const { root, model } = mount(over);
    expect(over.can_review).toBe(true);
    button(root, "action:review").click();
    expect(model.intents().at(-1)).toMatchObject({ action: "review", version: over.version });
    const t = mount(snap("tournament_over"));
    expect(button(t.root, "action:review")).toBeNull(); // never in a tournament
    press(t.root, "v");
    expect(t.model.intents()).toHaveLength(0);
  });

  it("offers each person at a two-person table a review of their own moves", () => {
    const over = snap("over_two_people");
    const { root, model } = mount(over);
    expect(over.reviews.map((r) => r.seat)).toEqual([0, 1]);
    expect(button(root, "action:review").textContent).toBe("Review Ana's moves (V)");
    const second = button(root, "action:review:1");
    expect(second.textContent).toBe("Review Ben's moves");
    second.click();
    expect(model.intents().at(-1)).toMatchObject({ action: "review", seat: 1, version: over.version });
  });

  it("shows the progress while the review runs, and Cancel or Esc stops it", () => {
    const steps = snap("review_steps");
    const { root, model } = mount(steps[0]);
    const running = steps[5];
    model.push(running);
    expect(button(root, "review:progress").textContent).toBe(running.coach.progress_text);
    expect(running.coach.progress_text).toMatch(/^Reviewing: 5 of \d+ decisions$/);
    const bar = root.querySelector(".dl-review-progress");
    expect(bar.getAttribute("aria-valuenow")).toBe("5");
    expect(root.querySelector(".dl-hand")).toBeNull(); // the game's hand is not drawn over the review
    press(root, "Escape");
    expect(model.intents().at(-1)).toMatchObject({ action: "coach_close" });
    answer(model, running, { coach: null });
    button(root, "action:review"); // back at the table
    expect(root.querySelector(".dl-coach")).toBeNull();
  });

  it("draws the decision: the line then, the move played and the best one as tiles, the label and the sentence", () => {
    const s = snap("review_worst");
    const d = s.coach.decision;
    const { root } = mount(s);
    expect(d.same).toBe(false);
    expect(button(root, "review:heading").textContent).toBe(d.heading);
    const line = Array.from(root.querySelectorAll(".dl-line [data-tile]")).map((n) => n.dataset.tile);
    expect(line.sort()).toEqual(d.line.map((p) => p.tile).sort());
    expect(root.querySelectorAll(".dl-line .dl-slot")).toHaveLength(0); // nothing to choose in a review
    expect(button(root, "review:played").querySelector(".dl-tile").getAttribute("aria-label")).toBe(d.played.tile.spoken);
    expect(button(root, "review:best").textContent).toContain(d.best.words);
    expect(button(root, "review:label").textContent).toBe(d.label_text);
    expect(button(root, "review:sentence").textContent).toBe(d.sentence);
  });

  it("steps with Previous/Next and the arrow keys, within the review's bounds", () => {
    const s = snap("review_steps").at(-1);
    expect(s.coach.status).toBe("done");
    const { root, model } = mount(s);
    expect(button(root, "review:previous").disabled).toBe(true); // the first decision
    press(root, "ArrowRight");
    expect(model.intents().at(-1)).toMatchObject({ action: "review_step", step: 1, version: s.version });
    answer(model, s, { coach: { ...s.coach, index: 1 } });
    press(root, "ArrowLeft");
    expect(model.intents().at(-1)).toMatchObject({ action: "review_step", step: -1 });
    answer(model, s);
    button(root, "review:next").click();
    expect(model.intents().at(-1)).toMatchObject({ action: "review_step", step: 1 });
    answer(model, s);
    press(root, "n"); // Next hand waits until the review is closed
    expect(model.intents().at(-1).action).toBe("review_step");
    button(root, "review:close").click();
    expect(model.intents().at(-1)).toMatchObject({ action: "coach_close" });
  });

  it("keeps an arrow or Escape pressed before Python answered, and sends it once it has", () => {
    const s = snap("review_steps").at(-1);
    const { root, model } = mount(s);
    press(root, "ArrowRight");
    press(root, "Escape"); // pressed while the step is on its way
    expect(model.intents()).toHaveLength(1);
    answer(model, s, { coach: { ...s.coach, index: 1 } });
    expect(model.intents()).toHaveLength(2);
    expect(model.intents().at(-1)).toMatchObject({ action: "coach_close" });
    press(root, "ArrowLeft");
    press(root, "ArrowRight");
    press(root, "ArrowLeft"); // only the last key pressed while waiting is kept
    answer(model, s);
    expect(model.intents().slice(-2).map((m) => m.action)).toEqual(["coach_close", "review_step"]);
    expect(model.intents().at(-1)).toMatchObject({ step: -1 });
    expect(model.intents()).toHaveLength(3);
  });
});

describe("the coach: puzzles", () => {
  it("shows the puzzle's position and answers with a click on a tile", () => {
    const s = snap("puzzle_asking");
    const { root, model } = mount(s);
    const c = s.coach;
    expect(root.querySelector(".dl-puzzle-question").textContent).toBe(c.question);
    expect(handButtons(root).map((b) => b.dataset.tile)).toEqual(c.hand.map((t) => t.tile));
    const tile = c.hand.find((t) => t.playable && t.ends.length === 1);
    button(root, `hand:${tile.tile}`).click();
    expect(model.intents().at(-1)).toMatchObject({ action: "puzzle_answer", move: "play", tile: tile.tile, end: tile.ends[0] });
    answer(model, s);
    press(root, "h");
    expect(model.intents().at(-1)).toMatchObject({ action: "puzzle_hint" });
  });

  it("shows the puzzle's verdict: not this time, then correct with one Why? and Next puzzle", () => {
    const wrong = snap("puzzle_wrong");
    const { root, model } = mount(wrong);
    expect(button(root, "puzzle:feedback").textContent).toBe(`Not this time: ${wrong.coach.feedback.text}`);
    expect(wrong.coach.feedback.text).not.toMatch(/^Not this/);
    expect(button(root, "puzzle:explanation")).toBeNull();
    // No figures behind a "Why?" while the puzzle is still asked: they would give the answer away.
    expect(root.querySelectorAll(".dl-why-more")).toHaveLength(0);
    expect(button(root, "puzzle:hint").textContent).toBe(`Hint: ${wrong.coach.hint}`);
    const right = snap("puzzle_right");
    model.push(right);
    expect(button(root, "puzzle:feedback").textContent).toBe(`Correct: ${right.coach.feedback.text}`);
    expect(right.coach.feedback.text).not.toMatch(/^Yes/);
    // The verdict is the answer's sentence, with one "Why?" (not the answer again with a second).
    expect(button(root, "puzzle:explanation")).toBeNull();
    expect(root.querySelectorAll(".dl-why-more")).toHaveLength(1);
    handButtons(root)[0].click(); // done: a click answers nothing more
    expect(model.intents()).toHaveLength(0);
    press(root, "n");
    expect(model.intents().at(-1)).toMatchObject({ action: "puzzle_next" });
  });

  it("answers from the keyboard as in play: arrows move along the hand, L/R play the focused tile", () => {
    const s = snap("puzzle_asking");
    const { root, model } = mount(s);
    const tiles = handButtons(root);
    const index = s.coach.hand.findIndex((t) => t.playable);
    tiles[0].focus();
    for (let i = 0; i < index; i++) press(root.ownerDocument.activeElement, "ArrowRight");
    expect(root.ownerDocument.activeElement.dataset.tile).toBe(s.coach.hand[index].tile);
    press(root.ownerDocument.activeElement, s.coach.hand[index].ends[0] === "left" ? "l" : "r");
    expect(model.intents().at(-1)).toMatchObject({ action: "puzzle_answer", tile: s.coach.hand[index].tile });
  });

  it("answers at once while the game underneath moves on (a computer move is not paced behind a puzzle)", () => {
    const s = snap("puzzle_asking");
    const { root, model } = mount(s);
    const step = { ...s, version: s.version + 1, seq: s.seq + 1, last: { seat: 1, action: "play" } };
    model.push(step);
    const tile = s.coach.hand.find((t) => t.playable && t.ends.length === 1);
    button(root, `hand:${tile.tile}`).click();
    expect(model.intents().at(-1)).toMatchObject({ action: "puzzle_answer", tile: tile.tile, version: step.version });
  });
});
