// The table's fixed labels in the table's language: the words Python sends in the model's
// `words` (dominolab.table_words; words.es.json is what a Spanish table sends, checked current
// by tests/test_i18n_widget.py), read through t() with the English label as the fallback.
import { describe, expect, it, vi } from "vitest";
import { createTable } from "../src/widget.js";
import { english, fill, translator } from "../src/parts/words.js";
import SPANISH from "./fixtures/words.es.json";
import KEYS_ES from "./fixtures/keys.es.json";
import { FIXTURES, button, clock, fakeModel, handButtons, press, snap, useFakeTime } from "./helpers.js";

useFakeTime();

/** The table drawn from `steps` (snapshots shown in turn) with `words` in the model. */
function mountWith(steps, words) {
  const el = document.createElement("div");
  document.body.append(el);
  const model = fakeModel(structuredClone(steps[0]));
  const get = model.get;
  model.words = words;
  model.get = (key) => (key === "words" ? model.words : get(key));
  const table = createTable(model, el, { now: () => clock.now, reducedMotion: true, client: "t" });
  for (const s of steps.slice(1)) table.show(structuredClone(s));
  return { model, table, root: table.root };
}

/** Every fixture, as a list of the snapshots shown in turn. */
const STATES = Object.entries(FIXTURES).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]);

/** What a person does at a table: a tile, the keys, New match, every disclosure, the kernel
 * gone; `look()` after each step. */
function actAll(table, model, look, keys = ["h", "n", "d", "p", "u", "v", "e", "ArrowRight", "c", "s", "Escape"]) {
  const root = table.root;
  look("drawn");
  const tile = root.querySelector(".dl-hand .dl-playable");
  if (tile) {
    tile.click();
    look("a tile clicked");
    press(root, "Escape");
  }
  for (const key of keys) {
    press(root, key);
    look(`key ${key}`);
    vi.advanceTimersByTime(5000); // the "no answer yet" note
    look(`after key ${key}`);
  }
  const fresh = button(root, "action:new");
  if (fresh) {
    fresh.click();
    look("New match asked");
  }
  for (const summary of root.querySelectorAll("summary")) summary.click();
  look("disclosures open");
  model.trigger("comm_live_update");
  look("Python gone");
}

describe("the label functions", () => {
  it("fill named parts, keep a part not given, and read the words given or the English label", () => {
    expect(fill("{name} holds {tiles}", { name: "Ana", tiles: "6-4" })).toBe("Ana holds 6-4");
    expect(fill("{name} is thinking", {})).toBe("{name} is thinking");
    const t = translator(() => ({ "Hint (H)": "Pista (H)", "It is {name}'s turn.": "Le toca a {name}.", odd: 3, empty: "" }));
    expect(t("Hint (H)")).toBe("Pista (H)");
    expect(t("It is {name}'s turn.", { name: "Ana" })).toBe("Le toca a Ana.");
    expect(t("Why?")).toBe("Why?"); // not sent: its English self
    expect(t("odd")).toBe("odd"); // only texts are words
    expect(t("empty")).toBe("empty");
    expect(english("Hint: {text}", { text: "play 6-4" })).toBe("Hint: play 6-4");
  });
  it("a count takes the singular for 1 and the plural otherwise, with {count} filled", () => {
    const t = translator(() => SPANISH);
    expect([0, 1, 2, 14].map((n) => t.n("{count} tile", "{count} tiles", n))).toEqual(["0 fichas", "1 ficha", "2 fichas", "14 fichas"]);
    expect(t.n("{name}: {count} point", "{name}: {count} points", 1, { name: "Ana" })).toBe("Ana: 1 punto");
    expect(english.n("{count} tile", "{count} tiles", 1)).toBe("1 tile");
  });
});

describe("English, with or without words from Python", () => {
  const ENGLISH = Object.fromEntries(Object.keys(SPANISH).map((key) => [key, key]));
  for (const [name, steps] of STATES) {
    it(`draws the same table: ${name}`, () => {
      const seen = (words) => {
        document.body.replaceChildren();
        const { table, model } = mountWith(steps, words);
        const out = [];
        actAll(table, model, () => out.push(table.root.outerHTML), ["h", "n", "Escape"]);
        return out;
      };
      const none = seen(undefined);
      expect(seen(ENGLISH)).toEqual(none);
      expect(seen({})).toEqual(none);
    }, 30000);
  }
});

