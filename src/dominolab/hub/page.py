"""The service's page at ``/services/dominolab/``: for a teacher, the tournaments' live board
(each student's hand k of n, the ranking by points and by duplicate score, refreshed every
few seconds without a reload; a hand replayed move by move; CSV) and the lessons' progress
(tried, got, the most common wrong answers with their nudge; per student; releasing a
solution); for a student, their own records, which they may delete.

The page draws what the service's JSON API answers; every figure on it is the engine's.
"""

from __future__ import annotations

import json
from html import escape

from ..i18n import _, get_language

_SCRIPT = r"""
const P = JSON.parse(document.getElementById('dl-config').textContent);
const H = {'X-XSRFToken': P.xsrf, 'Content-Type': 'application/json'};
async function api(path, opts = {}) {
  const r = await fetch(P.prefix + 'api/' + path, {credentials: 'same-origin', headers: H, ...opts});
  const t = await r.text();
  let d; try { d = JSON.parse(t); } catch (e) { d = {error: t}; }
  if (!r.ok) throw new Error(d.error || r.statusText);
  return d;
}
const $ = (id) => document.getElementById(id);
function el(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}
function table(target, heads, rows) {
  const t = el('table'); const tr = el('tr');
  heads.forEach(h => tr.appendChild(el('th', h))); t.appendChild(tr);
  rows.forEach(r => { const row = el('tr'); r.forEach(c => {
    const td = el('td'); if (c instanceof Node) td.appendChild(c); else td.textContent = c; row.appendChild(td); });
    t.appendChild(row); });
  target.replaceChildren(t);
}
function say(msg) { $('status').textContent = msg; }
const W = P.words;
function fmt(text, values) { return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m)); }

async function mine() {
  const d = await api('reports');
  table($('mine'), [W.lesson, W.exercise, W.verdict, W.answer],
        d.records.map(r => [r.lesson, 'q' + r.exercise, r.verdict, r.answer]));
  $('mine-count').textContent = P.words.count.replace('{count}', d.records.length);
}
async function deleteMine() {
  if (!confirm(P.words.confirm)) return;
  const d = await api('reports', {method: 'DELETE'}); say(P.words.deleted.replace('{count}', d.deleted)); mine();
}

let current = null;
async function tournaments() {
  const d = await api('tournaments');
  const sel = $('which'); const keep = sel.value;
  sel.replaceChildren(...d.tournaments.map(t => el('option', t.key + (t.title ? ' — ' + t.title : '') +
    ' (' + fmt(W.hands_rules, {hands: t.hands, rules: t.rules}) + ')', {value: t.key})));
  if (keep) sel.value = keep;
  if (!current && d.tournaments.length) { current = d.tournaments[d.tournaments.length - 1].key; sel.value = current; }
}
async function create(ev) {
  ev.preventDefault();
  const spec = {rules: $('rules').value, hands: Number($('hands').value), opponents: $('opponents').value,
                players: Number($('players').value), title: $('title').value};
  try { const t = await api('tournaments', {method: 'POST', body: JSON.stringify(spec)});
        current = t.key; await tournaments(); $('which').value = t.key;
        say(fmt(W.made, {key: t.key})); board(); }
  catch (e) { say(e.message); }
}
async function board() {
  if (!current) return;
  const d = await api('tournaments/' + encodeURIComponent(current) + '/board');
  $('key').textContent = d.tournament.key;
  $('csv').href = P.prefix + 'api/tournaments/' + encodeURIComponent(current) + '/board.csv';
  table($('students'), [W.student, W.hand, W.points, W.duplicate, W.replay], d.students.map(s => {
    const pick = el('span');
    for (let h = 1; h <= Math.min(s.hand, s.hands); h++) {
      const b = el('button', h, {'data-student': s.student, 'data-hand': h, 'class': 'replay'});
      b.onclick = () => replay(s.student, h); pick.appendChild(b);
    }
    return [s.student, s.finished ? W.finished : fmt(W.hand_of, {hand: s.hand, hands: s.hands}), s.points,
            (s.duplicate >= 0 ? '+' : '') + s.duplicate, pick];
  }));
  table($('ranking'), [W.rank, W.student, W.points, W.duplicate, W.hands_won],
        d.ranking.map(r => [r.rank, r.student, r.points, (r.duplicate >= 0 ? '+' : '') + r.duplicate,
                            r.hands_won]));
  table($('by-duplicate'), [W.rank, W.student, W.duplicate],
        d.by_duplicate.map(r => [r.rank, r.student, (r.duplicate >= 0 ? '+' : '') + r.duplicate]));
}
let steps = [], step = 0;
async function replay(student, hand) {
  const d = await api('tournaments/' + encodeURIComponent(current) + '/replay/' + encodeURIComponent(student) +
                      '/' + hand);
  steps = d.steps; step = 0; $('replay-title').textContent = fmt(W.student_hand, {student, hand}); show();
}
function show() {
  if (!steps.length) return;
  const s = steps[step];
  $('replay-step').textContent = step === 0 ? W.as_dealt :
    fmt(W.step, {step, steps: steps.length - 1, number: s.seat, move: s.move});
  $('replay-line').textContent = fmt(W.line, {line: s.line});
  $('replay-hands').textContent = s.hands.map((h, i) => fmt(W.seat_hand, {number: i, hand: h || W.none})).join('\n') +
    '\n' + fmt(W.boneyard, {count: s.boneyard});
}
function move(by) { step = Math.max(0, Math.min(steps.length - 1, step + by)); show(); }

async function lessons() {
  const d = await api('progress');
  table($('exercises'), [W.lesson, W.exercise, W.tried, W.got, W.wrong, W.solution],
    d.exercises.map(x => {
      const wrong = el('ul');
      x.wrong.forEach(w => wrong.appendChild(el('li', '“' + w.answer + '” ×' + w.count +
                                               (w.nudge ? ' — ' + fmt(W.nudge, {nudge: w.nudge}) : ''))));
      let rel;
      if (x.released) rel = el('span', W.released);
      else { rel = el('button', W.release, {'class': 'release'});
             rel.onclick = async () => { await api('releases', {method: 'POST',
               body: JSON.stringify({lesson: x.lesson, exercise: x.exercise})}); lessons(); }; }
      return [x.lesson, 'q' + x.exercise, x.tried, x.got, wrong, rel];
    }));
  table($('per-student'), [W.student, W.exercises], d.students.map(s => [s.student,
    Object.entries(s.exercises).map(([k, v]) => k + ': ' + v).join('; ')]));
}
async function tick() {
  try { if (P.teacher) { await tournaments(); await board(); await lessons(); } await mine(); }
  catch (e) { say(e.message); }
}
window.addEventListener('load', () => {
  if (P.teacher) {
    $('make').onsubmit = create;
    $('which').onchange = () => { current = $('which').value; board(); };
    $('back').onclick = () => move(-1); $('fwd').onclick = () => move(1);
  }
  $('delete-mine').onclick = deleteMine;
  tick(); setInterval(tick, P.every);
});
"""

