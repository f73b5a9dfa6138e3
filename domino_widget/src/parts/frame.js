// The table's frame: which parts are on screen for a snapshot, top to bottom.
import { drawAnalysis } from "./analysis.js";
import { drawBoneyard } from "./boneyard.js";
import { drawCoach } from "./coach.js";
import { drawNotes } from "./controls.js";
import { drawConfirm, drawDead, drawOffer, drawScreen } from "./dialogs.js";
import { drawYou } from "./hand.js";
import { drawHeader } from "./header.js";
import { drawLine } from "./line.js";
import { drawLog } from "./log.js";
import { drawOthers } from "./others.js";
import { drawResult } from "./result.js";
import { h } from "./dom.js";
import { tr } from "./words.js";

/** Every part of the table for snapshot `s`, top to bottom. */
export function drawAll(table, s) {
  const t = tr(table);
  if (s.analysis) return [drawDead(table), drawAnalysis(table, s)];
  if (s.coach) return [drawHeader(table, s), drawDead(table), drawCoach(table, s)];
  const play = [
    drawOthers(s, t),
    drawLine(table, s),
    drawBoneyard(s, t),
    s.screen ? drawScreen(table, s) : drawYou(table, s),
    drawNotes(table, s),
    drawResult(table, s),
  ];
  const top = [drawHeader(table, s), drawDead(table), drawOffer(table, s), drawConfirm(table, s)];
  if (table.projector && table.projector()) {
    // The projector: the game in a wide column and the log beside it, so that a large table
    // fits one screen (the line's room is that column's: lineRoom in line.js).
    return [
      ...top,
      h("div", { class: "dl-stage" }, [
        h("div", { class: "dl-stage-main" }, play.filter(Boolean)),
        h("div", { class: "dl-stage-side" }, [drawLog(s, t)]),
      ]),
    ];
  }
  return [...top, ...play, drawLog(s, t)];
}

