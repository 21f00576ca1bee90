#!/usr/bin/env bash
# Regenerates BENCHMARKS.md (tables and plots) from ../shared/data and testdata/.
# Usage: scripts/benchmarks.sh [MAX]   (MAX puzzles per 9x9 file, default 5000)
# Takes several minutes; run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-5000}
data=../shared/data
out=BENCHMARKS.md
bindir=$(mktemp -d)
bin=$bindir/sudokit
go build -o "$bindir/" ./cmd/sudokit ./cmd/sudokit-plot ./cmd/sudokit-queue # bench --plot finds sudokit-plot beside sudokit
export NO_PROGRESS=1

sets=(sudoku17 puzzles2_17_clue qqwing_generated_1000 puzzles3_magictour_top1465 top95.txt hardest.txt
      puzzles6_forum_hardest_1106 puzzles5_forum_hardest_1905_11+ puzzles7_serg_benchmark)
files=()
for s in "${sets[@]}"; do
  [ -f "$data/$s" ] && files+=("$data/$s")
done
if [ ${#files[@]} -eq 0 ]; then
  echo "benchmarks: $data is missing" >&2
  exit 1
fi

# exit 3: some puzzle gave up; exit 2: a backend refused a puzzle's rule (DLX and a sum too large
# for exact cover). The table shows both (gave up, errors).
bench() {
  local rc=0
  "$bin" bench --markdown "$@" || rc=$?
  [ "$rc" -eq 0 ] || [ "$rc" -eq 2 ] || [ "$rc" -eq 3 ]
}

{
  cat <<HEAD
# sudokit benchmarks

Regenerate with \`scripts/benchmarks.sh\` (this file and \`docs/bench-*.svg\`). Machine: $(nproc) cores,
$(go version | cut -d' ' -f3), $(date -u +%Y-%m-%d). The machines here are shared and noisy: treat
differences under 1.5x as noise and read the ratios. Every solution was checked by the referee
(\`wrong\` counts rejected solutions). Columns: puzzles/s is wall-clock throughput with \`-j\`
workers; times are per puzzle; \`nodes\` are search nodes (DLX, prop and backtracking), \`no guess\` the
puzzles DLX or prop solved without branching; \`vars\`/\`clauses\` are what gini gets after the givens are
propagated (0 when propagation alone solved the puzzle), \`solve calls\` the calls to gini.

HEAD
  cat scripts/benchmarks-conclusions.md
  cat <<SEC
## 9x9, first solution, one worker (\`--mode first -j 1 --max $max\`)

SEC
  bench --mode first -j 1 --max "$max" --backends dlx,sat,prop "${files[@]}"
  cat <<'SEC'

## 9x9, uniqueness (count to 2), one worker (`--mode unique -j 1`)

SEC
  bench --mode unique -j 1 --max "$max" --backends dlx,sat,prop "${files[@]}"
  cat <<'SEC'

## The brute-force baseline (`--backends backtrack,dlx --nodes 2000000 --max 100 -j 1`)

Plain cell-by-cell backtracking (first empty cell in reading order, digits ascending) under a budget
of 2,000,000 placements per puzzle; `gave up` counts the puzzles it could not finish within it.
DLX runs on the same 100 puzzles for comparison, node for node.

SEC
  bench --mode first -j 1 --max 100 --nodes 2000000 --backends backtrack,dlx "${files[@]}"
  cat <<'SEC'

## Two workers against one (`sudoku17`, 20,000 puzzles)

SEC
  bench --mode first -j 1 --max 20000 --backends dlx,sat,prop "$data/sudoku17"
  bench --mode first -j 2 --max 20000 --backends dlx,sat,prop "$data/sudoku17" | tail -n +3
  cat <<'SEC'

## Larger grids (`testdata/16x16-45.txt`, `testdata/25x25-42.txt`; `--timeout 10s -j 1`)

Random puzzles: a shuffled valid grid with 45% (16x16) or 42% (25x25) of its cells kept at random,
near the hardness peak of Latin-square completion; most have several solutions.

SEC
  bench --mode first -j 1 --timeout 10s --backends dlx,sat,auto,prop testdata/16x16-45.txt testdata/25x25-42.txt
  cat <<'SEC'

## Variants: DLX, SAT and propagation (`variants/testdata/fpuzzles`, `--mode unique -j 1 --timeout 60s`)

The published variant puzzles of the tests (f-puzzles links, one file per variant family; see
`variants/testdata/README.md` for their sources), each proven unique by each backend.

SEC
  bench --mode unique -j 1 --timeout 60s --backends dlx,sat,auto,prop variants/testdata/fpuzzles/*.txt
  cat scripts/benchmarks-sums.md
  bench --mode unique -j 1 --timeout 5s --backends dlx,sat,auto,prop testdata/killers/killers.links.txt testdata/killers/arrows.links.txt
  cat scripts/benchmarks-sums-notes.md scripts/benchmarks-grades.md
  scripts/benchmarks-generate.sh "$bin"
  scripts/benchmarks-canon.sh "$bin"
  scripts/benchmarks-queue.sh "$bindir"
  # The engine families on the same sets, one worker, 2 s per puzzle, first solution; the outside
  # programs that are installed join (they answer in a temporary directory, killed at the timeout).
  engines=dlx,sat,prop,backtrack,anneal
  for p in glpsol cbc minisat minizinc; do
    if command -v "$p" >/dev/null 2>&1; then engines+=",$p"; fi
  done
  fam=(--mode first -j 1 --timeout 2s --backends "$engines")
  cat scripts/benchmarks-engines.md
  bench "${fam[@]}" testdata/qqwing-easy-20.txt
  bench "${fam[@]}" --max 20 testdata/top95.txt | tail -n +3
  bench "${fam[@]}" testdata/top95.txt | tail -n +3
  bench "${fam[@]}" --max 10 testdata/16x16-45.txt | tail -n +3
  bench "${fam[@]}" testdata/killers/killers.links.txt | tail -n +3
  cat <<'SEC'

From `../shared/data` (not in the repository): the first 100 of qqwing's easy puzzles and the first 20
of the forum's hardest for backtracking (`puzzles6_forum_hardest_1106`).

SEC
  bench "${fam[@]}" --max 100 "$data/qqwing_generated_1000"
  bench "${fam[@]}" --max 20 "$data/puzzles6_forum_hardest_1106" | tail -n +3
} > "$out.tmp"

mkdir -p docs
"$bin" bench --mode first -j 1 --nodes 2000000 --backends dlx,sat,prop,backtrack --plot docs/bench-9x9.svg \
  "$data/top95.txt" "$data/hardest.txt" "$data/puzzles6_forum_hardest_1106" >/dev/null || true
"$bin" bench --mode first -j 1 --timeout 10s --backends dlx,sat,prop --plot docs/bench-25x25.svg \
  testdata/16x16-45.txt testdata/25x25-42.txt >/dev/null || true

{
  cat <<'SEC'

## Plots

Per-puzzle time against search nodes, and each backend's time distribution:
9x9 hard sets (top95, hardest, forum hardest 1106) with the backtracking baseline:

![9x9](docs/bench-9x9.svg)

16x16 and 25x25:

![large grids](docs/bench-25x25.svg)
SEC
  cat scripts/benchmarks-analysis.md
} >> "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out"