_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;max-width:70em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}
section{margin-bottom:2em}#status{color:#555}pre{background:#f6f6f6;padding:.5em}
"""


def page_html(name: str, teacher: bool, prefix: str, xsrf: str, every_ms: int = 2000) -> str:
    """The page for ``name`` (a teacher's page when ``teacher``), its student's part in the
    language of the moment (the browser's, as the service reads it)."""
    words = {"count": _("Records kept: {count}"), "confirm": _("Delete all your lesson records on this hub?"),
             "deleted": _("Records deleted: {count}"), **(_teacher_words() if teacher else _table_words())}
    records, delete = _("Your lesson records"), _("Delete my records")
    kept = _("What the hub keeps of your lessons' checks: the lesson, the exercise, right or not, and your answer "
             "as typed.")
    # "<" written as \u003c: the JSON cannot close its <script> element
    config = json.dumps({"prefix": prefix, "xsrf": xsrf, "teacher": teacher, "every": every_ms,
                         "words": words}).replace("<", "\\u003c")
    teacher_part = _teacher_part() if teacher else ""
    title = _("Domino Lab — class")
    heading = (_("Domino Lab — {name} (teacher)") if teacher else "Domino Lab — {name}").format(name=name)
    return f"""<!doctype html>
<html lang="{get_language()}"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>{_STYLE}</style></head>
<body>
<h1>{escape(heading)}</h1>
<p id="status" role="status" aria-live="polite"></p>
{teacher_part}
<section id="records">
 <h2>{escape(records)}</h2>
 <p>{escape(kept)}
 <span id="mine-count"></span> <button id="delete-mine">{escape(delete)}</button></p>
 <div id="mine"></div>
</section>
<script type="application/json" id="dl-config">{config}</script>
<script>{_SCRIPT}</script>
</body></html>"""


def _table_words() -> dict[str, str]:
    """The column names of a student's own records."""
    return {"lesson": _("lesson"), "exercise": _("exercise"), "verdict": _("verdict"), "answer": _("answer")}


def _teacher_words() -> dict[str, str]:
    """What the teacher's page's script writes, in the language of the moment (``{name}``
    fields filled in by the script)."""
    return {
        **_table_words(),
        "hands_rules": _("{hands} hands, {rules}"),
        "made": _("Tournament {key} made: give your students this key."),
        "student": _("student"), "hand": _("hand"), "points": _("points"), "duplicate": _("duplicate"),
        "replay": _("replay"), "rank": _("rank"), "hands_won": _("hands won"), "finished": _("finished"),
        "hand_of": _("hand {hand} of {hands}"), "student_hand": _("{student}, hand {hand}"),
        "as_dealt": _("as dealt"), "step": _("move {step} of {steps}: seat {number} — {move}"),
        "line": _("line: {line}"), "seat_hand": _("seat {number}: {hand}"), "none": _("(none)"),
        "boneyard": _("boneyard: {count} tile(s)"), "tried": _("tried"), "got": _("got it"),
        "wrong": _("most common wrong answers"), "solution": _("solution"), "nudge": _("nudge: {nudge}"),
        "released": _("released"), "release": _("Release"), "exercises": _("exercises"),
    }


def _teacher_part() -> str:
    """The teacher's sections of the page (tournaments, lessons), in the language of the moment."""
    words = {
        "tournaments": _("Tournaments"),
        "rules": _("rules"),
        "hands": _("hands"),
        "players": _("players"),
        "opponents": _("opponents"),
        "title": _("title"),
        "create_tournament": _("Create tournament"),
        "board_of": _("Board of"),
        "key": _("key"),
        "students": _("Students"),
        "ranking_by_points": _("Ranking by points"),
        "ranking_by_duplicate_sco": _("Ranking by duplicate score (points minus the computer's, same deals)"),
        "replay": _("Replay"),
        "back": _("back"),
        "forward": _("forward"),
        "lessons": _("Lessons"),
        "per_exercise": _("Per exercise"),
        "per_student": _("Per student"),
    }
    w = {key: escape(text) for key, text in words.items()}
    return f"""
<section id="tournament">
 <h2>{w['tournaments']}</h2>
 <form id="make">
  <label>{w['rules']} <input id="rules" value="standard" size="10"></label>
  <label>{w['hands']} <input id="hands" type="number" value="4" min="1" max="100"></label>
  <label>{w['players']} <input id="players" type="number" value="2" min="2" max="4"></label>
  <label>{w['opponents']} <select id="opponents"><option>strategy</option><option>greedy</option>
   <option>random</option><option>search</option></select></label>
  <label>{w['title']} <input id="title" size="20"></label>
  <button type="submit" id="create">{w['create_tournament']}</button>
 </form>
 <p><label>{w['board_of']} <select id="which"></select></label> —
  {w['key']} <strong id="key"></strong> —
  <a id="csv" href="#">CSV</a></p>
 <h3>{w['students']}</h3><div id="students"></div>
 <h3>{w['ranking_by_points']}</h3><div id="ranking"></div>
 <h3>{w['ranking_by_duplicate_sco']}</h3>
 <div id="by-duplicate"></div>
 <h3>{w['replay']} <span id="replay-title"></span></h3>
 <button id="back">◀ {w['back']}</button> <button id="fwd">{w['forward']} ▶</button>
 <span id="replay-step"></span>
 <pre id="replay-line"></pre><pre id="replay-hands"></pre>
</section>
<section id="lessons">
 <h2>{w['lessons']}</h2>
 <h3>{w['per_exercise']}</h3><div id="exercises"></div>
 <h3>{w['per_student']}</h3><div id="per-student"></div>
</section>"""
