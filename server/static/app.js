// app.js runs the page: the puzzle's state, the modes (enter givens, play,
// set rules), the controls, the calls to the JSON API, the links and the
// replay of searches. draw.js draws, play.js keeps a player's game and
// editor.js changes the rules a setter draws.
"use strict";

const $ = (id) => document.getElementById(id);

// state is the puzzle on the page. givens are what the grid holds (typed
// or loaded); doc is the f-puzzles document of a puzzle that came with
// rules of its own (its givens are written back from givens on every
// request), own the names of those rules.
const state = {
  info: null,
  n: 9, boxRows: 3, boxCols: 3, symbols: "123456789",
  givens: new Array(81).fill(0),
  doc: null, own: [],
  linked: false,   // the links below the board follow the puzzle (one was loaded)
  linkSeq: 0,      // the last links asked for: older answers are dropped
  overlay: null,   // values shown over the blanks (a solution, a step's placements)
  marks: null,     // pencil marks per cell
  marked: {},      // cell -> CSS class (differing cells, a step's pattern)
  second: null,    // cell -> the second solution's value where it differs
  selected: 0,
  selection: [],   // the cells selected besides selected (dragged over, Shift+clicked)
  advanced: false, // the last key typed a symbol and moved the selection on
  steps: null, stepAt: 0,
  stepMarks: null, // the pencil marks before each step of the explanation
  crossed: null,   // cell -> values a step eliminates
  ringed: null,    // cell -> the value a step places
  mode: "enter",   // enter (givens), play or set (rules)
  game: null, gameKey: "", entry: "digit", solution: null,
  tool: "given", drag: null, editPart: null,
  drawnUndo: [], drawnRedo: [], drawnNow: "null", // the drawn rules' history, as JSON
};

// --- API -----------------------------------------------------------------

async function api(path, body, signal) {
  const resp = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const data = await resp.json();
  if (!resp.ok) {
    const err = new Error(data.error || resp.statusText);
    err.data = data;
    throw err;
  }
  return data;
}

// puzzleText writes the grid for a request: the document with the givens
// written in, or a line in the page's alphabet (numbers for 36x36).
function puzzleRequest(extra) {
  const body = Object.assign({ variants: globals() }, extra);
  if (state.doc) {
    const doc = JSON.parse(JSON.stringify(state.doc));
    for (let r = 0; r < state.n; r++) {
      for (let c = 0; c < state.n; c++) {
        const cell = doc.grid[r][c] || (doc.grid[r][c] = {});
        const v = state.givens[r * state.n + c];
        if (v) { cell.value = v; cell.given = true; } else { delete cell.value; delete cell.given; }
      }
    }
    body.puzzle = JSON.stringify(doc);
    return body;
  }
  body.shape = state.boxRows + "x" + state.boxCols;
  if (state.n > 35) {
    body.puzzle = state.givens.join(" ");
  } else {
    body.puzzle = state.givens.map((v) => (v ? state.symbols[v - 1] : ".")).join("");
    body.alphabet = "1-9A-Z";
  }
  return body;
}

// values reads a solution as the API writes it: symbols 1-9A-Z, or
// numbers separated by spaces.
function values(text) {
  if (/\s/.test(text.trim())) return text.trim().split(/\s+/).map(Number);
  const digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return [...text].map((ch) => digits.indexOf(ch.toUpperCase()) + 1);
}

function globals() {
  return [...document.querySelectorAll("#variants input:checked")].map((i) => i.value);
}

// --- drawing ----------------------------------------------------------------

function view(extra) {
  const g = playing();
  const cells = state.givens.map((v, i) => {
    if (v) return { v, kind: "given" };
    if (g && g.digits[i]) return { v: g.digits[i], kind: "player" };
    const o = state.overlay && state.overlay[i];
    return o ? { v: o.v, kind: o.kind } : { v: 0, kind: "" };
  });
  const base = {
    n: state.n, boxRows: state.boxRows, boxCols: state.boxCols, symbols: state.symbols, cells,
    marks: state.marks, doc: state.doc, globals: globals(), selected: state.selected, selection: state.selection,
    marked: state.marked, second: state.second, size: boardSize(),
    corner: g ? g.corner : null, centre: g ? g.centre : null, colours: g ? g.colours : null,
    crossed: state.crossed, ringed: state.ringed, outside: state.mode === "set" && state.tool === "littlekillersum" && state.n <= 16,
  };
  base.conflicts = SudokuPlay.conflicts(cells.map((c) => c.kind === "given" || c.kind === "player" ? c.v : 0), houses(base));
  return Object.assign(base, extra);
}

// houses returns the groups of cells the page checks for clashes.
function houses(v) {
  const names = new Set(globals());
  const doc = state.doc || {};
  return SudokuPlay.houses(state.n, SudokuDraw.regionsOf(v), {
    main: names.has("diagonal") || names.has("diagonal-main") || !!doc["diagonal-"],
    anti: names.has("diagonal") || names.has("diagonal-anti") || !!doc["diagonal+"],
  }, state.doc);
}

// boardSize fits the board to the window: the whole width less a small
// margin on a phone, so that cells are as large as they can be.
function boardSize() {
  const w = window.innerWidth;
  return Math.min(560, Math.max(280, w < 640 ? w - 20 : w - 40));
}

function render() {
  const board = $("board");
  SudokuDraw.board(board, view());
  board.setAttribute("aria-activedescendant", "cell-" + state.selected);
  updateURL();
}

// clearAnswers drops everything shown over the givens.
function clearAnswers() {
  state.overlay = null;
  state.marks = null;
  state.marked = {};
  state.second = null;
  state.steps = null;
  state.stepMarks = null;
  state.crossed = null;
  state.ringed = null;
  $("steps-box").hidden = true;
}

function say(text, kind) {
  const p = $("result");
  p.textContent = text;
  p.className = "result" + (kind ? " " + kind : "");
}

// --- the grid --------------------------------------------------------------

function setShape(n, boxRows, boxCols, symbols) {
  state.n = n; state.boxRows = boxRows; state.boxCols = boxCols;
  state.symbols = symbols || shapeOf(n).symbols;
  state.givens = new Array(n * n).fill(0);
  state.doc = null; state.own = [];
  state.selected = 0;
  state.selection = [];
  state.advanced = false;
  state.editPart = null;
  state.solution = null;
  if (state.game) SudokuPlay.stop(state.game);
  state.game = null;
  state.drawnUndo = []; state.drawnRedo = []; state.drawnNow = "null";
  state.gameKey = "";
  $("own-rules").textContent = "";
  state.linked = false;
  state.pageLink = null;
  state.linkSeq++;
  $("links").replaceChildren();
  clearAnswers();
  $("size").value = String(n);
}

// shapeChanged follows a new empty grid: the mode starts over on it.
function shapeChanged() {
  if (state.mode === "play") startGame();
  if (state.mode === "set") scheduleVerdict();
  buildPad();
  render();
}

function shapeOf(n) {
  return state.info.shapes.find((s) => s.side === n) || { side: n, box_rows: state.boxRows, box_cols: state.boxCols, symbols: state.symbols };
}

