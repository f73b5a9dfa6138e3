// Which browser this is: autosaved matches are kept per browser.

/** A stable id for this browser (autosaves are kept per browser), or a fresh one. */
export function clientId() {
  const fresh = () => Math.random().toString(36).slice(2, 12);
  try {
    const store = globalThis.localStorage;
    let id = store.getItem("dominolab-client");
    if (!id || !/^[A-Za-z0-9_-]{1,40}$/.test(id)) {
      id = fresh();
      store.setItem("dominolab-client", id);
    }
    return id;
  } catch {
    return fresh();
  }
}
