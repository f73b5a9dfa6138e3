// The snapshot queue: an answer to an intent shows at once; a computer's move waits its turn
// on screen, `options.pace_ms` after the one before.

/** Whether `snap` is a computer's move following `shown` (so it is paced). */
export function isComputerStep(shown, snap) {
  return !!(
    shown &&
    snap.ack === shown.ack &&
    snap.version !== shown.version &&
    snap.match_number === shown.match_number &&
    snap.hand_number === shown.hand_number &&
    snap.last &&
    !snap.humans.includes(snap.last.seat) &&
    !snap.offer &&
    !snap.coach // the coach hides the game: its moves need no time on screen
  );
}

/**
 * A queue that calls `show(snap)` for each snapshot pushed, computer moves paced apart.
 * @param {{now: () => number, later: Function, cancel: Function, show: Function, shown: () => any}} env
 */
export function pacedQueue(env) {
  let queue = [];
  let timer = null;
  let lastShownAt = -Infinity;
  const showNow = (snap) => env.show(snap); // show() calls shownNow()
  function pump() {
    if (timer !== null) return;
    while (queue.length) {
      const next = queue[0];
      const pace = (next.options && next.options.pace_ms) || 0;
      const wait = isComputerStep(env.shown(), next) ? lastShownAt + pace - env.now() : 0;
      if (wait > 0) {
        timer = env.later(() => {
          timer = null;
          pump();
        }, wait);
        return;
      }
      showNow(queue.shift());
    }
  }
  return {
    push(snap) {
      queue.push(snap);
      pump();
    },
    /** The newest snapshot received (it may still be waiting its turn on screen). */
    latest: () => (queue.length ? queue[queue.length - 1] : env.shown()),
    /** Show every queued snapshot now; false when none was waiting. */
    skip() {
      if (!queue.length) return false;
      if (timer !== null) env.cancel(timer);
      timer = null;
      while (queue.length) showNow(queue.shift());
      return true;
    },
    /** Note that a snapshot was shown outside the queue (tests call `show` directly). */
    shownNow: () => {
      lastShownAt = env.now();
    },
    clear() {
      if (timer !== null) env.cancel(timer);
      timer = null;
      queue = [];
    },
  };
}