describe("no word on screen that Python's words do not give", () => {
  // Every label marked ⟦...⟧: what is left on screen outside the marks must come from the
  // snapshot (Python's own sentences and names) or be figures and key letters.
  const MARKED = Object.fromEntries(Object.keys(SPANISH).map((key) => [key, `⟦${key}⟧`]));
  const KEPT = ["Domino Lab"];
  const unmark = (text) => {
    let out = text;
    for (let before = ""; before !== out; ) {
      before = out;
      out = out.replace(/⟦[^⟦⟧]*⟧/g, " ");
    }
    return out;
  };
  const strings = (value, out = new Set()) => {
    if (typeof value === "string") {
      out.add(value);
      out.add(value.charAt(0).toUpperCase() + value.slice(1)); // a move's words, capitalised as a button's
    } else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
    return out;
  };
  const textsOf = (root) => {
    const texts = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue);
    for (const el of root.querySelectorAll("*")) {
      for (const attr of ["aria-label", "title", "placeholder", "aria-valuetext"]) {
        if (el.hasAttribute(attr)) texts.push(el.getAttribute(attr));
      }
    }
    texts.push(root.getAttribute("aria-label"));
    return texts;
  };
  for (const [name, steps] of STATES) {
    it(name, () => {
      const { table, model } = mountWith(steps, MARKED);
      const fromPython = [...strings(steps)].filter((s) => /[A-Za-z]{2}/.test(s)).sort((a, b) => b.length - a.length);
      const left = new Set();
      actAll(table, model, (when) => {
        for (const text of textsOf(table.root)) {
          let rest = unmark(text);
          if (fromPython.some((s) => s.includes(rest.trim()))) continue; // a part of a snapshot text
          for (const s of [...KEPT, ...fromPython]) rest = rest.split(s).join(" ");
          if (/[A-Za-z]{2}/.test(rest)) left.add(`${when}: ${JSON.stringify(text)} -> ${JSON.stringify(rest.trim())}`);
        }
      });
      expect([...left]).toEqual([]);
    }, 30000);
  }
});

describe("a table in Spanish", () => {
  it("says its buttons, its hand and its boneyard in Spanish", () => {
    const { root } = mountWith([{ ...snap("lead"), options: { ...snap("lead").options, hints: true } }], SPANISH);
    expect(root.getAttribute("aria-label")).toBe("Mesa de dominó");
    expect(button(root, "action:hint").textContent).toBe("Pista (H)");
    expect(button(root, "action:draw").textContent).toBe("Robar (R)");
    expect(button(root, "action:pass").textContent).toBe("Pasar (P)");
    expect(button(root, "action:new").getAttribute("aria-label")).toBe("Empezar una partida nueva");
    expect(root.querySelector(".dl-you").getAttribute("aria-label")).toBe("Tu mano");
    expect(root.querySelector(".dl-log summary").textContent).toMatch(/^Esta mano, turno por turno \(\d+\)$/);
    expect(root.querySelector(".dl-boneyard-text").textContent).toMatch(/^Pozo: \d+ fichas?/);
    expect(handButtons(root).some((b) => / se puede jugar$/.test(b.getAttribute("aria-label")))).toBe(true);
    expect(root.querySelector(".dl-table").getAttribute("aria-label")).toBe("La línea de juego");
  });
  it("at the end of a hand: Siguiente mano, and the result's part named in Spanish", () => {
    const { root } = mountWith([snap("over_partnership")], SPANISH);
    expect(button(root, "action:next").textContent).toBe("Siguiente mano (N)");
    expect(root.querySelector(".dl-result").getAttribute("aria-label")).toBe("Resultado de la mano");
  });
  it("a note made by the table itself is in Spanish too", () => {
    const s = snap("lead");
    const { root } = mountWith([{ ...s, your_turn: false, turn: 1, turn_name: "Ana", thinking: null }], SPANISH);
    press(root, "d");
    expect(root.querySelector(".dl-local").textContent).toBe("Le toca a Ana.");
  });
  it("draws itself again when Python changes its words, and stops listening when closed", () => {
    const { root, model, table } = mountWith([{ ...snap("lead"), options: { ...snap("lead").options, hints: true } }], null);
    expect(button(root, "action:hint").textContent).toBe("Hint (H)");
    model.words = SPANISH;
    model.trigger("change:words");
    expect(button(root, "action:hint").textContent).toBe("Pista (H)");
    expect(root.getAttribute("aria-label")).toBe("Mesa de dominó");
    expect(model.listeners("change:words")).toBe(1);
    table.destroy();
    expect(model.listeners("change:words")).toBe(0);
  });
});

