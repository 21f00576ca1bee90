// Command sudokit-plot draws the pictures of sudokit bench: per-puzzle time
// against search nodes, and each backend's time distribution (see
// internal/report for what the picture shows).
//
// It reads the JSON records that "sudokit bench --json" writes, one per
// line, from the files named on its command line or from stdin, and writes
// an SVG, or a PNG when the output file's name ends in .png:
//
//	sudokit bench --json --backends dlx,sat testdata/top95.txt > run.jsonl
//	sudokit-plot -o bench.svg run.jsonl
//
// "sudokit bench --plot FILE" runs it for you: it looks for sudokit-plot
// next to its own executable, then on PATH ("go install ./cmd/..." installs
// both). The plotting library, gonum plot, is built only for this command,
// which keeps the first build of sudokit itself short.
//
// Per-puzzle records count; summary records (bench's per-file totals) and
// records of puzzles that failed with an error are skipped. A record is
// drawn as solved when its "solved" field says so (bench writes it); in
// records without that field (solve --json), when it has a status other
// than "unknown", no stop reason and no "wrong" objection. Exit codes: 0
// success, 1 the picture could not be written, 2 a usage or input error.
package main