// onKey moves the selection with the arrows (Shift adds to it) and hands
// the other keys to the mode: givens, the player's game, or the setter's
// tool.
function onKey(e) {
  const n = state.n;
  let r = Math.floor(state.selected / n), c = state.selected % n;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    r = (r + moves[e.key][0] + n) % n;
    c = (c + moves[e.key][1] + n) % n;
    const prev = selectedCells();
    state.selected = r * n + c;
    state.selection = e.shiftKey ? [...new Set([...prev, state.selected])] : [];
    state.advanced = false;
    state.editPart = null;
    e.preventDefault();
    render();
    return;
  }
  if (state.mode === "play") { playKey(e); return; }
  if (state.mode === "set" && (e.ctrlKey || e.metaKey) && /^[zy]$/i.test(e.key)) {
    e.preventDefault();
    drawnStep(e.key.toLowerCase() === "y" || e.shiftKey ? "redo" : "undo");
    return;
  }
  if (state.mode === "set" && SudokuEdit.tool(state.tool).kind !== "given") { setKey(e); return; }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  let v = -1;
  if (e.key === "Backspace" || e.key === "Delete" || e.key === "." || e.key === "0" && !state.symbols.includes("0")) v = 0;
  else if (e.key.length === 1) {
    const k = state.symbols.indexOf(e.key.toUpperCase());
    if (k >= 0) v = k + 1;
  }
  if (v < 0) return;
  e.preventDefault();
  // Backspace right after a symbol that moved the selection on clears
  // that symbol's cell, as in a text field, not the next one.
  if (e.key === "Backspace" && state.advanced) state.selected--;
  state.selection = [];
  setGiven(state.selected, v);
  state.advanced = v > 0 && c + 1 < n;
  if (state.advanced) state.selected++;
  render();
}

// setGiven sets a given (0 clears it) and follows the change.
function setGiven(i, v) {
  state.givens[i] = v;
  clearAnswers();
  state.linked = true;
  linksChanged();
  scheduleVerdict();
}

// selectedCells returns the cells selected: the selection, or the one
// cell.
function selectedCells() {
  return state.selection.length ? state.selection : [state.selected];
}

// symbolOf reads the value a key names (its digit also with Shift or Ctrl
// held, from the key's code), or -1; 0 for the keys that clear.
function symbolOf(e) {
  if (e.key === "Backspace" || e.key === "Delete") return 0;
  const m = /^(?:Digit|Numpad)([0-9])$/.exec(e.code || "");
  const ch = m && (e.shiftKey || e.ctrlKey || e.metaKey) ? m[1] : e.key;
  if (!ch || ch.length !== 1) return -1;
  const k = state.symbols.indexOf(ch.toUpperCase());
  return k >= 0 ? k + 1 : -1;
}

// --- pointer: select, drag, draw -------------------------------------------

// pointAt returns where a pointer event is on the board, in cells from
// the grid's top-left corner.
function pointAt(e) {
  const svg = $("board").querySelector("svg");
  const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
  return { x: pt.x, y: pt.y };
}

function cellAt(p) {
  const r = Math.floor(p.y), c = Math.floor(p.x);
  return r >= 0 && c >= 0 && r < state.n && c < state.n ? r * state.n + c : -1;
}

function onPointerDown(e) {
  if (e.button !== 0) return;
  const board = $("board");
  board.focus();
  const p = pointAt(e);
  if (state.mode === "set" && setPointer(p)) { e.preventDefault(); return; }
  const cell = cellAt(p);
  if (cell < 0) return;
  e.preventDefault();
  const add = e.shiftKey || e.ctrlKey || e.metaKey;
  const prev = selectedCells();
  state.selected = cell;
  state.selection = add ? [...new Set([...prev, cell])] : [cell];
  state.advanced = false;
  state.editPart = null;
  state.drag = { path: [cell] };
  try { board.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
  render();
}

function onPointerMove(e) {
  if (!state.drag) return;
  const cell = cellAt(pointAt(e));
  if (cell < 0) return;
  const t = SudokuEdit.tool(state.tool);
  if (state.mode === "set" && t.kind === "line") state.drag.path = SudokuEdit.extend(state.drag.path, cell, state.n);
  else if (!state.drag.path.includes(cell)) state.drag.path.push(cell);
  if (cell === state.selected && state.selection.length === state.drag.path.length) return;
  state.selected = cell;
  state.selection = state.mode === "set" && t.kind === "line" ? state.drag.path.slice() : [...new Set([...state.selection, cell])];
  render();
}

function onPointerUp() {
  const drag = state.drag;
  state.drag = null;
  if (!drag || state.mode !== "set") return;
  const t = SudokuEdit.tool(state.tool);
  if (t.kind === "line" && drag.path.length > 1) {
    SudokuEdit.addLine(ensureDoc(), t.name, drag.path, state.n);
    state.selection = [];
    docChanged("drew a " + t.name + " of " + drag.path.length + " cells");
  }
}

// --- showing answers ---------------------------------------------------------

// showRecord fills the statistics table and the raw record.
function showRecord(rec) {
  $("compare-table").hidden = true;
  const rows = [];
  const add = (k, v) => { if (v !== undefined && v !== null && v !== "") rows.push([k, v]); };
  add("backend", rec.backend);
  add("answer", rec.status);
  add("stopped by", rec.stop);
  if (rec.count !== undefined) add("solutions found", rec.exact ? rec.count : "≥ " + rec.count);
  const st = rec.stats || {};
  if (st.elapsed_ns !== undefined) add("time", (st.elapsed_ns / 1e6).toFixed(2) + " ms");
  add("nodes", st.nodes); add("updates", st.updates); add("guesses", st.guesses);
  add("variables", st.vars); add("clauses", st.clauses); add("solver calls", st.solve_calls);
  if (st.fallback) add("fallback", "the second backend answered");
  add("rules", (rec.variants || []).join(", ") || "classic");
  const body = $("stats").tBodies[0];
  body.replaceChildren(...rows.map(([k, v]) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th"); th.scope = "row"; th.textContent = k;
    const td = document.createElement("td"); td.textContent = v;
    tr.append(th, td);
    return tr;
  }));
  $("record").textContent = JSON.stringify(rec, null, 2);
}

function showSolution(line, kind) {
  const vs = values(line);
  state.overlay = vs.map((v, i) => (state.givens[i] ? null : { v, kind: kind || "solved" }));
}

function verdict(rec) {
  let text = rec.status;
  if (rec.stop) text += " (stopped: " + rec.stop + ")";
  if (rec.differ && rec.differ.length) text += " — solutions differ at " + rec.differ.join(" ");
  return text;
}

// run calls an endpoint with the puzzle and shows what comes back, or the
// error; it returns the answer.
async function run(button, path, extra, show) {
  const buttons = document.querySelectorAll("button");
  buttons.forEach((b) => (b.disabled = true));
  say("working…", "busy");
  try {
    const data = await api(path, puzzleRequest(extra));
    clearAnswers();
    show(data);
    render();
    return data;
  } catch (err) {
    say(err.message, "error");
    if (err.data && err.data.stats) showRecord(err.data);
  } finally {
    buttons.forEach((b) => (b.disabled = false));
    replayButtons();
  }
}

function backend() {
  return $("backend").value;
}

async function solve() {
  await run($("solve"), "/api/solve", { backend: backend() }, (rec) => {
    showRecord(rec);
    if (rec.solutions) showSolution(rec.solutions[0]);
    say(rec.status === "sat" ? "solved (not checked for other solutions: use Verify)" : verdict(rec), rec.status === "sat" ? "good" : "bad");
  });
}

