// Package server is sudokit's web front end: one http.Handler that serves
// a page for entering, solving, verifying, explaining and watching puzzles,
// and the JSON API the page calls, which scripts can call too.
//
// # Design
//
// The server is a thin layer over the packages the command line uses, so
// that both give the same answers: a request's puzzle is read by
// puzzle.Reader (ReadString: text only, never a file name) and built by a
// puzzle.Cache shared by all requests (rule sets reused by content), its
// answer is the puzzle.Record the CLI prints with --json (LogicRecord for
// hint and explain), hints and paths come from package logic, new puzzles
// from package generate, and the rules a link carries are drawn from the
// f-puzzles document fpuzzles.Encode writes. The server chooses no backend:
// Config carries them as model.Solvers, named, from the caller (the sudokit
// command).
//
// Every request is bounded. A body is at most Config.MaxBody bytes of one
// JSON object with no unknown member (413, 400, 415 otherwise); a grid at
// most Config.MaxSide wide, its rules at most Config.MaxMembers
// candidates and numbers (422 otherwise); each search runs under
// Config.Timeout (a request may ask for less, as timeout_ms) and an
// optional node budget (in the backends that count nodes: dlx, prop,
// backtrack, auto's first attempt; sat and the outside solvers count none
// and stop at the time limit only), and answers "unknown" with its stop reason when
// either runs out. That time limit (times the searches of /api/compare and
// /api/trace) is also the request's deadline from the moment it has a job
// slot: reading the puzzle, building its rules, lowering and searching all
// end by it (a build the deadline stops answers "unknown"), so no request
// holds a slot past it. Counts
// stop at Config.MaxCount, generation at Config.MaxGenerate puzzles, a
// replay keeps at most Config.MaxEvents events per backend (the rest are
// counted as dropped). At most Config.MaxJobs requests search at once;
// another waits up to Config.Wait for a turn and is then answered 503.
// Between requests the server keeps at most 8 rule sets (grids up to
// 16x16 with global variants; a puzzle's own rules are built for its
// request alone), and each backend its own bounded cache (model.Cache),
// so memory stays within what MaxJobs of the largest requests need.
// Errors are JSON objects {"error": "..."} with a 4xx status (a record
// with its "error" set and 422 when a backend refuses a puzzle); a panic
// in a handler is logged and answered 500, and is a bug.
//
// # Endpoints
//
//	GET  /api/info        backends, grid shapes, symmetries, levels, techniques, bounds
//	GET  /api/variants    the rule sets "variants" names, and those links carry
//	POST /api/parse       givens, shape and the f-puzzles document of a puzzle
//	POST /api/solve       a solution            (puzzle.Record)
//	POST /api/verify      unique, multiple or none, and where two solutions differ
//	POST /api/count       solutions up to "limit"
//	POST /api/compare     several backends side by side ([]puzzle.Record)
//	POST /api/candidates  pencil marks
//	POST /api/hint        the next logical step  (puzzle.LogicRecord)
//	POST /api/explain     the whole path and its grade (with "candidates": true, the pencil marks before each step)
//	POST /api/generate    new puzzles with exactly one solution (the generate --json records, generate.Record; seeds as strings of digits)
//	POST /api/trace       a search's events per backend, for the replay
//	POST /api/truecandidates  the values of each cell some solution holds
//	POST /api/suggest     the single additions that make a puzzle unique
//	POST /api/minimal     the givens and rules a unique puzzle does not need
//	POST /api/estimate    an estimate of the number of solutions with a 95% interval ("probes" up to 10,000, "seed")
//
// A puzzle request is {"puzzle": "...", "variants": [...], "backend":
// "..."} plus, where they apply, "shape", "alphabet", "in",
// "ignore_unsupported", "timeout_ms", "nodes", "limit", "backends",
// "marks", "singles", "max" and "sample"; /api/hint and /api/explain
// also take "techniques" (changes to the default techniques, as the CLI's
// --techniques: "-x-wing,+unique rectangle"; an unknown name is a bad
// request) and "assume_unique". The server's defaults are the CLI's less
// nested nishio over every rule, whose steps on the hardest killers take
// longer than a request's default deadline: "+nested nishio over every
// rule" adds it.
// A generate request takes "size", "variants", "symmetry", "minimal",
// "givens", "difficulty", "rating", "seed", "count", "attempts", "clues",
// "cage_size", "backend", "timeout_ms" and "nodes", read by
// generate.Request as the CLI's generate reads its flags.
//
// # The page
//
// static/ holds the page: plain HTML, CSS and JavaScript, embedded in the
// binary, with no build step and nothing fetched from elsewhere. app.js
// keeps the puzzle as givens in a grid (or, for a puzzle that came with
// rules of its own or pencil-mark givens, as its f-puzzles document with
// the givens written back into it), calls the API and shows the answers,
// and keeps the links that open the puzzle in SudokuPad and f-puzzles
// those of the puzzle it holds: they follow every given typed and every
// rule checked (/api/parse of the page's puzzle), so that none leaves a
// rule behind; draw.js draws the
// grid and the rules of the document (regions, cages with their totals,
// lines, dots, marks and clues outside the grid) as SVG, and the replay
// of a search from its events. The page has three modes: entering givens;
// play, whose game (digits, corner and centre marks, colours, undo and
// redo, time) play.js keeps per puzzle in the browser's local storage and
// checks against the solution /api/verify proves unique; and set, where
// editor.js changes the document as the setter draws (cages, lines, dots,
// cell marks, little killer clues) and a live verdict (/api/verify, then
// /api/count) follows each change, the request under way cancelled by the
// next. The page's own URL carries the puzzle (?mode=…&rules=…&puzzle=…,
// the puzzle last), so that a reload or a shared link opens it again.
package server
