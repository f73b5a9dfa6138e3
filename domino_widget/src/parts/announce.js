// What the live region says when a snapshot replaces another: the new turns of the log,
// Python's message, the hint, the result, whose turn it is, the coach's news.

/** The sentence to say for the change from `before` to `snap`, or "" when nothing is new. */
export function announcement(before, snap) {
  const parts = [];
  const sameHand =
    before && before.match_number === snap.match_number && before.hand_number === snap.hand_number;
  const fresh = sameHand ? snap.log.length - before.log.length : snap.log.length;
  if (fresh > 0) parts.push(...snap.log.slice(-fresh).map((line) => line.text));
  if (snap.message && (!before || before.seq !== snap.seq)) parts.push(snap.message.text);
  if (snap.hint && !(before && before.hint)) parts.push(`Hint: ${snap.hint.text}`);
  if (snap.result && !(before && before.result)) parts.push(`${snap.result.title}. ${snap.result.why}`);
  if (snap.scoreboard.result && !(before && before.scoreboard.result)) parts.push(snap.scoreboard.result);
  if ((snap.your_turn || snap.screen || snap.offer) && !(before && before.status === snap.status && sameHand)) parts.push(snap.status);
  const c = snap.coach;
  const b = before && before.coach;
  if (c && c.kind === "review" && c.decision && !(b && b.decision && b.index === c.index)) parts.push(`${c.decision.heading}. ${c.decision.sentence}`);
  if (c && c.kind === "puzzle" && c.feedback && !(b && b.feedback && b.feedback.text === c.feedback.text)) parts.push(`${c.feedback.title}: ${c.feedback.text}`);
  return parts.join(". ").replace(/\.\./g, ".");
}