async function verify() {
  await run($("verify"), "/api/verify", { backend: backend() }, (rec) => {
    showRecord(rec);
    if (rec.solutions && rec.solutions.length) showSolution(rec.solutions[0]);
    if (rec.solutions && rec.solutions.length > 1) {
      const b = values(rec.solutions[1]);
      state.second = {};
      const a = values(rec.solutions[0]);
      a.forEach((v, i) => { if (v !== b[i]) { state.marked[i] = "differ"; state.second[i] = b[i]; } });
    }
    say(verdict(rec), rec.status === "unique" ? "good" : "bad");
  });
}

async function count() {
  const limit = Number($("limit").value) || 2;
  await run($("count"), "/api/count", { backend: backend(), limit }, (rec) => {
    showRecord(rec);
    if (rec.solutions && rec.solutions.length) showSolution(rec.solutions[0]);
    const n = rec.status === "unknown" ? "unknown" : rec.exact ? String(rec.count) : "at least " + rec.count;
    say("solutions: " + n + (rec.stop ? " (stopped: " + rec.stop + ")" : ""), rec.exact || rec.status !== "unknown" ? "good" : "bad");
  });
}

async function candidates() {
  await run($("candidates"), "/api/candidates", {}, (a) => {
    showRecord(a);
    state.marks = a.candidates.map((vs, i) => (a.placed[i] ? null : vs));
    say("pencil marks: every value no given rules out");
  });
}

// trueCandidates draws, over the blanks, the values some solution holds
// (each decided by a solve); cells with values the deadline left
// undecided are highlighted and show those values too, and the result
// line says so: nothing undecided passes for ruled out.
async function trueCandidates() {
  await run($("truecandidates"), "/api/truecandidates", { backend: backend() }, (a) => {
    showRecord(a);
    if (!a.candidates) { say("true candidates unknown (stopped: " + a.stop + ")", "bad"); return; }
    state.marks = a.candidates.map((vs, i) => (state.givens[i] ? null : vs.concat(a.unknown[i]).sort((x, y) => x - y)));
    a.unknown.forEach((vs, i) => { if (vs.length) state.marked[i] = "undecided"; });
    say(a.undecided ? `true candidates: ${a.undecided} values undecided (stopped: ${a.stop}), in the highlighted cells`
      : `true candidates: the values of some solution (${a.solves} solves)`, a.undecided ? "bad" : "good");
  });
}

// additionText names one suggested addition: "r1c1=5", "white dot r1c1
// r1c2" or "cage total r1c1 r2c1 = 7".
function additionText(a) {
  if (a.kind === "given") return `${a.cells[0]}=${a.value}`;
  return `${a.kind} ${a.cells.join(" ")}` + (a.value ? ` = ${a.value}` : "");
}

// suggest lists, for a puzzle with several solutions, the single additions
// (a given, a kropki dot, an X or V, a cage's total) that make it unique, best first, and
// marks their cells; a given is drawn as a hint.
async function suggest() {
  await run($("suggest"), "/api/suggest", { backend: backend() }, (a) => {
    showRecord(a);
    if (a.status !== "multiple") {
      say(a.status === "unique" ? "already unique: nothing to add" : `suggestions need several solutions (${a.status})`, a.status === "unique" ? "good" : "bad");
      return;
    }
    const unique = (a.additions || []).filter((x) => x.status === "unique");
    const shown = (unique.length ? unique : a.additions || []).slice(0, 8);
    if (!state.overlay) state.overlay = new Array(state.n * state.n).fill(null);
    for (const x of shown) {
      for (const c of x.cells) if (nameIndex(c) >= 0) state.marked[nameIndex(c)] = "pattern";
      if (x.kind === "given" && nameIndex(x.cells[0]) >= 0) state.overlay[nameIndex(x.cells[0])] = { v: x.value, kind: "hinted" };
    }
    if (!shown.length) { say("no single " + (a.kinds || []).join(", ") + " makes it unique", "bad"); return; }
    const list = shown.map(additionText).join(", ");
    say(unique.length ? `each of these makes it unique: ${list}` + (unique.length > shown.length ? ` (and ${unique.length - shown.length} more)` : "")
      : `none makes it unique alone; fewest solutions left with: ${list}`, unique.length ? "good" : "bad");
  });
}

// redundant lists, for a unique puzzle, the givens and rules that could
// each be removed keeping it unique, and marks those givens.
async function redundant() {
  await run($("redundant"), "/api/minimal", { backend: backend() }, (a) => {
    showRecord(a);
    if (a.status !== "unique") { say(`not unique (${a.status}): nothing is redundant`, "bad"); return; }
    if (a.minimal === undefined) { say(`redundancy unknown (stopped: ${a.stop})`, "bad"); return; }
    for (const c of a.redundant || []) if (nameIndex(c) >= 0) state.marked[nameIndex(c)] = "eliminated";
    const parts = [];
    if ((a.redundant || []).length) parts.push("givens " + a.redundant.join(" "));
    if ((a.redundant_rules || []).length) parts.push("rules " + a.redundant_rules.join(", "));
    let text = a.minimal ? "minimal: every given and rule is needed" : "each of these can be removed keeping it unique: " + parts.join("; ");
    if ((a.unchecked || []).length) text += "; not checked: " + a.unchecked.join("; ");
    say(text, "good");
  });
}

// estimate says about how many solutions the puzzle has (Knuth's
// estimator: random probes down the search tree), with a 95% interval.
async function estimate() {
  await run($("estimate"), "/api/estimate", { backend: backend(), probes: 200 }, (a) => {
    showRecord(a);
    if (!a.probes) { say(`estimate unknown (stopped: ${a.stop || a.status})`, "bad"); return; }
    const n = (x) => (x < 1e6 ? Math.round(x).toLocaleString("en") : x.toPrecision(3));
    const early = a.stop && a.stop !== "done" ? ` (stopped: ${a.stop})` : "";
    say(`about ${n(a.mean)} solutions (95%: ${n(a.low)} to ${n(a.high)}; ${a.probes} probes)${early}`, early ? "bad" : "good");
  });
}

// markStep shows what a step does over the marks shown: its houses and
// cells highlighted, the digits it eliminates crossed out, the ones it
// places ringed (shown as kind).
function markStep(st, placedKind) {
  state.crossed = state.crossed || {};
  state.ringed = state.ringed || {};
  if (!state.overlay) state.overlay = new Array(state.n * state.n).fill(null);
  for (const h of st.houses || []) for (const i of houseCells(h)) state.marked[i] = "house";
  for (const c of st.cells || []) if (nameIndex(c) >= 0) state.marked[nameIndex(c)] = "pattern";
  for (const e of st.eliminations || []) {
    const i = nameIndex(e.cell);
    if (i < 0) continue;
    state.crossed[i] = e.values;
    state.marked[i] = "eliminated";
  }
  for (const p of st.placements || []) {
    const i = nameIndex(p.cell);
    if (i < 0) continue;
    state.marked[i] = "placed";
    state.ringed[i] = p.value;
    state.overlay[i] = { v: p.value, kind: placedKind };
    if (state.marks) state.marks[i] = null;
  }
}

