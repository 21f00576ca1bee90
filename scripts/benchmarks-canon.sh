#!/usr/bin/env bash
# Prints the "Canonical forms" section of BENCHMARKS.md: the canon package's benchmarks (one core,
# wall and CPU time per form) and sudokit dedupe over the two 17-clue lists of ../shared/data.
# scripts/benchmarks.sh runs it with its sudokit binary; alone it builds one. Takes about a minute
# on an idle machine.
# Usage: scripts/benchmarks-canon.sh [SUDOKIT]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$bin" ]; then
  bin=$tmp/sudokit
  go build -o "$bin" ./cmd/sudokit
fi
export NO_PROGRESS=1
data=../shared/data
n=2000
go test -c -o "$tmp/canon.test" ./canon

cat <<SEC

## Canonical forms (\`go test ./canon -run '^\$' -bench . -benchtime ${n}x -cpu 1\`)

Minlex canonical forms of 9x9 grids and puzzles on one core (\`canon.Form.Canon\`, which allocates
nothing): random full grids, random puzzles of about 27 givens (a third of a random grid's cells),
the 95 hard puzzles of \`testdata/top95.txt\` and the empty grid (every transformation ties). Wall
time is what \`testing.B\` reports; CPU time is the test process's user time divided by the forms
made, which a busy shared machine inflates less. Choices are the rows and columns the search tried
per form, of the 3,359,232 transformations of the group. Machine load average when measured:
$(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores.

| benchmark | forms/s (wall) | µs per form (wall) | µs per form (CPU) | forms/s per core (CPU) | choices per form | allocs/op |
|---|---:|---:|---:|---:|---:|---:|
SEC
for b in Grid Puzzle Top95 Empty; do
  (cd canon && /usr/bin/time -f "%U" -o "$tmp/user" "$tmp/canon.test" -test.run '^$' -test.bench "^Benchmark$b\$" \
    -test.benchtime "${n}x" -test.cpu 1 -test.benchmem) > "$tmp/out"
  awk -v b="$b" -v n="$n" -v user="$(cat "$tmp/user")" '
    $1 ~ /^Benchmark/ {
      for (i = 2; i < NF; i++) {
        if ($(i+1) == "ns/op") ns = $i
        if ($(i+1) == "nodes/op") nodes = $i
        if ($(i+1) == "allocs/op") allocs = $i
      }
      cpu = user / n * 1e6
      printf "| %s | %.0f | %.1f | %.1f | %.0f | %.0f | %s |\n", b, 1e9 / ns, ns / 1e3, cpu, 1e6 / cpu, nodes, allocs
    }' "$tmp/out"
done

if [ -f "$data/sudoku17" ] && [ -f "$data/puzzles2_17_clue" ]; then
  cat <<'SEC'

`sudokit dedupe -j 2 ../shared/data/sudoku17 ../shared/data/puzzles2_17_clue`, the two lists of
17-clue puzzles (Royle's, and tdoku's file of all known ones), 98,309 puzzles:

SEC
  /usr/bin/time -f "%e %U" -o "$tmp/time" "$bin" dedupe -j 2 "$data/sudoku17" "$data/puzzles2_17_clue" > "$tmp/dd"
  "$bin" dedupe --dups "$data/puzzles2_17_clue" "$data/sudoku17" > "$tmp/dups"
  read -r wall user < "$tmp/time"
  awk -v wall="$wall" -v user="$user" -v distinct="$(wc -l < "$tmp/dd")" \
      -v dups="$(wc -l < "$tmp/dups")" -v from17="$(grep -c '^[^	]*sudoku17:' "$tmp/dups" || true)" 'BEGIN {
    printf "| puzzles | distinct | repeats | repeats from sudoku17 | wall s | CPU s | puzzles/s per core (CPU) |\n"
    printf "|---:|---:|---:|---:|---:|---:|---:|\n"
    printf "| 98,309 | %d | %d | %d | %.1f | %.1f | %.0f |\n", distinct, dups, from17, wall, user, 98309 / user
  }'
  awk -v distinct="$(wc -l < "$tmp/dd")" -v from17="$(grep -c '^[^	]*sudoku17:' "$tmp/dups" || true)" \
      -v own="$(grep -c '^[^	]*puzzles2_17_clue:' "$tmp/dups" || true)" 'BEGIN {
    if (distinct == 49158 && own == 0 && from17 == 49151)
      print "\nRead first, `puzzles2_17_clue` repeats none of its 49,158 puzzles, and every puzzle of `sudoku17` is\none of them moved by a symmetry and relabelled."
  }'
fi

cat <<'SEC'

For scale: minlex programs in C are reported at about a million full grids per second per core
(a figure quoted, not measured here). This package searches the group directly, with pruning and no
precomputed tables (a band, for instance, is one of only 416 kinds up to symmetry, which a table
could exploit), so that one search serves every box shape up to 9x9 and puzzles as well as grids;
per grid it is two to three orders of magnitude slower. A puzzle costs less than a grid: its blanks
decide the first rows quickly, and most of its choices are column orders that tie on the top band
(columns blank there), which only the lower rows tell apart.
SEC
