// Package sudokupad reads and writes SudokuPad's own puzzle format: the
// "scl" (and older "ctc") data of links such as
// https://sudokupad.app/scl…, lz-string compressed JSON of the puzzle's
// cells, regions, cages, lines, overlays, arrows and underlays, with the
// rules as text in its metadata, often in SudokuPad's zipped form (short
// member names, unquoted keys, single quotes).
//
// SudokuPad draws almost every rule: a thermometer is a grey line and a
// circle, a kropki dot a small round overlay, and only the rules text says
// what a drawing means. Decode reads the parts whose meaning the data
// itself states, and nothing else:
//
//   - the givens (cell values) and the regions: regions other than the
//     boxes make a jigsaw;
//   - cages with a whole-number value: killer cages with that total (a
//     cage marked "unique" without a value is a cage of different digits);
//     cages styled "extraregion" are extra regions; cages without cells
//     whose value reads "title: …", "author: …", "rules: …" or
//     "solution: …" are metadata, as in SudokuPad's own files;
//   - the "global" rules SudokuPad names: antiknight, antiking,
//     nonconsecutive;
//   - the metadata: title, author, rules and the author's solution.
//
// Everything else that could carry a rule (lines, arrows, overlays,
// underlays, cages without a total, other global rules, a background
// image, members it does not know) is refused by name, with the puzzle's
// rules text quoted so that the user sees what the drawings meant;
// Options.IgnoreUnsupported drops them instead and names them in
// Puzzle.Dropped. The pencil marks of SudokuPad cells are a solver's
// notes, not restrictions (SudokuPad's own f-puzzles import fills them
// from the solver's corner and centre marks): they are named in
// Puzzle.Unused, as are metadata members sudokit does not use.
//
// Short ids (sudokupad.app/abc123) name a puzzle stored on SudokuPad's
// server: they fail with fpuzzles.ErrNetwork and a message asking for the
// full link. sudokit does not fetch: its inputs stay files and text that
// read the same offline and tomorrow, and the server's interface is not
// published.
//
// Encode and URL write the puzzles whose rules SudokuPad's format carries
// structurally (givens, jigsaw regions, killer cages, extra regions,
// anti-knight, anti-king, non-consecutive, title, author, rules, solution)
// as plain JSON, which SudokuPad reads as it reads its zipped form;
// anything else is an error that points to the f-puzzles SudokuPad link,
// which carries every rule.
package sudokupad