// techniquesKey is where the page keeps the techniques chosen.
const techniquesKey = "sudokit.techniques";

// showTechniques lists the techniques of /api/info as checkboxes, in the
// order paths try them, ticked as last chosen (else by default).
function showTechniques(list) {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(techniquesKey) || "null");
  } catch (err) {
    saved = null;
  }
  $("techniques").replaceChildren(...list.map((t) => {
    const label = document.createElement("label");
    label.className = "variant";
    label.title = `${t.level}, rating ${t.rating.toFixed(1)}`;
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = t.name;
    box.dataset.default = t.default ? "1" : "";
    box.checked = saved && Array.isArray(saved.on) ? saved.on.includes(t.name) : t.default;
    box.addEventListener("change", saveTechniques);
    label.append(box, " " + t.name);
    return label;
  }));
  $("assume-unique").checked = !!(saved && saved.assumeUnique);
}

// saveTechniques keeps the techniques chosen for the next visit.
function saveTechniques() {
  const on = [...document.querySelectorAll("#techniques input")].filter((b) => b.checked).map((b) => b.value);
  localStorage.setItem(techniquesKey, JSON.stringify({ on, assumeUnique: $("assume-unique").checked }));
}

// defaultTechniques ticks the techniques paths use by default.
function defaultTechniques() {
  for (const b of document.querySelectorAll("#techniques input")) b.checked = b.dataset.default === "1";
  $("assume-unique").checked = false;
  localStorage.removeItem(techniquesKey);
}

// techniqueFields returns the members of /api/hint and /api/explain that
// say which techniques to use: the changes to the defaults, as the CLI's
// --techniques takes them ("-x-wing,+unique rectangle"), and
// assume_unique.
function techniqueFields() {
  const changes = [];
  for (const b of document.querySelectorAll("#techniques input")) {
    const def = b.dataset.default === "1";
    if (b.checked !== def) changes.push((b.checked ? "+" : "-") + b.value);
  }
  const f = {};
  if (changes.length) f.techniques = changes.join(",");
  if ($("assume-unique").checked) f.assume_unique = true;
  return f;
}

// hint shows the next step over the pencil marks.
async function hint() {
  const rec = await run($("hint"), "/api/hint", techniqueFields(), (r) => {
    showRecord(r);
    if (!r.step) say(r.stuck === "stuck" ? "stuck: no technique applies (try Explain, which guesses from the solution)" : r.stuck, "bad");
  });
  if (!rec || !rec.step) return;
  try {
    const c = await api("/api/candidates", puzzleRequest({}));
    state.marks = c.candidates.map((vs, i) => (c.placed[i] ? null : vs));
  } catch (err) {
    state.marks = null; // the step is shown without the marks
  }
  markStep(rec.step, "hinted");
  say(rec.step.text, "good");
  render();
}

async function explain() {
  await run($("explain"), "/api/explain", { backend: backend(), candidates: true, ...techniqueFields() }, (rec) => {
    showRecord(rec);
    if (!rec.steps) {
      say(rec.status === "unique" ? "no path" : rec.status + (rec.stop ? " (stopped: " + rec.stop + ")" : ""), "bad");
      return;
    }
    state.steps = rec.steps;
    state.stepMarks = rec.candidates || null;
    state.stepAt = 0;
    const ol = $("steps");
    ol.replaceChildren(...rec.steps.map((st, k) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "step";
      b.textContent = st.text;
      b.addEventListener("click", () => showStep(k + 1));
      li.appendChild(b);
      return li;
    }));
    $("steps-box").hidden = false;
    say(`grade: ${rec.level}, score ${rec.score}, ER ${rec.rating ? rec.rating.er.toFixed(1) : "?"}, ${rec.steps.length} steps`, "good");
    showStep(0);
  });
}

// showStep shows the grid as the k-th step finds it: the placements of the
// steps before, the pencil marks left, and the step itself: its houses and
// cells highlighted, the digits it eliminates crossed out, the ones it
// places ringed. Step 0 shows the givens and their marks.
function showStep(k) {
  if (!state.steps) return;
  k = Math.max(0, Math.min(state.steps.length, k));
  state.stepAt = k;
  state.marked = {};
  state.crossed = {};
  state.ringed = {};
  state.overlay = new Array(state.n * state.n).fill(null);
  for (const st of state.steps.slice(0, Math.max(0, k - 1))) for (const p of st.placements) state.overlay[nameIndex(p.cell)] = { v: p.value, kind: "solved" };
  const before = state.stepMarks ? state.stepMarks[Math.max(0, k - 1)] : null;
  state.marks = before ? before.map((vs, i) => (state.givens[i] || state.overlay[i] ? null : vs)) : null;
  if (k > 0) markStep(state.steps[k - 1], "placed");
  $("step-pos").textContent = `step ${k} of ${state.steps.length}`;
  $("step-text").textContent = k > 0 ? state.steps[k - 1].text : "the givens and their pencil marks";
  document.querySelectorAll("#steps .step").forEach((b, i) => b.classList.toggle("current", i === k - 1));
  render();
}

// houseCells returns the cells of a house a step names: "row 3",
// "column 5" or "box 1" (boxes counted across, then down); none for
// another rule's.
function houseCells(name) {
  const m = /^(row|column|box) (\d+)$/.exec(name);
  if (!m) return [];
  const n = state.n, k = Number(m[2]) - 1, out = [];
  for (let j = 0; j < n; j++) {
    if (m[1] === "row") out.push(k * n + j);
    else if (m[1] === "column") out.push(j * n + k);
    else {
      const across = n / state.boxCols;
      const r0 = Math.floor(k / across) * state.boxRows, c0 = (k % across) * state.boxCols;
      out.push((r0 + Math.floor(j / state.boxCols)) * n + c0 + (j % state.boxCols));
    }
  }
  return out;
}

async function compare() {
  await run($("compare"), "/api/compare", {}, (recs) => {
    $("record").textContent = JSON.stringify(recs, null, 2);
    $("stats").tBodies[0].replaceChildren();
    const t = $("compare-table");
    t.hidden = false;
    t.tBodies[0].replaceChildren(...recs.map((r) => {
      const st = r.stats || {};
      const cells = [r.backend, r.error ? "error: " + r.error : verdict(r), st.elapsed_ns !== undefined ? (st.elapsed_ns / 1e6).toFixed(2) : "",
        st.nodes, st.updates, st.guesses, st.vars, st.clauses, st.solve_calls];
      const tr = document.createElement("tr");
      cells.forEach((v, i) => {
        const td = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) td.scope = "row";
        td.textContent = v === undefined ? "" : v;
        tr.appendChild(td);
      });
      return tr;
    }));
    const first = recs.find((r) => r.solutions && r.solutions.length);
    if (first) showSolution(first.solutions[0]);
    say("compared " + recs.map((r) => r.backend + ": " + (r.status || "error")).join(", "));
  });
}

