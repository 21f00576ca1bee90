// draw.js draws a sudoku grid as SVG: regions, the rules of an f-puzzles
// document (cages, lines, dots, marks, clues outside the grid), values and
// pencil marks. It knows nothing of the API; app.js gives it a view.
"use strict";

const SudokuDraw = (() => {
  const NS = "http://www.w3.org/2000/svg";

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // ref reads an f-puzzles cell reference "R3C5" as [row, col] from 0
  // (-1 or n for a cell outside the grid).
  function ref(s) {
    const m = /^R(\d+)C(\d+)$/i.exec(s || "");
    return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : null;
  }

  // regionsOf returns each cell's region: the document's "region" where a
  // cell has one, else its box.
  function regionsOf(view) {
    const { n, boxRows, boxCols, doc } = view;
    const out = new Array(n * n);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        out[r * n + c] = Math.floor(r / boxRows) * (n / boxCols) + Math.floor(c / boxCols);
        const cell = doc && doc.grid && doc.grid[r] && doc.grid[r][c];
        if (cell && "region" in cell) out[r * n + c] = cell.region === null ? -1 - r * n - c : cell.region;
      }
    }
    return out;
  }

  // Line styles per f-puzzles key: colour, width (in cells), and the mark
  // at the start.
  const LINES = {
    thermometer: { color: "#b9b9b9", width: 0.3, bulb: true },
    arrow: { color: "#8a8a8a", width: 0.06, arrow: true },
    whispers: { color: "#5fd35f", width: 0.18 },
    palindrome: { color: "#a0a0a0", width: 0.2 },
    renban: { color: "#d28ce6", width: 0.2 },
    betweenline: { color: "#9fb8d8", width: 0.08, ends: true },
    regionsumline: { color: "#4aa3ff", width: 0.12 },
    zipperline: { color: "#c8a2ff", width: 0.15 },
    entropicline: { color: "#f0a040", width: 0.15 },
    modularline: { color: "#40b0a0", width: 0.15 },
    lockout: { color: "#e07070", width: 0.12, diamonds: true },
  };
  const PAIRS = { difference: "white", ratio: "black", xv: "text" };
  const SHADED = { extraregion: "#dbe9ff", clone: "#eadcff", rowindexer: "#ffe9c7", columnindexer: "#ffe9c7", boxindexer: "#ffe9c7" };
  const OUTSIDE = { littlekillersum: true, sandwichsum: true, xsum: true };

  // hasOutside reports whether the document places clues outside the grid.
  function hasOutside(doc) {
    return !!doc && Object.keys(OUTSIDE).some((k) => Array.isArray(doc[k]) && doc[k].length > 0);
  }

  // board draws view into container, replacing what was there, and
  // returns the SVG. view: n, boxRows, boxCols, symbols, cells ([{v, kind}]),
  // marks (per cell, or null), doc, globals (rule names), selected, marked
  // ({cell: class}), second ({cell: value}), size (pixels).
  function board(container, view) {
    const { n, doc } = view;
    const m = view.outside || hasOutside(doc) ? 1 : 0.2; // margin, in cells
    const size = view.size || 540;
    const svg = el("svg", { viewBox: `${-m} ${-m} ${n + 2 * m} ${n + 2 * m}`, width: size, height: size, class: "grid", "data-n": n, "data-margin": m });
    // The main board's cells are the grid's rows and cells for screen
    // readers (the container is the grid); another board is one picture.
    if (view.idPrefix) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", view.label || "grid"); } else svg.setAttribute("role", "none");
    const layers = {};
    for (const name of ["back", "shade", "lines", "cages", "grid", "dots", "values"]) layers[name] = el("g", { class: name }, svg);

    // Cells: background, highlight, value or marks.
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n;
      const cls = ["cell"];
      if (view.marked && view.marked[i]) cls.push(view.marked[i]);
      if (i === view.selected || (view.selection && view.selection.includes(i))) cls.push("selected");
      el("rect", { x: c, y: r, width: 1, height: 1, class: cls.join(" "), "data-cell": i }, layers.back);
      const colour = view.colours && view.colours[i];
      if (colour) el("rect", { x: c, y: r, width: 1, height: 1, class: "colour colour-" + colour, "data-colour": colour }, layers.back);
    }
    if (view.outside) {
      // The ring of cells around the grid, where clues outside it go.
      for (let k = -1; k <= n; k++) {
        for (const [r, c] of [[-1, k], [n, k], [k, -1], [k, n]]) {
          el("rect", { x: c, y: r, width: 1, height: 1, class: "outside-cell", "data-out": `R${r + 1}C${c + 1}` }, layers.back);
        }
      }
    }
    drawGlobals(view, layers);
    if (doc) drawDocument(view, layers);
    drawGridLines(view, layers.grid);
    drawValues(view, layers.values);
    container.replaceChildren(svg);
    return svg;
  }

  function drawGridLines(view, g) {
    const { n } = view;
    const reg = regionsOf(view);
    el("rect", { x: 0, y: 0, width: n, height: n, class: "outline" }, g);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        if (c + 1 < n) el("line", { x1: c + 1, y1: r, x2: c + 1, y2: r + 1, class: reg[i] === reg[i + 1] ? "thin" : "thick" }, g);
        if (r + 1 < n) el("line", { x1: c, y1: r + 1, x2: c + 1, y2: r + 1, class: reg[i] === reg[i + n] ? "thin" : "thick" }, g);
      }
    }
  }

  // drawGlobals draws the rules named for the whole grid that have a
  // picture: the diagonals and windoku's windows.
  function drawGlobals(view, layers) {
    const { n, boxRows, boxCols } = view;
    const names = new Set(view.globals || []);
    const doc = view.doc || {};
    if (names.has("diagonal") || names.has("diagonal-main") || doc["diagonal-"]) {
      el("line", { x1: 0, y1: 0, x2: n, y2: n, class: "diagonal" }, layers.lines);
    }
    if (names.has("diagonal") || names.has("diagonal-anti") || doc["diagonal+"]) {
      el("line", { x1: 0, y1: n, x2: n, y2: 0, class: "diagonal" }, layers.lines);
    }
    if (names.has("windoku") && boxRows === boxCols) {
      const b = boxRows;
      for (let wr = 0; wr < b - 1; wr++) {
        for (let wc = 0; wc < b - 1; wc++) {
          el("rect", { x: 1 + wc * (b + 1), y: 1 + wr * (b + 1), width: b, height: b, class: "window" }, layers.shade);
        }
      }
    }
  }

  function center(rc) {
    return [rc[1] + 0.5, rc[0] + 0.5];
  }

  function drawDocument(view, layers) {
    const { doc } = view;
    for (const key of Object.keys(doc)) {
      const parts = doc[key];
      if (!Array.isArray(parts) || key === "grid" || key === "negative" || key === "solution") continue;
      for (const p of parts) {
        if (!p || typeof p !== "object") continue;
        if (key === "killercage") drawCage(p, layers.cages);
        else if (LINES[key]) drawLines(key, p, layers);
        else if (PAIRS[key]) drawPair(key, p, layers.dots);
        else if (OUTSIDE[key]) drawOutside(key, p, layers.dots);
        else if (key === "quadruple") drawQuadruple(p, layers.dots);
        else if (key === "odd" || key === "even" || key === "minimum" || key === "maximum") drawMark(key, p, layers.shade);
        else drawShaded(key, p, layers.shade);
      }
    }
  }

  function drawShaded(key, p, g) {
    const color = SHADED[key] || "#eeeeee";
    for (const s of [].concat(p.cells || [], p.cloneCells || [], p.cell ? [p.cell] : [])) {
      const rc = ref(s);
      if (rc) el("rect", { x: rc[1], y: rc[0], width: 1, height: 1, fill: color, class: "shaded", "data-key": key }, g);
    }
  }

  // drawCage outlines a killer cage inside its cells, dashed, with its
  // total in the first cell's corner.
  function drawCage(p, g) {
    const cells = (p.cells || []).map(ref).filter(Boolean);
    const inCage = new Set(cells.map(([r, c]) => r + "," + c));
    const d = 0.08;
    const has = (r, c) => inCage.has(r + "," + c);
    for (const [r, c] of cells) {
      const x0 = c + d, x1 = c + 1 - d, y0 = r + d, y1 = r + 1 - d;
      const segs = [];
      if (!has(r - 1, c)) segs.push([has(r, c - 1) ? c : x0, y0, has(r, c + 1) ? c + 1 : x1, y0]);
      if (!has(r + 1, c)) segs.push([has(r, c - 1) ? c : x0, y1, has(r, c + 1) ? c + 1 : x1, y1]);
      if (!has(r, c - 1)) segs.push([x0, has(r - 1, c) ? r : y0, x0, has(r + 1, c) ? r + 1 : y1]);
      if (!has(r, c + 1)) segs.push([x1, has(r - 1, c) ? r : y0, x1, has(r + 1, c) ? r + 1 : y1]);
      for (const [a, b, e, f] of segs) el("line", { x1: a, y1: b, x2: e, y2: f, class: "cage" }, g);
    }
    if (p.value !== undefined && p.value !== "" && cells.length) {
      const [r, c] = cells.reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a));
      el("rect", { x: c + 0.04, y: r + 0.04, width: 0.1 + 0.14 * String(p.value).length, height: 0.26, class: "cage-bg" }, g);
      const t = el("text", { x: c + 0.08, y: r + 0.26, class: "cage-total" }, g);
      t.textContent = p.value;
    }
  }

  function drawLines(key, p, layers) {
    const st = LINES[key];
    for (const line of p.lines || []) {
      const pts = line.map(ref).filter(Boolean).map(center);
      if (pts.length === 0) continue;
      el("polyline", { points: pts.map((q) => q.join(",")).join(" "), stroke: st.color, "stroke-width": st.width, class: "rule-line", "data-key": key }, layers.lines);
      if (st.bulb) el("circle", { cx: pts[0][0], cy: pts[0][1], r: 0.38, fill: st.color }, layers.lines);
      if (st.ends) {
        for (const q of [pts[0], pts[pts.length - 1]]) el("circle", { cx: q[0], cy: q[1], r: 0.4, class: "end-circle" }, layers.lines);
      }
      if (st.diamonds) {
        for (const q of [pts[0], pts[pts.length - 1]]) {
          el("rect", { x: q[0] - 0.3, y: q[1] - 0.3, width: 0.6, height: 0.6, transform: `rotate(45 ${q[0]} ${q[1]})`, class: "end-circle" }, layers.lines);
        }
      }
      if (st.arrow && pts.length > 1) {
        const [x2, y2] = pts[pts.length - 1], [x1, y1] = pts[pts.length - 2];
        const a = Math.atan2(y2 - y1, x2 - x1), h = 0.25;
        const head = [[x2 - h * Math.cos(a - 0.5), y2 - h * Math.sin(a - 0.5)], [x2, y2], [x2 - h * Math.cos(a + 0.5), y2 - h * Math.sin(a + 0.5)]];
        el("polyline", { points: head.map((q) => q.join(",")).join(" "), stroke: st.color, "stroke-width": st.width, class: "rule-line" }, layers.lines);
      }
    }
    if (key === "arrow") {
      // The bulb: one circle, or a pill around several cells.
      const bulb = (p.cells || []).map(ref).filter(Boolean).map(center);
      if (bulb.length === 1) el("circle", { cx: bulb[0][0], cy: bulb[0][1], r: 0.4, class: "bulb" }, layers.lines);
      else if (bulb.length > 1) {
        el("polyline", { points: bulb.map((q) => q.join(",")).join(" "), class: "pill" }, layers.lines);
      }
    }
  }

  function drawPair(key, p, g) {
    const cells = (p.cells || []).map(ref).filter(Boolean);
    if (cells.length !== 2) return;
    const [a, b] = cells.map(center);
    const x = (a[0] + b[0]) / 2, y = (a[1] + b[1]) / 2;
    if (PAIRS[key] === "text") {
      el("rect", { x: x - 0.14, y: y - 0.14, width: 0.28, height: 0.28, class: "xv-bg" }, g);
      const t = el("text", { x, y: y + 0.09, class: "xv" }, g);
      t.textContent = p.value || "";
      return;
    }
    el("circle", { cx: x, cy: y, r: 0.13, class: "dot " + PAIRS[key], "data-key": key }, g);
    if (p.value) {
      const t = el("text", { x, y: y + 0.06, class: "dot-value " + PAIRS[key] }, g);
      t.textContent = p.value;
    }
  }

  // drawOutside writes a clue that sits outside the grid, with an arrow
  // for a little killer's direction.
  function drawOutside(key, p, g) {
    const rc = ref(p.cell);
    if (!rc) return;
    const [x, y] = center(rc);
    const t = el("text", { x, y: y + 0.15, class: "outside" }, g);
    t.textContent = p.value || "";
    const dirs = { DR: [1, 1], DL: [-1, 1], UR: [1, -1], UL: [-1, -1] };
    const d = dirs[p.direction];
    if (d) {
      el("line", { x1: x + 0.25 * d[0], y1: y + 0.25 * d[1], x2: x + 0.45 * d[0], y2: y + 0.45 * d[1], class: "outside-arrow" }, g);
    }
  }

  function drawQuadruple(p, g) {
    const cells = (p.cells || []).map(ref).filter(Boolean);
    if (!cells.length) return;
    const x = Math.max(...cells.map((q) => q[1])), y = Math.max(...cells.map((q) => q[0]));
    el("circle", { cx: x, cy: y, r: 0.3, class: "quad" }, g);
    const t = el("text", { x, y: y + 0.06, class: "quad-text" }, g);
    t.textContent = (p.values || []).join("");
  }

  function drawMark(key, p, g) {
    const rc = ref(p.cell);
    if (!rc) return;
    const [x, y] = center(rc);
    if (key === "odd") el("circle", { cx: x, cy: y, r: 0.38, class: "parity" }, g);
    else if (key === "even") el("rect", { x: x - 0.36, y: y - 0.36, width: 0.72, height: 0.72, class: "parity" }, g);
    else {
      const s = key === "minimum" ? 1 : -1; // chevrons point in (minimum) or out (maximum)
      for (const [dx, dy] of [[0, -1], [0, 1], [-1, 0], [1, 0]]) {
        const cx = x + dx * 0.4, cy = y + dy * 0.4, k = 0.08 * s;
        el("polyline", { points: `${cx - dy * 0.1 - dx * k},${cy - dx * 0.1 - dy * k} ${cx + dx * k},${cy + dy * k} ${cx + dy * 0.1 - dx * k},${cy + dx * 0.1 - dy * k}`, class: "minmax" }, g);
      }
    }
  }

  // drawValues draws each cell's value or marks, one group per cell
  // (inside one group per row, for screen readers): the solver's marks or
  // the puzzle's own pencil-mark givens, else a player's corner and centre
  // marks; crossed (a step's eliminations) and ringed (its placements)
  // show what an explanation's step does.
  function drawValues(view, g) {
    const { n, cells, marks, symbols, doc } = view;
    const sym = (v) => (symbols && symbols[v - 1]) || String(v);
    const fs = n > 16 ? 0.55 : 0.62;
    const br = view.boxRows, bc = view.boxCols;
    for (let r = 0; r < n; r++) {
      const row = el("g", { role: "row" }, g);
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const cell = cells[i] || { v: 0, kind: "" };
        const cls = ["value", cell.kind || "empty"];
        if (view.conflicts && view.conflicts.has(i)) cls.push("conflict");
        const group = el("g", { class: cls.join(" "), "data-cell": i, "data-value": cell.v || 0, id: (view.idPrefix || "cell-") + i, role: "gridcell" }, row);
        const said = [`row ${r + 1}, column ${c + 1}`];
        if (cell.v) {
          const t = el("text", { x: c + 0.5, y: r + 0.5 + fs * 0.36, "font-size": fs }, group);
          t.textContent = sym(cell.v);
          said.push((cell.kind === "given" ? "given " : "") + sym(cell.v));
          if (view.ringed && view.ringed[i] === cell.v) el("circle", { cx: c + 0.5, cy: r + 0.5, r: 0.4, class: "ring" }, group);
        } else {
          const given = doc && doc.grid && doc.grid[r] && doc.grid[r][c] && doc.grid[r][c].givenPencilMarks;
          const shown = (marks && marks[i]) || given;
          const crossed = new Set((view.crossed && view.crossed[i]) || []);
          for (const v of shown || []) {
            const mr = Math.floor((v - 1) / bc), mc = (v - 1) % bc;
            const x = c + (mc + 0.5) / bc, y = r + (mr + 0.5) / br;
            const fsm = 0.8 / Math.max(br, bc);
            const t = el("text", { x, y: y + 0.3 / br, "font-size": fsm, class: (shown === given ? "mark given" : "mark") + (crossed.has(v) ? " crossed" : ""), "data-mark": v }, group);
            t.textContent = sym(v);
            if (crossed.has(v)) el("line", { x1: x - fsm * 0.45, y1: y + fsm * 0.35, x2: x + fsm * 0.45, y2: y - fsm * 0.35, class: "cross" }, group);
          }
          if (shown && shown.length) said.push("candidates " + shown.map(sym).join(" "));
          if (!shown) drawPlayerMarks(view, group, i, r, c, sym, said);
          if (!shown && !(view.corner && view.corner[i] && view.corner[i].length) && !(view.centre && view.centre[i] && view.centre[i].length)) said.push("empty");
        }
        if (view.second && view.second[i]) {
          const t = el("text", { x: c + 0.9, y: r + 0.3, "font-size": 0.26, class: "second" }, group);
          t.textContent = sym(view.second[i]);
        }
        if (view.colours && view.colours[i]) said.push("colour " + view.colours[i]);
        if (view.conflicts && view.conflicts.has(i)) said.push("clashes");
        group.setAttribute("aria-label", said.join(", "));
      }
    }
  }

  // Where a cell's corner marks go, in order: the corners, then the
  // middles of the edges.
  const CORNERS = [[0.2, 0.25], [0.8, 0.25], [0.2, 0.9], [0.8, 0.9], [0.5, 0.25], [0.5, 0.9], [0.2, 0.58], [0.8, 0.58], [0.35, 0.25]];

  // drawPlayerMarks draws a player's corner and centre marks of cell i.
  function drawPlayerMarks(view, group, i, r, c, sym, said) {
    const corner = (view.corner && view.corner[i]) || [];
    corner.forEach((v, k) => {
      const [dx, dy] = CORNERS[k % CORNERS.length];
      const t = el("text", { x: c + dx, y: r + dy, "font-size": 0.24, class: "corner", "data-corner": v }, group);
      t.textContent = sym(v);
    });
    if (corner.length) said.push("corner marks " + corner.map(sym).join(" "));
    const centre = (view.centre && view.centre[i]) || [];
    if (centre.length) {
      const fs = Math.min(0.26, 1.5 / Math.max(centre.length, 1));
      const t = el("text", { x: c + 0.5, y: r + 0.58, "font-size": fs, class: "centre" }, group);
      t.textContent = centre.map(sym).join("");
      said.push("centre marks " + centre.map(sym).join(" "));
    }
  }

  return { board, ref, regionsOf };
})();
