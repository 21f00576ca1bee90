// editor.js changes an f-puzzles document as a setter draws on the grid:
// cages over selected cells, lines along dragged paths, dots and XV between
// two cells, marks in cells, little killer clues outside the grid. It knows
// nothing of the page; app.js turns pointer and keys into these calls.
"use strict";

const SudokuEdit = (() => {
  // TOOLS are what the setter can draw, one per family the page draws:
  // kind says how (given: the keys set givens; cage: select cells, type the
  // total; line: drag a path; pair: click between two cells; cell: click a
  // cell; outside: click outside the grid, type the total).
  const TOOLS = [
    { name: "given", kind: "given", label: "givens (type digits)" },
    { name: "killercage", kind: "cage", label: "killer cage (select cells, type the total)" },
    { name: "thermometer", kind: "line", label: "thermometer (drag from the bulb)" },
    { name: "arrow", kind: "line", label: "arrow (drag from the circle)" },
    { name: "whispers", kind: "line", label: "German whispers line" },
    { name: "renban", kind: "line", label: "renban line" },
    { name: "regionsumline", kind: "line", label: "region-sum line" },
    { name: "betweenline", kind: "line", label: "between line" },
    { name: "palindrome", kind: "line", label: "palindrome line" },
    { name: "zipperline", kind: "line", label: "zipper line" },
    { name: "entropicline", kind: "line", label: "entropic line" },
    { name: "modularline", kind: "line", label: "modular line" },
    { name: "difference", kind: "pair", label: "white kropki dot (click between cells)" },
    { name: "ratio", kind: "pair", label: "black kropki dot (click between cells)" },
    { name: "xv-X", key: "xv", value: "X", kind: "pair", label: "X (click between cells)" },
    { name: "xv-V", key: "xv", value: "V", kind: "pair", label: "V (click between cells)" },
    { name: "minimum", kind: "cell", label: "minimum cell" },
    { name: "maximum", kind: "cell", label: "maximum cell" },
    { name: "odd", kind: "cell", label: "odd cell" },
    { name: "even", kind: "cell", label: "even cell" },
    { name: "littlekillersum", kind: "outside", label: "little killer (click outside by a diagonal, type the total)" },
  ];

  const HELP = {
    given: "Type digits into the selected cell, as in Enter givens.",
    cage: "Drag over cells (or Shift+click them), then type the total; Backspace takes its last digit off.",
    line: "Drag along the cells; going back over the last cell takes it off.",
    pair: "Click on the edge between two cells; again to take the mark off.",
    cell: "Click a cell; again to take the mark off.",
    outside: "Click outside the grid, on the side of the diagonal it sums, then type the total.",
  };

  function tool(name) {
    return TOOLS.find((t) => t.name === name) || TOOLS[0];
  }

  // ref names cell i of an n*n grid as f-puzzles does ("R1C1"); at turns
  // a reference back into [row, col] from 0.
  function ref(i, n) {
    return `R${Math.floor(i / n) + 1}C${(i % n) + 1}`;
  }

  function at(s) {
    const m = /^R(-?\d+)C(-?\d+)$/i.exec(s || "");
    return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : null;
  }

  // emptyDoc returns the document of an empty n*n grid.
  function emptyDoc(n) {
    return { size: n, grid: Array.from({ length: n }, () => Array.from({ length: n }, () => ({}))) };
  }

  function list(doc, key) {
    if (!Array.isArray(doc[key])) doc[key] = [];
    return doc[key];
  }

  // tidy drops the keys left empty.
  function tidy(doc) {
    for (const k of Object.keys(doc)) if (Array.isArray(doc[k]) && k !== "grid" && doc[k].length === 0) delete doc[k];
  }

  // cageOf returns the cage whose cells are exactly cells, or null.
  function cageOf(doc, cells, n) {
    const want = cells.map((i) => ref(i, n)).sort().join(",");
    return (doc.killercage || []).find((p) => (p.cells || []).slice().sort().join(",") === want) || null;
  }

  // addCage makes cells a cage (taking them out of any other) and returns it.
  function addCage(doc, cells, n) {
    const have = cageOf(doc, cells, n);
    if (have) return have;
    const refs = cells.map((i) => ref(i, n));
    const cages = list(doc, "killercage");
    for (const p of cages) p.cells = (p.cells || []).filter((c) => !refs.includes(c));
    doc.killercage = cages.filter((p) => p.cells.length > 0);
    const part = { cells: refs, value: "" };
    doc.killercage.push(part);
    return part;
  }

  // type adds a typed character to a part's total ("" for Backspace,
  // which takes the last one off); totals stay at most four digits.
  function type(part, ch) {
    const v = String(part.value || "");
    if (ch === "") part.value = v.slice(0, -1);
    else if (/^[0-9]$/.test(ch) && v.length < 4) part.value = v + ch;
    return part.value;
  }

  // adjacent reports whether cells a and b touch (a king's move).
  function adjacent(a, b, n) {
    const dr = Math.abs(Math.floor(a / n) - Math.floor(b / n)), dc = Math.abs((a % n) - (b % n));
    return dr <= 1 && dc <= 1 && a !== b;
  }

  // extend adds cell to a dragged path: the cells between when the
  // pointer jumped, or takes the last off when it went back over it.
  function extend(path, cell, n) {
    const last = path[path.length - 1];
    if (last === undefined) return [cell];
    if (cell === last) return path;
    if (path.length > 1 && cell === path[path.length - 2]) return path.slice(0, -1);
    const out = path.slice();
    let r = Math.floor(last / n), c = last % n;
    const tr = Math.floor(cell / n), tc = cell % n;
    while (r !== tr || c !== tc) {
      r += Math.sign(tr - r); c += Math.sign(tc - c);
      const i = r * n + c;
      if (out.includes(i)) break;
      out.push(i);
    }
    return out;
  }

  // addLine adds a line along path (two cells at least); an arrow's first
  // cell is its circle.
  function addLine(doc, key, path, n) {
    if (path.length < 2) return null;
    const refs = path.map((i) => ref(i, n));
    const part = { lines: [refs] };
    if (key === "arrow") part.cells = [refs[0]];
    if (key === "lockout") part.value = "";
    list(doc, key).push(part);
    return part;
  }

  // pairAt returns the two cells whose shared edge is nearest the point
  // (x, y) in cell units, when it is near one, else null.
  function pairAt(x, y, n) {
    const c = Math.floor(x), r = Math.floor(y), fx = x - c, fy = y - r, near = 0.3;
    if (r < 0 || c < 0 || r >= n || c >= n) return null;
    const dx = Math.min(fx, 1 - fx), dy = Math.min(fy, 1 - fy);
    if (dx < dy && dx < near) {
      const c2 = fx < 0.5 ? c - 1 : c + 1;
      if (c2 < 0 || c2 >= n) return null;
      return [r * n + Math.min(c, c2), r * n + Math.max(c, c2)];
    }
    if (dy < near) {
      const r2 = fy < 0.5 ? r - 1 : r + 1;
      if (r2 < 0 || r2 >= n) return null;
      return [Math.min(r, r2) * n + c, Math.max(r, r2) * n + c];
    }
    return null;
  }

  // togglePair puts the mark of t between a and b, or takes it off when
  // it is there; another mark of the same key there is replaced.
  function togglePair(doc, t, a, b, n) {
    const key = t.key || t.name;
    const refs = [ref(a, n), ref(b, n)];
    const parts = list(doc, key);
    const k = parts.findIndex((p) => (p.cells || []).slice().sort().join() === refs.slice().sort().join());
    const same = k >= 0 && (t.value === undefined || parts[k].value === t.value);
    if (k >= 0) parts.splice(k, 1);
    if (!same) parts.push(t.value === undefined ? { cells: refs } : { cells: refs, value: t.value });
    tidy(doc);
  }

  // toggleCell puts the mark key on cell i, or takes it off; a cell holds
  // one of min, max, odd and even.
  function toggleCell(doc, key, i, n) {
    const r = ref(i, n);
    const had = (doc[key] || []).some((p) => p.cell === r);
    for (const k of ["minimum", "maximum", "odd", "even"]) if (doc[k]) doc[k] = doc[k].filter((p) => p.cell !== r);
    if (!had) list(doc, key).push({ cell: r });
    tidy(doc);
  }

  // outsideAt returns the little killer clue for a click at (x, y) outside
  // the grid: its cell and the direction of the diagonal, the one on the
  // side of the cell clicked; null inside the grid or past the corners.
  function outsideAt(x, y, n) {
    const c = Math.floor(x), r = Math.floor(y), fx = x - c, fy = y - r;
    const inR = r >= 0 && r < n, inC = c >= 0 && c < n;
    let dir = null;
    if (r === -1 && inC) dir = fx < 0.5 ? "DL" : "DR";
    else if (r === n && inC) dir = fx < 0.5 ? "UL" : "UR";
    else if (c === -1 && inR) dir = fy < 0.5 ? "UR" : "DR";
    else if (c === n && inR) dir = fy < 0.5 ? "UL" : "DL";
    if (!dir) return null;
    // A diagonal of one cell from a corner is no clue: the next one is.
    const steps = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] }[dir];
    if (!(r + steps[0] >= 0 && r + steps[0] < n && c + steps[1] >= 0 && c + steps[1] < n)) return null;
    return { cell: `R${r + 1}C${c + 1}`, direction: dir };
  }

  // addOutside puts a clue at o (see outsideAt), or returns the one there
  // already with that direction.
  function addOutside(doc, o) {
    const parts = list(doc, "littlekillersum");
    const have = parts.find((p) => p.cell === o.cell && p.direction === o.direction);
    if (have) return have;
    const part = { cell: o.cell, direction: o.direction, value: "" };
    parts.push(part);
    return part;
  }

  // erase takes off every rule that touches one of cells (cell indexes)
  // and returns how many.
  function erase(doc, cells, n) {
    const refs = new Set(cells.map((i) => ref(i, n)));
    let k = 0;
    for (const key of Object.keys(doc)) {
      if (key === "grid" || !Array.isArray(doc[key])) continue;
      doc[key] = doc[key].filter((p) => {
        const touched = [].concat(p.cells || [], p.cell ? [p.cell] : [], ...(p.lines || [])).some((c) => refs.has(c));
        if (touched) k++;
        return !touched;
      });
    }
    tidy(doc);
    return k;
  }

  // drawn lists the rule keys the document draws.
  function drawn(doc) {
    return Object.keys(doc || {}).filter((k) => k !== "grid" && Array.isArray(doc[k]) && doc[k].length);
  }

  return { TOOLS, HELP, tool, ref, at, emptyDoc, cageOf, addCage, type, adjacent, extend, addLine, pairAt, togglePair, toggleCell, outsideAt, addOutside, erase, drawn };
})();
