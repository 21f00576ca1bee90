// app.js runs the page: the puzzle's state, the controls, the calls to the
// JSON API and the replay of searches. draw.js draws.
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
  advanced: false, // the last key typed a symbol and moved the selection on
  steps: null, stepAt: 0,
};

// --- API -----------------------------------------------------------------

async function api(path, body) {
  const resp = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
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
  const cells = state.givens.map((v, i) => {
    if (v) return { v, kind: "given" };
    const o = state.overlay && state.overlay[i];
    return o ? { v: o.v, kind: o.kind } : { v: 0, kind: "" };
  });
  return Object.assign({
    n: state.n, boxRows: state.boxRows, boxCols: state.boxCols, symbols: state.symbols, cells,
    marks: state.marks, doc: state.doc, globals: globals(), selected: state.selected,
    marked: state.marked, second: state.second, size: boardSize(),
  }, extra);
}

function boardSize() {
  return Math.min(560, Math.max(300, window.innerWidth - 40));
}

function render() {
  SudokuDraw.board($("board"), view());
}

// clearAnswers drops everything shown over the givens.
function clearAnswers() {
  state.overlay = null;
  state.marks = null;
  state.marked = {};
  state.second = null;
  state.steps = null;
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
  state.advanced = false;
  $("own-rules").textContent = "";
  state.linked = false;
  state.linkSeq++;
  $("links").replaceChildren();
  clearAnswers();
  $("size").value = String(n);
}

function shapeOf(n) {
  return state.info.shapes.find((s) => s.side === n) || { side: n, box_rows: state.boxRows, box_cols: state.boxCols, symbols: state.symbols };
}

function onKey(e) {
  const n = state.n;
  let r = Math.floor(state.selected / n), c = state.selected % n;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    r = (r + moves[e.key][0] + n) % n;
    c = (c + moves[e.key][1] + n) % n;
    state.selected = r * n + c;
    state.advanced = false;
    e.preventDefault();
    render();
    return;
  }
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
  state.givens[state.selected] = v;
  clearAnswers();
  linksChanged();
  state.advanced = v > 0 && c + 1 < n;
  if (state.advanced) state.selected++;
  render();
}

function onClick(e) {
  const rect = e.target.closest("[data-cell]");
  if (!rect) return;
  state.selected = Number(rect.getAttribute("data-cell"));
  state.advanced = false;
  $("board").focus();
  render();
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

function markStep(st, placedKind) {
  const names = new Map();
  for (let i = 0; i < state.n * state.n; i++) names.set("r" + (Math.floor(i / state.n) + 1) + "c" + (i % state.n + 1), i);
  for (const c of st.cells || []) if (names.has(c)) state.marked[names.get(c)] = "pattern";
  for (const p of st.placements || []) {
    const i = names.get(p.cell);
    if (i === undefined) continue;
    state.marked[i] = "placed";
    if (!state.overlay) state.overlay = new Array(state.n * state.n).fill(null);
    state.overlay[i] = { v: p.value, kind: placedKind };
  }
  for (const e of st.eliminations || []) if (names.has(e.cell)) state.marked[names.get(e.cell)] = "eliminated";
}

async function hint() {
  await run($("hint"), "/api/hint", {}, (rec) => {
    showRecord(rec);
    if (rec.step) {
      markStep(rec.step, "hinted");
      say(rec.step.text, "good");
    } else {
      say(rec.stuck === "stuck" ? "stuck: no technique applies (try Explain, which guesses from the solution)" : rec.stuck, "bad");
    }
  });
}

async function explain() {
  await run($("explain"), "/api/explain", { backend: backend() }, (rec) => {
    showRecord(rec);
    if (!rec.steps) {
      say(rec.status === "unique" ? "no path" : rec.status + (rec.stop ? " (stopped: " + rec.stop + ")" : ""), "bad");
      return;
    }
    state.steps = rec.steps;
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

// showStep shows the grid after k steps, the k-th step marked.
function showStep(k) {
  if (!state.steps) return;
  k = Math.max(0, Math.min(state.steps.length, k));
  state.stepAt = k;
  state.marked = {};
  state.overlay = new Array(state.n * state.n).fill(null);
  const names = (c) => { const m = /^r(\d+)c(\d+)$/.exec(c); return (Number(m[1]) - 1) * state.n + Number(m[2]) - 1; };
  for (const st of state.steps.slice(0, Math.max(0, k - 1))) for (const p of st.placements) state.overlay[names(p.cell)] = { v: p.value, kind: "solved" };
  if (k > 0) markStep(state.steps[k - 1], "placed");
  $("step-pos").textContent = `step ${k} of ${state.steps.length}`;
  document.querySelectorAll("#steps .step").forEach((b, i) => b.classList.toggle("current", i === k - 1));
  render();
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
async function load(text) {
  say("reading…", "busy");
  try {
    const a = await api("/api/parse", { puzzle: text });
    const n = a.size;
    setShape(n, a.box_rows, a.box_cols, shapeOf(n).symbols);
    state.givens = a.cells.slice();
    state.doc = a.document || null;
    state.own = a.variants;
    $("own-rules").textContent = a.variants.length ? "rules of the puzzle: " + a.variants.join(", ") : "";
    state.linked = true;
    if (globals().length) refreshLinks(); // the answer's links lack the rules checked
    else showLinks(a);
    showRecord(a);
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
    say(`generated: ${p.givens} givens, ${p.symmetry}` + (p.level ? ", " + p.level : "") + `, seed ${a.seed}`, "good");
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
  SudokuDraw.board(run.board, view({ cells, marks: null, marked, second: null, selected: -1, size }));
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
    render();
  });
  $("clear").addEventListener("click", () => { setShape(state.n, state.boxRows, state.boxCols, state.symbols); render(); say("cleared"); });
  $("load").addEventListener("click", () => load($("paste").value));
  $("solve").addEventListener("click", solve);
  $("verify").addEventListener("click", verify);
  $("count").addEventListener("click", count);
  $("candidates").addEventListener("click", candidates);
  $("truecandidates").addEventListener("click", trueCandidates);
  $("hint").addEventListener("click", hint);
  $("explain").addEventListener("click", explain);
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
  board.addEventListener("click", onClick);
  window.addEventListener("resize", render);
  setShape(9, 3, 3, shapeOf(9).symbols);
  render();
  document.body.dataset.ready = "true";
}

start().catch((err) => say("the page could not start: " + err.message, "error"));