describe("the keys at a Spanish table (issue 45): I and D for the ends, R robar, P pasar, from Python", () => {
  /** A snapshot as a Spanish table sends it: its keys are Python's Spanish ones. */
  const spanish = (name, changes = {}) => ({ ...snap(name), keys: KEYS_ES, ...changes });
  const intents = (model) => model.intents().map((m) => [m.action, m.tile ?? null, m.end ?? null]);

  it("R draws, P passes, D is no longer draw; the buttons say so to a screen reader", () => {
    const s = spanish("lead", { can_draw: true, can_pass: false });
    const { root, model } = mountWith([s], SPANISH);
    expect(button(root, "action:draw").getAttribute("aria-keyshortcuts")).toBe("r");
    expect(button(root, "action:pass").getAttribute("aria-keyshortcuts")).toBe("p");
    press(root, "d"); // right end, with no tile waiting: nothing is sent
    expect(intents(model)).toEqual([]);
    press(root, "r");
    expect(intents(model)).toEqual([["draw", null, null]]);
  });

  it("a tile that fits both ends: I plays it on the left, D on the right; the end buttons show I and D", () => {
    for (const [key, end] of [["i", "left"], ["d", "right"]]) {
      const s = spanish("both_ends");
      const { root, model } = mountWith([s], SPANISH);
      const both = s.hand.find((t) => t.ends.length === 2);
      button(root, `hand:${both.tile}`).click();
      expect(button(root, "choose:left").textContent).toMatch(/\(I\)$/);
      expect(button(root, "choose:right").textContent).toMatch(/\(D\)$/);
      expect(root.querySelector(".dl-slot-left .dl-slot-letter").textContent).toBe("I");
      expect(root.querySelector(".dl-slot-right .dl-slot-letter").textContent).toBe("D");
      expect(button(root, "end:left").getAttribute("aria-keyshortcuts")).toBe("i");
      press(root, "l"); // the English key does nothing here
      expect(intents(model)).toEqual([]);
      press(root, key);
      expect(intents(model)).toEqual([["play", both.tile, end]]);
      document.body.replaceChildren();
    }
  });

  it("the key help is Python's Spanish sentence, naming I/D, R and P", () => {
    const { root } = mountWith([spanish("lead")], SPANISH);
    const help = root.querySelector('[data-key="keys"]').parentElement.querySelector(".dl-why-text").textContent;
    expect(help).toContain("I/D la juegan");
    expect(help).toContain("R roba");
    expect(help).toContain("P pasa");
  });

  it("in a puzzle too: R draws (when the puzzle lets you), N goes on", () => {
    const s = spanish("puzzle_asking");
    const { root, model } = mountWith([s], SPANISH);
    press(root, "n");
    expect(model.intents().at(-1).action).toBe("puzzle_next");
  });

  it("an English table is unchanged: D draws, L and R choose the end", () => {
    const s = snap("both_ends");
    const { root, model } = mountWith([s], null);
    const both = s.hand.find((t) => t.ends.length === 2);
    expect(root.querySelector(".dl-slot-left .dl-slot-letter").textContent).toBe("L");
    button(root, `hand:${both.tile}`).click();
    press(root, "r");
    expect(intents(model)).toEqual([["play", both.tile, "right"]]);
    expect(button(root, "action:draw").getAttribute("aria-keyshortcuts")).toBe("d");
  });
});