// load reads the pasted text (or a generated puzzle) through /api/parse.
async function load(text, extra) {
  say("reading…", "busy");
  try {
    const a = await api("/api/parse", Object.assign({ puzzle: text }, extra));
    const n = a.size;
    setShape(n, a.box_rows, a.box_cols, shapeOf(n).symbols);
    state.givens = a.cells.slice();
    state.doc = a.document || null;
    state.drawnNow = JSON.stringify(state.doc);
    state.own = a.variants;
    $("own-rules").textContent = a.variants.length ? "rules of the puzzle: " + a.variants.join(", ") : "";
    state.linked = true;
    if (globals().length) refreshLinks(); // the answer's links lack the rules checked
    else showLinks(a);
    showRecord(a);
    if (state.mode === "play") startGame();
    if (state.mode === "set") scheduleVerdict();
    buildPad();
    say(a.drawing ? "loaded; its rules cannot be drawn: " + a.drawing : (a.warnings || []).join("; ") || `loaded a ${n}x${n} puzzle`, a.warnings ? "bad" : "");
    render();
  } catch (err) {
    say(err.message, "error");
  }
}

async function generate() {
  const shape = state.n === 9 ? "9" : state.boxRows + "x" + state.boxCols;
  const body = { size: shape, variants: globals(), symmetry: $("symmetry").value, minimal: $("minimal").checked,
    difficulty: $("difficulty").value, backend: backend() };
  if ($("own").value) body.variants.push($("own").value);
  say("generating…", "busy");
  try {
    const a = await api("/api/generate", body);
    if (!a.puzzles.length) {
      say("no puzzle: " + (a.stop || "nothing came"), "bad");
      return;
    }
    const p = a.puzzles[0];
    // A puzzle with drawn rules loads as its link; one with only the
    // rules checked as its line, which they are checked for already.
    await load(($("own").value && p.link) || p.puzzle);
    say(`generated: ${p.givens} givens, ${p.symmetry}` + (p.minimal ? ", minimal" : "") + (p.level ? ", " + p.level : "") + `, seed ${a.seed}`, "good");
  } catch (err) {
    say(err.message, "error");
  }
}

// --- links -------------------------------------------------------------------

// showLinks shows the links of an /api/parse answer, which open the puzzle
// with every rule in SudokuPad and f-puzzles, or why there are none.
function showLinks(a) {
  const parts = [];
  if (a.sudokupad_url) parts.push(["Open in SudokuPad", a.sudokupad_url]);
  if (a.fpuzzles_url) parts.push(["Open in f-puzzles", a.fpuzzles_url]);
  const nodes = parts.map(([t, href]) => {
    const x = document.createElement("a");
    x.href = href; x.textContent = t; x.rel = "noreferrer"; x.target = "_blank";
    return x;
  });
  if (!nodes.length && a.link_error) nodes.push(noLink(a.link_error));
  $("links").replaceChildren(...nodes);
  // A puzzle with rules goes into the page's URL as its compact link.
  state.pageLink = (state.doc || globals().length) && (a.sudokupad_url || a.fpuzzles_url) || null;
  updateURL();
}

function noLink(why) {
  const x = document.createElement("span");
  x.className = "muted";
  x.textContent = "no link: " + why;
  return x;
}

// linksChanged follows a change of the givens or of the rules checked: the
// links go at once (they would open another puzzle) and come back for the
// new puzzle a moment later, one request for a burst of keys.
let linksTimer = null;
function linksChanged() {
  if (!state.linked) return;
  state.pageLink = null;
  state.linkSeq++;
  $("links").replaceChildren();
  clearTimeout(linksTimer);
  linksTimer = setTimeout(refreshLinks, 300);
}

// refreshLinks asks for the links of the puzzle as the page holds it: its
// givens, its own rules and the rules checked for the whole grid.
async function refreshLinks() {
  const seq = ++state.linkSeq;
  let a;
  try {
    a = await api("/api/parse", puzzleRequest({}));
  } catch (err) {
    a = { link_error: err.message };
  }
  if (seq === state.linkSeq && state.linked) showLinks(a);
}

// --- modes -------------------------------------------------------------------

// setMode switches between entering givens, playing and setting rules.
function setMode(mode) {
  if (!["enter", "play", "set"].includes(mode)) mode = "enter";
  if (state.mode === "play" && state.game) { SudokuPlay.stop(state.game); saveGame(); }
  state.mode = mode;
  document.querySelectorAll(".mode").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.mode === mode)));
  $("play-bar").hidden = mode !== "play";
  $("set-bar").hidden = mode !== "set";
  $("verdict").hidden = mode !== "set";
  document.body.dataset.mode = mode;
  state.selection = [];
  state.editPart = null;
  if (mode === "play") startGame();
  if (mode === "set") { showTool(); scheduleVerdict(); }
  buildPad();
  render();
}

// --- play --------------------------------------------------------------------

// playing returns the game when the page is in play mode.
function playing() {
  return state.mode === "play" ? state.game : null;
}

// startGame opens the game of the puzzle on the page: the one kept in the
// local storage for it, or a new one, and starts its clock.
function startGame() {
  const key = SudokuPlay.key(gameText());
  if (!state.game || state.gameKey !== key) {
    state.game = SudokuPlay.load(localStorage, key, state.n * state.n) || SudokuPlay.create(state.n * state.n);
    state.gameKey = key;
    state.solution = null;
  }
  clearAnswers();
  SudokuPlay.start(state.game);
  tick();
}

// gameText names the puzzle a game is kept for: its givens, its rules
// (checked and drawn) and its regions, written the same however the
// puzzle came (typed, pasted, from a link).
function gameText() {
  const doc = state.doc || {}, rules = {};
  for (const k of Object.keys(doc).sort()) if (k !== "grid" && k !== "size" && Array.isArray(doc[k]) && doc[k].length) rules[k] = doc[k];
  const regions = doc.grid ? doc.grid.map((row) => row.map((c) => (c && "region" in c ? c.region : -1))) : null;
  return JSON.stringify({ n: state.n, givens: state.givens, globals: globals(), rules, regions });
}

function saveGame() {
  if (state.game && state.gameKey) SudokuPlay.save(localStorage, state.gameKey, state.game);
}

// tick shows the time played.
function tick() {
  if (state.game) $("timer").textContent = SudokuPlay.clock(SudokuPlay.played(state.game));
}

function setEntry(entry) {
  state.entry = entry;
  document.querySelectorAll(".entry").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.entry === entry)));
  buildPad();
}

// playKey: a digit enters in the current entry mode (with Shift a corner
// mark, with Ctrl a centre mark); Z, X, C and V choose the entry mode;
// Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes.
function playKey(e) {
  const k = e.key.toLowerCase();
  if ((e.ctrlKey || e.metaKey) && (k === "z" || k === "y")) {
    e.preventDefault();
    playAction(k === "y" || e.shiftKey ? "redo" : "undo");
    return;
  }
  if (!e.ctrlKey && !e.metaKey && !e.altKey) {
    const entries = { z: "digit", x: "corner", c: "centre", v: "colour" };
    if (entries[k] && !state.symbols.toLowerCase().includes(k)) { e.preventDefault(); setEntry(entries[k]); return; }
  }
  if (e.altKey) return;
  const v = symbolOf(e);
  if (v < 0) return;
  e.preventDefault();
  const mode = e.shiftKey && v ? "corner" : (e.ctrlKey || e.metaKey) && v ? "centre" : state.entry;
  playEnter(mode, v);
}

// playEnter enters v (0 clears) in the selected cells.
function playEnter(mode, v) {
  const g = state.game;
  if (!g || g.done) return;
  if (SudokuPlay.enter(g, selectedCells(), state.givens, mode, v)) played();
}

