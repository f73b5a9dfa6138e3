// Noticing that Python has gone: the widget manager drops the comm, or the kernel's own
// status says it is restarting or dead, or the server connection is lost.
import { english } from "./words.js";

/** Kernel states in which the table can no longer play. */
export const DEAD_STATES = new Set(["dead", "restarting", "autorestarting", "terminating"]);

/** Why the table stopped and how to carry on (whether the match was saved, Voila or not;
 * `t`: the table's words). */
export function deadReason(shown, inVoila, t = english) {
  const saved = shown && shown.in_progress && shown.saving;
  let how;
  if (saved && shown.tournament) {
    how = inVoila
      ? t("Your tournament moves were saved: reload the page to carry on where you left off.")
      : t("Your tournament moves were saved: run the cell again to carry on where you left off.");
  } else if (saved) {
    how = inVoila
      ? t("Your match was saved: reload the page to carry on where you left off.")
      : t("Your match was saved: run the cell again to carry on where you left off.");
  } else {
    how = inVoila ? t("To play, reload the page.") : t("To play, run the cell again.");
  }
  return `${t("Python is no longer running (the kernel was restarted or shut down), so this table cannot go on.")} ${how}`;
}

/** Call `die(reason)` once Python has gone; returns the function that stops listening. */
export function watchKernel(model, die, reason, t = english) {
  const onCommLive = () => die(reason());
  model.on("comm_live_update", onCommLive);
  model.on("comm:close", onCommLive);
  let kernel = null;
  const onKernelStatus = (_sender, status) => {
    if (DEAD_STATES.has(status)) die(reason());
  };
  const onConnection = (_sender, status) => {
    if (status === "disconnected") die(t("The connection to the Jupyter server was lost. Reload the page to carry on."));
  };
  try {
    kernel = model.widget_manager && model.widget_manager.kernel;
    if (kernel && kernel.statusChanged && typeof kernel.statusChanged.connect === "function") {
      kernel.statusChanged.connect(onKernelStatus);
      if (kernel.connectionStatusChanged) kernel.connectionStatusChanged.connect(onConnection);
    } else {
      kernel = null;
    }
  } catch {
    kernel = null;
  }
  return () => {
    model.off("comm_live_update", onCommLive);
    model.off("comm:close", onCommLive);
    if (kernel) {
      try {
        kernel.statusChanged.disconnect(onKernelStatus);
        if (kernel.connectionStatusChanged) kernel.connectionStatusChanged.disconnect(onConnection);
      } catch {
        /* the kernel is gone already */
      }
    }
  };
}
