// Keeping the focus across re-renders: each focusable element has a `data-key`, and after a
// draw the element with the same key gets the focus back (or the primary button, or the hand).

/** Put the focus on the hand (its tile with the roving tab stop), or on the primary button
 * when there is no hand; true when something took it. */
export function focusHand(table) {
  const target =
    table.root.querySelector('.dl-hand [tabindex="0"]:not([disabled])') ||
    table.root.querySelector("[data-primary]:not([disabled])");
  if (!target) return false;
  /** @type {HTMLElement} */ (target).focus({ preventScroll: true });
  return true;
}

/** @param {{root: HTMLElement, lastFocused: any}} table */
export function focusKeeper(table) {
  const root = table.root;
  /** The key of the focused element inside the table, "root", or null when it is outside. */
  function focusKey() {
    const doc = root.ownerDocument;
    const active = /** @type {HTMLElement|null} */ (doc.activeElement);
    if (active && root.contains(active)) return active === root ? "root" : active.dataset.key || "root";
    // The focused element was inside the table and a re-render took it away: keep the focus here.
    const last = table.lastFocused;
    if ((!active || active === doc.body) && last && !last.isConnected) return last.dataset.key || "root";
    return null;
  }

  /** Focus the element with `key` again, or the next best place. */
  function restoreFocus(key) {
    if (!key) return;
    let target = key === "root" ? root : root.querySelector(`[data-key="${key.replace(/"/g, "")}"]`);
    if (!target || target.hasAttribute("disabled")) {
      target =
        root.querySelector("[data-primary]:not([disabled])") ||
        root.querySelector('.dl-hand [tabindex="0"]') ||
        root;
    }
    /** @type {HTMLElement} */ (target).focus({ preventScroll: true });
  }
  return { focusKey, restoreFocus };
}