function playAction(what) {
  const g = state.game;
  if (!g) return;
  if (what === "undo" ? SudokuPlay.undo(g) : SudokuPlay.redo(g)) played();
  else say("nothing to " + what);
}

// played follows a change of the game: save it, mark nothing as wrong any
// longer, check it when every cell is full and nothing clashes.
function played() {
  state.marked = {};
  saveGame();
  const v = view();
  render();
  const full = v.cells.every((c) => c.v && (c.kind === "given" || c.kind === "player"));
  if (full && v.conflicts.size === 0) checkGame();
  else if (v.conflicts.size) say(`${v.conflicts.size} cells clash`, "bad");
  else say("");
}

// solutionOf returns the puzzle's solution, proven unique (once per
// game), or throws saying why there is none to check against.
async function solutionOf() {
  if (state.solution) return state.solution;
  const rec = await api("/api/verify", puzzleRequest({ backend: backend() }));
  if (rec.status !== "unique") throw new Error("cannot check: the puzzle is " + verdict(rec) + ", not unique");
  state.solution = values(rec.solutions[0]);
  return state.solution;
}

// checkGame compares the player's digits with the solution: the wrong
// ones are marked where they are; all right and full, the game is won.
async function checkGame() {
  const g = state.game;
  if (!g) return;
  say("checking…", "busy");
  let sol;
  try {
    sol = await solutionOf();
  } catch (err) {
    say(err.message, "error");
    return;
  }
  if (state.game !== g) return;
  const wrong = [];
  let empty = 0;
  state.givens.forEach((v, i) => {
    if (v) return;
    if (!g.digits[i]) empty++;
    else if (g.digits[i] !== sol[i]) wrong.push(i);
  });
  state.marked = {};
  wrong.forEach((i) => (state.marked[i] = "wrong"));
  if (wrong.length) say(`${wrong.length} wrong: ` + wrong.map(cellName).join(" "), "bad");
  else if (empty) say(`no mistakes so far; ${empty} cells to go`, "good");
  else {
    SudokuPlay.stop(g);
    g.done = true;
    saveGame();
    tick();
    say(`solved in ${SudokuPlay.clock(SudokuPlay.played(g))}!`, "good");
  }
  render();
}

function restartGame() {
  if (!state.game) return;
  state.game = SudokuPlay.create(state.n * state.n);
  SudokuPlay.start(state.game);
  state.marked = {};
  saveGame();
  tick();
  say("restarted");
  render();
}

function cellName(i) {
  return "r" + (Math.floor(i / state.n) + 1) + "c" + (i % state.n + 1);
}

// --- the digit pad -----------------------------------------------------------

// buildPad makes the buttons a touch screen types with: the symbols, and
// clear, undo and redo in play mode; what they enter follows the mode.
function buildPad() {
  const pad = $("pad");
  const buttons = [...state.symbols.slice(0, state.n)].map((ch, k) => {
    const b = padButton(ch, "pad-" + (k + 1), () => padPress(k + 1));
    b.setAttribute("aria-label", (state.mode === "play" ? state.entry + " " : "") + ch);
    return b;
  });
  if (state.mode === "set" && SudokuEdit.tool(state.tool).kind !== "given") buttons.push(padButton("0", "pad-0", () => typeTotal("0")));
  buttons.push(padButton("⌫", "pad-clear", () => padPress(0), "clear"));
  if (state.mode === "play") {
    buttons.push(padButton("↶", "pad-undo", () => playAction("undo"), "undo"));
    buttons.push(padButton("↷", "pad-redo", () => playAction("redo"), "redo"));
  }
  pad.replaceChildren(...buttons);
  pad.dataset.n = String(state.n);
}

function padButton(text, id, onPress, label) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.textContent = text;
  if (label) b.setAttribute("aria-label", label);
  b.addEventListener("click", () => { onPress(); $("board").focus({ preventScroll: true }); });
  return b;
}

// padPress enters value v (0 clears) as the key with that symbol would.
function padPress(v) {
  if (state.mode === "play") { playEnter(state.entry, v); return; }
  if (state.mode === "set" && SudokuEdit.tool(state.tool).kind !== "given") {
    typeTotal(v === 0 ? "" : String(v));
    return;
  }
  setGiven(state.selected, v);
  render();
}

// --- set: the setter's editor ------------------------------------------------

// ensureDoc returns the document the rules are drawn in, making one for a
// grid that has none.
function ensureDoc() {
  if (!state.doc) state.doc = SudokuEdit.emptyDoc(state.n);
  return state.doc;
}

function showTool() {
  const t = SudokuEdit.tool(state.tool);
  $("tool-help").textContent = SudokuEdit.HELP[t.kind];
}

// setPointer handles a press in set mode for the tools that do not select
// (dots between cells, marks in cells, clues outside): it returns whether
// it did.
function setPointer(p) {
  const t = SudokuEdit.tool(state.tool);
  const n = state.n;
  if (t.kind === "pair") {
    const pair = SudokuEdit.pairAt(p.x, p.y, n);
    if (!pair) return false;
    SudokuEdit.togglePair(ensureDoc(), t, pair[0], pair[1], n);
    docChanged(t.label.replace(/ \(.*/, "") + " between " + cellName(pair[0]) + " and " + cellName(pair[1]));
    return true;
  }
  if (t.kind === "cell") {
    const cell = cellAt(p);
    if (cell < 0) return false;
    state.selected = cell;
    SudokuEdit.toggleCell(ensureDoc(), t.name, cell, n);
    docChanged(t.name + " at " + cellName(cell));
    return true;
  }
  if (t.kind === "outside") {
    const o = SudokuEdit.outsideAt(p.x, p.y, n);
    if (!o) return cellAt(p) < 0;
    state.editPart = SudokuEdit.addOutside(ensureDoc(), o);
    docChanged("little killer at " + o.cell + " pointing " + o.direction + ": type its total");
    return true;
  }
  return false;
}

// setKey: digits type a cage's total (making the selection a cage) or the
// clue's just placed; Backspace takes a digit off; Delete erases the rules
// on the selection.
function setKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Delete") { e.preventDefault(); eraseSelection(); return; }
  if (e.key === "Backspace") { e.preventDefault(); typeTotal(""); return; }
  if (/^[0-9]$/.test(e.key)) { e.preventDefault(); typeTotal(e.key); }
}

function typeTotal(ch) {
  const t = SudokuEdit.tool(state.tool);
  if (t.kind === "cage" && !state.editPart) {
    if (ch === "") return;
    state.editPart = SudokuEdit.addCage(ensureDoc(), selectedCells(), state.n);
  }
  if (!state.editPart) { say("select cells (a cage) or place a clue first", "bad"); return; }
  SudokuEdit.type(state.editPart, ch);
  docChanged((t.kind === "cage" ? "cage" : "clue") + " total " + (state.editPart.value || "(none)"));
}

function eraseSelection() {
  if (!state.doc) return;
  const k = SudokuEdit.erase(state.doc, selectedCells(), state.n);
  state.editPart = null;
  docChanged(`erased ${k} rule${k === 1 ? "" : "s"}`);
}

