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

/**
 * The one part of the table that owns the keys, where every control hands the focus back: the
 * open question's safe button (a question keeps Tab inside it), else the primary button (Next
 * hand, Next puzzle), else the hand's tile with the tab stop (the table's or a puzzle's, where
 * the arrows, Enter and the letters act), else the table itself.
 * @param {{root: HTMLElement}} table
 */
export function keyOwner(table) {
  const root = table.root;
  const dialog = root.querySelector('[role="alertdialog"]');
  if (dialog) return dialog.querySelector("[data-primary]:not([disabled])") || dialog.querySelector("button:not([disabled])") || root;
  return (
    root.querySelector("[data-primary]:not([disabled])") ||
    root.querySelector('.dl-hand [tabindex="0"]:not([disabled])') ||
    root
  );
}

/** Whether `el` can hold the focus (a control, or an element with a tabindex): a paragraph
 * that shares a key with a button gone (the puzzle's hint where "Hint (H)" was) cannot. */
function focusable(el) {
  return !!el && !el.hasAttribute("disabled") && el.matches("button, summary, a[href], input, select, textarea, [tabindex]");
}

/** Give the keys back to the table's key owner. @param {{root: HTMLElement}} table */
export function giveKeysBack(table) {
  const owner = keyOwner(table);
  /** @type {HTMLElement} */ (owner).focus({ preventScroll: true });
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

  /** Focus the element with `key` again or, when it is gone (or cannot hold the focus), the
   * table's key owner: the focus never drops out of the table to the page (where JupyterLab
   * would take the keys). */
  function restoreFocus(key) {
    if (!key) return;
    let target = key === "root" ? root : root.querySelector(`[data-key="${key.replace(/"/g, "")}"]`);
    if (target !== root && !focusable(target)) target = keyOwner(table);
    /** @type {HTMLElement} */ (target).focus({ preventScroll: true });
    if (root.ownerDocument.activeElement !== target) root.focus({ preventScroll: true });
  }
  return { focusKey, restoreFocus };
}

/**
 * The table's focus listeners; returns the function that removes them.  The table remembers
 * its last focused element (to keep the focus across a re-render), lets the focus go when the
 * person clicks or focuses outside it (the notebook's keys then reach the notebook), and a
 * click on the table but not on a control puts the focus on the hand, where the keys act.
 * @param {{root: HTMLElement, lastFocused: any}} table
 */
export function watchFocus(table) {
  const root = table.root;
  const onFocusIn = (event) => {
    table.lastFocused = event.target;
  };
  root.addEventListener("focusin", onFocusIn);
  // A click or focus outside the table lets it go: a re-render must not take the focus (and
  // the keys) back from the notebook.
  const doc = root.ownerDocument;
  const letGo = (event) => {
    if (root.contains(/** @type {Node} */ (event.target))) return;
    table.lastFocused = null;
    // A click beside the table (the prompt of its own cell, say) need not move the focus by
    // itself: let it go, so that the notebook's keys reach the notebook.
    const active = /** @type {HTMLElement|null} */ (doc.activeElement);
    if (event.type === "pointerdown" && active && root.contains(active)) active.blur();
  };
  doc.addEventListener("pointerdown", letGo, true);
  doc.addEventListener("focusin", letGo, true);
  // A click on the table but not on a control puts the focus on the hand, where the keys act.
  // A disclosure pressed by the mouse ("Keys", "Why?") opens or closes and hands the keys back
  // to the table's key owner: inside it the arrows would not reach the hand, and Enter would
  // only fold it again.  (From the keyboard, `detail` is 0: the focus stays where the person put it.)
  const onClick = (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (!root.contains(target)) return; // a control that redrew the table on its click: it has placed the focus
    const control = target.closest("button, a, summary, input, select, textarea, [tabindex='0'], .dl-hand");
    if (control && root.contains(control)) {
      if (control.tagName === "SUMMARY" && event.detail > 0) giveKeysBack(table);
      return; // (the notebook's cell around the table is focusable too)
    }
    focusHand(table);
  };
  root.addEventListener("click", onClick);
  return () => {
    root.removeEventListener("focusin", onFocusIn);
    root.removeEventListener("click", onClick);
    doc.removeEventListener("pointerdown", letGo, true);
    doc.removeEventListener("focusin", letGo, true);
  };
}
