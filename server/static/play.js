// play.js holds a player's game: their digits beside the givens, corner and
// centre pencil marks, colours, undo and redo, the clashes among the digits
// and the time spent, kept in the browser's local storage per puzzle. It
// knows nothing of the page; app.js shows it and feeds it keys.
"use strict";

const SudokuPlay = (() => {
  const COLOURS = 9;

  // create returns an empty game for n*n cells.
  function create(cells) {
    return {
      digits: new Array(cells).fill(0),
      corner: Array.from({ length: cells }, () => []),
      centre: Array.from({ length: cells }, () => []),
      colours: new Array(cells).fill(0),
      undo: [], redo: [],
      elapsed: 0,   // milliseconds played before the clock last started
      since: null,  // when the clock last started (Date.now()), or null
      done: false,
    };
  }

  function snapshot(g, i) {
    return { d: g.digits[i], co: g.corner[i].slice(), ce: g.centre[i].slice(), col: g.colours[i] };
  }

  function restoreCell(g, i, s) {
    g.digits[i] = s.d; g.corner[i] = s.co.slice(); g.centre[i] = s.ce.slice(); g.colours[i] = s.col;
  }

  function toggle(list, v) {
    const k = list.indexOf(v);
    if (k >= 0) list.splice(k, 1);
    else { list.push(v); list.sort((a, b) => a - b); }
  }

  // enter applies one input to the cells (those not given): mode is
  // "digit", "corner", "centre" or "colour"; v is the value (or colour), 0
  // to clear. A digit entered where it already is clears it; a mark
  // toggles (on all cells when any lacks it, else off). It returns whether
  // anything changed, and records the change for undo.
  function enter(g, cells, givens, mode, v) {
    const open = cells.filter((i) => !givens[i]);
    if (!open.length) return false;
    const before = open.map((i) => snapshot(g, i));
    if (v === 0) {
      // Clear: the digits if any, else the marks, else the colours.
      if (open.some((i) => g.digits[i])) open.forEach((i) => (g.digits[i] = 0));
      else if (open.some((i) => g.corner[i].length || g.centre[i].length)) open.forEach((i) => { g.corner[i] = []; g.centre[i] = []; });
      else open.forEach((i) => (g.colours[i] = 0));
    } else if (mode === "digit") {
      const same = open.every((i) => g.digits[i] === v);
      open.forEach((i) => (g.digits[i] = same ? 0 : v));
    } else if (mode === "corner" || mode === "centre") {
      const lists = open.filter((i) => !g.digits[i]).map((i) => g[mode][i]);
      const add = lists.some((l) => !l.includes(v));
      for (const l of lists) if (l.includes(v) !== add) toggle(l, v);
    } else if (mode === "colour") {
      const c = ((v - 1) % COLOURS) + 1;
      const same = open.every((i) => g.colours[i] === c);
      open.forEach((i) => (g.colours[i] = same ? 0 : c));
    }
    const changed = open.filter((i, k) => JSON.stringify(snapshot(g, i)) !== JSON.stringify(before[k]));
    if (!changed.length) return false;
    g.undo.push(changed.map((i) => ({ i, before: before[open.indexOf(i)], after: snapshot(g, i) })));
    g.redo = [];
    return true;
  }

  // undo takes back the last change; redo does it again. Each returns
  // whether there was one.
  function undo(g) { return replay(g, g.undo, g.redo, "before"); }
  function redo(g) { return replay(g, g.redo, g.undo, "after"); }

  // replay moves the last change of from to to, setting its cells as
  // they were (side "before") or became ("after").
  function replay(g, from, to, side) {
    const ch = from.pop();
    if (!ch) return false;
    ch.forEach((c) => restoreCell(g, c.i, c[side]));
    to.push(ch);
    return true;
  }

  // houses returns the groups of cells whose values must differ: rows,
  // columns, the regions (boxes or a jigsaw's), the diagonals when a rule
  // asks for them, and the killer cages of doc.
  function houses(n, regions, diagonals, doc) {
    const out = [];
    for (let r = 0; r < n; r++) out.push(Array.from({ length: n }, (_, c) => r * n + c));
    for (let c = 0; c < n; c++) out.push(Array.from({ length: n }, (_, r) => r * n + c));
    const byRegion = new Map();
    regions.forEach((reg, i) => { if (reg >= 0) { if (!byRegion.has(reg)) byRegion.set(reg, []); byRegion.get(reg).push(i); } });
    out.push(...byRegion.values());
    if (diagonals.main) out.push(Array.from({ length: n }, (_, k) => k * n + k));
    if (diagonals.anti) out.push(Array.from({ length: n }, (_, k) => k * n + n - 1 - k));
    for (const cage of (doc && doc.killercage) || []) {
      const cells = (cage.cells || []).map((s) => /^R(\d+)C(\d+)$/i.exec(s)).filter(Boolean).map((m) => (m[1] - 1) * n + (m[2] - 1));
      if (cells.length > 1) out.push(cells);
    }
    return out;
  }

  // conflicts returns the cells whose value another cell of one of their
  // houses holds too.
  function conflicts(values, hs) {
    const out = new Set();
    for (const h of hs) {
      const seen = new Map();
      for (const i of h) {
        const v = values[i];
        if (!v) continue;
        if (seen.has(v)) { out.add(i); out.add(seen.get(v)); } else seen.set(v, i);
      }
    }
    return out;
  }

  // clock: start, stop and read the time played, in milliseconds.
  function start(g) { if (g.since === null && !g.done) g.since = Date.now(); }
  function stop(g) { if (g.since !== null) { g.elapsed += Date.now() - g.since; g.since = null; } }
  function played(g) { return g.elapsed + (g.since === null ? 0 : Date.now() - g.since); }

  // clock formats milliseconds as m:ss, or h:mm:ss.
  function clock(ms) {
    const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, ss = String(s % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
  }

  // key names a puzzle for the local storage: a hash of its request.
  function key(text) {
    let h = 2166136261;
    for (let k = 0; k < text.length; k++) { h ^= text.charCodeAt(k); h = Math.imul(h, 16777619); }
    return "sudokit.play." + (h >>> 0).toString(36) + "." + text.length;
  }

  // save writes the game under k (without its history); load reads it
  // back, or returns null when there is none that fits cells.
  function save(storage, k, g) {
    try {
      storage.setItem(k, JSON.stringify({ digits: g.digits, corner: g.corner, centre: g.centre, colours: g.colours, elapsed: played(g), done: g.done }));
    } catch (err) { /* storage full or refused: the game goes on unsaved */ }
  }

  function load(storage, k, cells) {
    let s;
    try { s = JSON.parse(storage.getItem(k) || "null"); } catch (err) { return null; }
    if (!s || !Array.isArray(s.digits) || s.digits.length !== cells) return null;
    const g = create(cells);
    const ints = (a, d) => (Array.isArray(a) && a.length === cells ? a : d);
    g.digits = ints(s.digits, g.digits).map((v) => Number(v) || 0);
    g.corner = ints(s.corner, g.corner).map((l) => (Array.isArray(l) ? l.map(Number).filter((v) => v > 0) : []));
    g.centre = ints(s.centre, g.centre).map((l) => (Array.isArray(l) ? l.map(Number).filter((v) => v > 0) : []));
    g.colours = ints(s.colours, g.colours).map((v) => Number(v) || 0);
    g.elapsed = Number(s.elapsed) || 0;
    g.done = !!s.done;
    return g;
  }

  return { create, enter, undo, redo, houses, conflicts, start, stop, played, clock, key, save, load, COLOURS };
})();