// docChanged follows a change of the drawn rules: the rules named, the
// answers dropped, the links and the verdict asked for again.
function docChanged(what, replayed) {
  if (!replayed) {
    state.drawnUndo.push(state.drawnNow);
    state.drawnRedo = [];
  }
  state.drawnNow = JSON.stringify(state.doc);
  state.own = SudokuEdit.drawn(state.doc);
  $("own-rules").textContent = state.own.length ? "rules drawn: " + state.own.join(", ") : "";
  clearAnswers();
  state.linked = true;
  state.solution = null;
  linksChanged();
  scheduleVerdict();
  say(what);
  render();
}

// drawnStep takes back the last change of the drawn rules ("undo"), or
// does it again ("redo").
function drawnStep(what) {
  const [from, to] = what === "undo" ? [state.drawnUndo, state.drawnRedo] : [state.drawnRedo, state.drawnUndo];
  if (!from.length) { say("nothing to " + what); return; }
  to.push(state.drawnNow);
  state.doc = JSON.parse(from.pop());
  state.editPart = null;
  docChanged(what === "undo" ? "took back the last rule change" : "did the rule change again", true);
}

// The live verdict: a moment after the last change, verify the puzzle
// (and count it when it has several solutions); a change before the
// answer cancels the request under way.
let verdictTimer = null, verdictCtl = null;
function scheduleVerdict() {
  if (state.mode !== "set") return;
  clearTimeout(verdictTimer);
  if (verdictCtl) verdictCtl.abort();
  verdictCtl = null;
  showVerdict("checking…", "busy", "");
  verdictTimer = setTimeout(liveVerdict, 350);
}

async function liveVerdict() {
  const ctl = new AbortController();
  verdictCtl = ctl;
  try {
    const rec = await api("/api/verify", puzzleRequest({ backend: backend() }), ctl.signal);
    let text = verdict(rec);
    state.marked = {};
    state.second = null;
    if (rec.status === "multiple") {
      const c = await api("/api/count", puzzleRequest({ backend: backend(), limit: 100 }), ctl.signal);
      text += c.status === "unknown" ? "; count unknown" : c.exact ? `; ${c.count} solutions` : `; at least ${c.count} solutions`;
      if (rec.differ) for (const name of rec.differ) state.marked[nameIndex(name)] = "differ";
    } else if (rec.status === "unique") text += "; 1 solution";
    else if (rec.status === "none") text += "; 0 solutions";
    if (ctl.signal.aborted) return;
    showVerdict(text, rec.status === "unique" ? "good" : "bad", rec.status);
    render();
  } catch (err) {
    if (ctl.signal.aborted || err.name === "AbortError") return;
    showVerdict(err.message, "error", "error");
  }
}

function showVerdict(text, kind, status) {
  const p = $("verdict");
  p.textContent = text;
  p.className = "verdict " + kind;
  p.dataset.status = status;
}

function nameIndex(name) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * state.n + Number(m[2]) - 1 : -1;
}

// --- the page's own URL --------------------------------------------------------

// pageLink is the puzzle as the page's URL carries it: the compact
// f-puzzles link of a puzzle with rules once the server has made it
// (state.pageLink), else its document, or its line.
function puzzleParam() {
  if (state.pageLink) return state.pageLink;
  const req = puzzleRequest({});
  return req.puzzle;
}

// updateURL writes the puzzle, the rules checked and the mode into the
// page's URL, so that reloading or sharing it opens the same: the puzzle
// goes last, so a link pasted unencoded after "puzzle=" reads whole.
function updateURL() {
  if (!state.info || !state.linked) return;
  const parts = [];
  if (state.mode !== "enter") parts.push("mode=" + state.mode);
  const gs = globals();
  if (gs.length && !state.pageLink) parts.push("rules=" + encodeURIComponent(gs.join(",")));
  if (!state.doc && state.givens.every((v) => !v)) { history.replaceState(null, "", parts.length ? "?" + parts.join("&") : location.pathname); return; }
  if (state.n !== 9 && !state.doc && !state.pageLink) parts.push("shape=" + state.boxRows + "x" + state.boxCols);
  parts.push("puzzle=" + encodeURIComponent(puzzleParam()));
  const url = "?" + parts.join("&");
  if (location.search !== url) history.replaceState(null, "", url);
}

// fromURL reads the page's URL: the mode, the rules and the puzzle.
function fromURL() {
  const q = location.search.slice(1);
  const at = q.search(/(^|&)puzzle=/);
  let head = at < 0 ? q : q.slice(0, at);
  let puzzle = "";
  if (at >= 0) {
    let raw = q.slice(q.indexOf("puzzle=", at) + "puzzle=".length);
    // The page's own parameters written after the puzzle.
    for (let m; (m = /&(mode|rules|shape)=[^&]*$/.exec(raw));) { head += m[0]; raw = raw.slice(0, m.index); }
    try { puzzle = decodeURIComponent(raw); } catch (err) { puzzle = raw; }
  }
  const params = new URLSearchParams(head);
  return { puzzle, mode: params.get("mode") || "", rules: (params.get("rules") || "").split(",").filter(Boolean), shape: params.get("shape") || "" };
}

// onPaste loads a puzzle pasted (Ctrl+V) while the grid has the focus.
function onPaste(e) {
  if (document.activeElement !== $("board")) return;
  const text = (e.clipboardData && e.clipboardData.getData("text")) || "";
  if (!text.trim()) return;
  e.preventDefault();
  load(text.trim());
}

// --- replay ------------------------------------------------------------------

// replay holds, per backend, its events and the grid they have built so far.
const replay = { runs: [], at: 0, timer: null, length: 0 };

async function recordSearches() {
  try {
    say("recording the searches…", "busy");
    const runs = await api("/api/trace", puzzleRequest({ backends: ["dlx", "backtrack"], max: 20000 }));
    stopReplay();
    replay.runs = runs.map((r) => ({
      name: r.record.backend, rec: r, events: r.events, pos: 0,
      grid: new Array(state.n * state.n).fill(0), current: -1, last: "", tries: 0, undos: 0, deadends: 0, solved: false,
    }));
    replay.length = Math.max(...runs.map((r) => r.events.length));
    const box = $("replays");
    box.replaceChildren(...replay.runs.map((run) => {
      const fig = document.createElement("figure");
      fig.className = "replay-run";
      fig.id = "replay-" + run.name;
      const board = document.createElement("div");
      board.className = "replay-board";
      const cap = document.createElement("figcaption");
      fig.append(board, cap);
      run.board = board; run.cap = cap;
      return fig;
    }));
    replay.runs.forEach(drawRun);
    replayButtons();
    say("recorded: " + runs.map((r) => `${r.record.backend} ${r.tries} tries, ${r.undos} backtracks` + (r.dropped ? ` (${r.dropped} events past the first ${r.events.length} not kept)` : "")).join("; "), "good");
  } catch (err) {
    say(err.message, "error");
  }
}

// stepRun applies a run's next event to its grid.
function stepRun(run) {
  if (run.pos >= run.events.length) return false;
  const e = run.events[run.pos++];
  run.current = e.cell;
  run.last = e.kind;
  switch (e.kind) {
    case "try":
      run.tries++;
      if (e.cell >= 0) run.grid[e.cell] = e.value;
      break;
    case "undo":
      run.undos++;
      if (e.cell >= 0) run.grid[e.cell] = 0;
      break;
    case "deadend":
      run.deadends++;
      break;
    case "solution":
      run.solved = true;
      break;
  }
  return true;
}

