// The table's fixed words in the table's language.  Python sends them in the model's `words`
// (dominolab.table_words: each English label and its text in the table's language); a label
// Python did not send reads as its English self.  Named placeholders ("{name}") are filled
// from `parts`.  Every label a person reads goes through t() or tn() with its English text as a
// plain string literal, so that tests/test_i18n_widget.py can check each one is in
// dominolab/table_words.py (and so in the catalog, translated).

/** `text` with each "{name}" replaced by `parts.name` (a name not in `parts` stays as it is). */
export function fill(text, parts) {
  if (!parts) return text;
  return text.replace(/\{([A-Za-z_]+)\}/g, (whole, name) => (name in parts ? String(parts[name]) : whole));
}

/**
 * The label functions for a table whose words `source()` gives (called at each use, so that
 * words Python changes later are read): t(label, parts) and tn(singular, plural, n, parts).
 * @param {() => any} source
 */
export function translator(source) {
  const look = (key) => {
    const words = source();
    const text = words && typeof words === "object" ? words[key] : undefined;
    return typeof text === "string" && text ? text : key;
  };
  /** @param {string} key  the English label @param {Record<string, any>} [parts] */
  const t = (key, parts) => fill(look(key), parts);
  /** The singular or the plural label for `n` (Python sends each form under its English
   * text, chosen as English chooses: one for 1, the other for any other number, which is
   * Spanish's rule too), with `{count}` filled by `n` unless `parts` says otherwise. */
  const tn = (singular, plural, n, parts) => fill(look(n === 1 ? singular : plural), { count: n, ...parts });
  t.n = tn;
  return t;
}

/** The English words (no `words` from Python): the labels as written here. */
export const english = translator(() => null);

/** Mark a label kept in a constant, to be said with t(), for the tests that scan for labels. */
export const N_ = (label) => label;

/** The key of `action` ("draw", "left"...) at this table, lower case, as Python sends it in
 * the snapshot (`keys`, read from the labels' words in the table's language: "r" draws at a
 * Spanish table); null when the snapshot names none. */
export function keyOf(table, action) {
  const keys = table && table.shown && table.shown.keys;
  return (keys && keys[action]) || null;
}

/** The action whose key is `key` (a letter, lower case) at this table, or null. */
export function actionOf(table, key) {
  const keys = (table && table.shown && table.shown.keys) || {};
  return Object.keys(keys).find((action) => keys[action] === key) || null;
}

/** The label function of `table` (English for a table without words, as some tests build). */
export const tr = (table) => (table && table.t) || english;
