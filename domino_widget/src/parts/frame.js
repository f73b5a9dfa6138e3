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
import { tr } from "./words.js";

/** Every part of the table for snapshot `s`, top to bottom. */
export function drawAll(table, s) {
  const t = tr(table);
  if (s.analysis) return [drawDead(table), drawAnalysis(table, s)];
  if (s.coach) return [drawHeader(table, s), drawDead(table), drawCoach(table, s)];
  return [
    drawHeader(table, s),
    drawDead(table),
    drawOffer(table, s),
    drawConfirm(table, s),
    drawOthers(s, t),
    drawLine(table, s),
    drawBoneyard(s, t),
    s.screen ? drawScreen(table, s) : drawYou(table, s),
    drawNotes(table, s),
    drawResult(table, s),
    drawLog(s, t),
  ];
}