function drawRun(run) {
  const n = state.n;
  const cells = state.givens.map((v, i) => (v ? { v, kind: "given" } : run.grid[i] ? { v: run.grid[i], kind: "tried" } : { v: 0, kind: "" }));
  const marked = {};
  if (run.current >= 0) marked[run.current] = run.last === "undo" ? "undone" : "current";
  const size = Math.min(400, Math.max(240, (window.innerWidth - 60) / 2));
  SudokuDraw.board(run.board, view({ cells, marks: null, marked, second: null, selected: -1, selection: [], size,
    corner: null, centre: null, colours: null, conflicts: null, crossed: null, ringed: null, outside: false, idPrefix: "replay-" + run.name + "-cell-", label: run.name + " search grid" }));
  run.board.querySelector("svg").classList.toggle("solved", run.solved);
  const depth = run.pos > 0 ? run.events[run.pos - 1].depth : 0;
  run.cap.innerHTML = "";
  const strong = document.createElement("strong");
  strong.textContent = run.name;
  run.cap.append(strong, ` — step ${run.pos} of ${run.events.length}, depth ${depth}: `);
  for (const [k, v] of [["tries", run.tries], ["backtracks", run.undos], ["dead ends", run.deadends]]) {
    const s = document.createElement("span");
    s.className = "counter";
    s.dataset.counter = k;
    s.textContent = `${k} ${v}`;
    run.cap.append(s, " ");
  }
  if (run.solved) run.cap.append("solved");
}

function replayStep(k) {
  let moved = false;
  for (let i = 0; i < k; i++) for (const run of replay.runs) moved = stepRun(run) || moved;
  replay.runs.forEach(drawRun);
  return moved;
}

function stopReplay() {
  if (replay.timer) clearInterval(replay.timer);
  replay.timer = null;
  $("replay-play").textContent = "Play";
}

function playReplay() {
  if (replay.timer) { stopReplay(); return; }
  $("replay-play").textContent = "Pause";
  let last = performance.now(), owed = 0;
  replay.timer = setInterval(() => {
    const now = performance.now();
    owed += ((now - last) / 1000) * Number($("replay-speed").value);
    last = now;
    const k = Math.floor(owed);
    if (k < 1) return;
    owed -= k;
    if (!replayStep(k)) stopReplay();
  }, 30);
}

function replayButtons() {
  const ready = replay.runs.length > 0;
  $("replay-play").disabled = !ready;
  $("replay-step").disabled = !ready;
}

// --- start -------------------------------------------------------------------

async function start() {
  const [info, vs] = await Promise.all([api("/api/info"), api("/api/variants")]);
  state.info = info;
  $("size").replaceChildren(...info.shapes.map((s) => new Option(`${s.side}x${s.side}`, String(s.side), false, s.side === 9)));
  $("backend").replaceChildren(...info.backends.map((b) => {
    const o = new Option(b.name, b.name, false, b.name === info.default);
    o.title = b.summary;
    return o;
  }));
  $("symmetry").replaceChildren(...info.symmetries.map((s) => new Option(s, s)));
  for (const l of info.levels) $("difficulty").appendChild(new Option(l, l));
  showTechniques(info.techniques || []);
  $("variants").replaceChildren(...vs.variants.map((v) => {
    const label = document.createElement("label");
    label.className = "variant";
    label.title = v.summary;
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = v.name;
    box.addEventListener("change", () => { clearAnswers(); linksChanged(); render(); });
    label.append(box, " " + v.name);
    return label;
  }));
  $("size").addEventListener("change", () => {
    const s = shapeOf(Number($("size").value));
    setShape(s.side, s.box_rows, s.box_cols, s.symbols);
    shapeChanged();
  });
  $("clear").addEventListener("click", () => { setShape(state.n, state.boxRows, state.boxCols, state.symbols); shapeChanged(); say("cleared"); });
  $("load").addEventListener("click", () => load($("paste").value));
  $("solve").addEventListener("click", solve);
  $("verify").addEventListener("click", verify);
  $("count").addEventListener("click", count);
  $("candidates").addEventListener("click", candidates);
  $("truecandidates").addEventListener("click", trueCandidates);
  $("suggest").addEventListener("click", suggest);
  $("redundant").addEventListener("click", redundant);
  $("estimate").addEventListener("click", estimate);
  $("hint").addEventListener("click", hint);
  $("explain").addEventListener("click", explain);
  $("assume-unique").addEventListener("change", saveTechniques);
  $("techniques-default").addEventListener("click", defaultTechniques);
  $("compare").addEventListener("click", compare);
  $("generate").addEventListener("click", generate);
  $("step-prev").addEventListener("click", () => showStep(state.stepAt - 1));
  $("step-next").addEventListener("click", () => showStep(state.stepAt + 1));
  $("replay-load").addEventListener("click", recordSearches);
  $("replay-play").addEventListener("click", playReplay);
  $("replay-step").addEventListener("click", () => { stopReplay(); replayStep(1); });
  $("replay-speed").addEventListener("input", () => { $("replay-speed-out").textContent = $("replay-speed").value + " steps/s"; });
  const board = $("board");
  board.addEventListener("keydown", onKey);
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", onPointerUp);
  document.addEventListener("paste", onPaste);
  window.addEventListener("resize", render);
  document.querySelectorAll(".mode").forEach((b) => b.addEventListener("click", () => { setMode(b.dataset.mode); board.focus(); }));
  document.querySelectorAll(".entry").forEach((b) => b.addEventListener("click", () => { setEntry(b.dataset.entry); board.focus(); }));
  $("undo").addEventListener("click", () => { playAction("undo"); board.focus(); });
  $("redo").addEventListener("click", () => { playAction("redo"); board.focus(); });
  $("check").addEventListener("click", () => { checkGame(); board.focus(); });
  $("restart").addEventListener("click", () => { restartGame(); board.focus(); });
  $("tool").replaceChildren(...SudokuEdit.TOOLS.map((t) => new Option(t.label, t.name)));
  $("tool").addEventListener("change", () => { state.tool = $("tool").value; state.editPart = null; showTool(); buildPad(); render(); });
  $("erase-selection").addEventListener("click", () => { eraseSelection(); board.focus(); });
  $("set-undo").addEventListener("click", () => { drawnStep("undo"); board.focus(); });
  $("set-redo").addEventListener("click", () => { drawnStep("redo"); board.focus(); });
  setInterval(() => { if (playing()) { tick(); saveGame(); } }, 1000);
  document.addEventListener("visibilitychange", () => { if (playing()) saveGame(); });
  setShape(9, 3, 3, shapeOf(9).symbols);
  document.body.dataset.mode = state.mode;
  buildPad();
  const from = fromURL();
  for (const r of from.rules) { const box = document.querySelector(`#variants input[value="${CSS.escape(r)}"]`); if (box) box.checked = true; }
  if (from.puzzle) await load(from.puzzle, from.shape ? { shape: from.shape } : undefined);
  if (from.mode) setMode(from.mode);
  render();
  document.body.dataset.ready = "true";
}

start().catch((err) => say("the page could not start: " + err.message, "error"));
