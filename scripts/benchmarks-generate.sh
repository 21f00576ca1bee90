#!/usr/bin/env bash
# Prints the "Generation" section of BENCHMARKS.md: sudokit generate against qqwing --generate
# (when qqwing is installed), one thread each, side by side; per-puzzle medians of the larger grids,
# killers and clues; the grade distribution of generated puzzles. scripts/benchmarks.sh runs it with its
# sudokit binary; alone it builds one. Takes about five minutes.
# Usage: scripts/benchmarks-generate.sh [SUDOKIT]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
  bin=$(mktemp -d)/sudokit
  go build -o "$bin" ./cmd/sudokit
fi
export NO_PROGRESS=1
qq=$(command -v qqwing || true)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# rate N CMD...: runs CMD, which makes N puzzles, and prints its wall time and puzzles per second.
rate() {
  local n=$1 t0 t1
  shift
  t0=$(date +%s.%N)
  "$@" >/dev/null
  t1=$(date +%s.%N)
  awk -v n="$n" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f %.1f", b - a, n / (b - a) }'
}

# row LABEL N REF CMD...: a row of the speed table; REF is qqwing's puzzles/s to compare with, or -.
row() {
  local label=$1 n=$2 ref=$3 r
  shift 3
  r=$(rate "$n" "$@")
  awk -v l="$label" -v n="$n" -v r="$r" -v ref="$ref" 'BEGIN {
    split(r, x, " "); x_ref = (ref == "-") ? "" : sprintf("%.1fx", x[2] / ref)
    printf "| %s | %d | %.2f s | %.0f | %s |\n", l, n, x[1], x[2], x_ref }'
}

# median LABEL CMD...: CMD prints generate --json records; a row with the median and slowest time
# per puzzle and the mean givens.
median() {
  local label=$1
  shift
  "$@" | sed -n 's/.*"givens":\([0-9]*\).*"elapsed_ns":\([0-9]*\).*/\2 \1/p' | sort -n |
    awk -v l="$label" '{ t[NR] = $1; g += $2 } END {
      printf "| %s | %d | %.3f s | %.3f s | %.1f |\n", l, NR, t[int((NR + 1) / 2)] / 1e9, t[NR] / 1e9, g / NR }'
}

# grades LABEL FILE: a row of the grade table: givens (mean, min–max) and sudokit grade's levels.
grades() {
  local label=$1 file=$2
  awk -v l="$label" '{ n = gsub(/[1-9]/, "&"); s += n; if (NR == 1 || n < lo) lo = n; if (n > hi) hi = n }
    END { printf "| %s | %.1f (%d–%d) |", l, s / NR, lo, hi }' "$file"
  "$bin" grade -j 2 "$file" | sed 's/ (.*//' | awk '{ c[$1]++ } END {
    printf " %d | %d | %d | %d | %d | %d |\n", c["simple"], c["easy"], c["intermediate"], c["expert"], c["extreme"], c["search"] }'
}

qqrate() { # N ARGS...: qqwing's puzzles/s, or - without qqwing
  local n=$1
  shift
  if [ -z "$qq" ]; then echo -; return; fi
  rate "$n" "$qq" --generate "$n" --one-line "$@" | cut -d' ' -f2
}

cat <<'SEC'

## Generation

`sudokit generate` against `qqwing --generate`, one thread each, run side by side (wall time,
process start included); `vs qqwing` divides by the qqwing row above it:

| run | puzzles | time | puzzles/s | vs qqwing |
|---|---:|---:|---:|---:|
SEC
q=$(qqrate 3000)
[ -n "$qq" ] && echo "| \`qqwing --generate 3000 --one-line\` | 3000 | | $q | |"
row '`sudokit generate -n 3000 -j 1 --seed 1`' 3000 "$q" "$bin" generate -n 3000 -j 1 --seed 1
row '`sudokit generate -n 3000 -j 1 --seed 1 --minimal` (strictly minimal)' 3000 "$q" "$bin" generate -n 3000 -j 1 --seed 1 --minimal
q=$(qqrate 3000 --symmetry rotate180)
[ -n "$qq" ] && echo "| \`qqwing --generate 3000 --symmetry rotate180 --one-line\` | 3000 | | $q | |"
row '`sudokit generate -n 3000 -j 1 --seed 1 --symmetry rotate180 --minimal`' 3000 "$q" "$bin" generate -n 3000 -j 1 --seed 1 --symmetry rotate180 --minimal
row '`sudokit generate -n 300 -j 1 --seed 1 --symmetry rotate180 --minimal`' 300 "$q" "$bin" generate -n 300 -j 1 --seed 1 --symmetry rotate180 --minimal
q=$(qqrate 1000 --difficulty expert)
[ -n "$qq" ] && echo "| \`qqwing --generate 1000 --difficulty expert --one-line\` | 1000 | | $q | |"
row '`sudokit generate -n 1000 -j 1 --seed 1 --difficulty expert+` (qqwing'"'"'s expert)' 1000 "$q" "$bin" generate -n 1000 -j 1 --seed 1 --difficulty expert+
row '`sudokit generate -n 1000 -j 1 --seed 1 --difficulty expert`' 1000 "$q" "$bin" generate -n 1000 -j 1 --seed 1 --difficulty expert
row '`sudokit generate -n 1000 -j 1 --seed 1 --difficulty simple`' 1000 - "$bin" generate -n 1000 -j 1 --seed 1 --difficulty simple

cat <<'SEC'

Larger grids, killers and clues (their default number: N-1 arrows or thermometers, N/2 little
killers), one thread, time per puzzle (`--json` records' `elapsed_ns`):

| run | puzzles | median | slowest | givens |
|---|---:|---:|---:|---:|
SEC
median '`--size 16 --minimal`' "$bin" generate --json -n 10 -j 1 --seed 1 --size 16 --minimal
median '`--size 16 --difficulty easy`' "$bin" generate --json -n 10 -j 1 --seed 1 --size 16 --difficulty easy
median '`--size 25 --givens 400`' "$bin" generate --json -n 10 -j 1 --seed 1 --size 25 --givens 400
median '`--size 25 --difficulty easy`' "$bin" generate --json -n 10 -j 1 --seed 1 --size 25 --difficulty easy
median '`--size 25`' "$bin" generate --json -n 10 -j 1 --seed 1 --size 25
median '`--variant killer` (auto)' "$bin" generate --json -n 20 -j 1 --seed 1 --variant killer
median '`--variant killer --backend sat`' "$bin" generate --json -n 20 -j 1 --seed 1 --variant killer --backend sat
median '`--variant arrow` (prop)' "$bin" generate --json -n 20 -j 1 --seed 1 --variant arrow
median '`--variant littlekiller` (prop)' "$bin" generate --json -n 20 -j 1 --seed 1 --variant littlekiller
median '`--variant thermo` (prop)' "$bin" generate --json -n 20 -j 1 --seed 1 --variant thermo
median '`--variant arrow --minimal`' "$bin" generate --json -n 20 -j 1 --seed 1 --variant arrow --minimal
median '`--size 16 --variant arrow`' "$bin" generate --json -n 5 -j 1 --seed 1 --size 16 --variant arrow
median '`--size 16 --variant littlekiller`' "$bin" generate --json -n 5 -j 1 --seed 1 --size 16 --variant littlekiller
median '`--size 16 --variant thermo`' "$bin" generate --json -n 5 -j 1 --seed 1 --size 16 --variant thermo

cat <<'SEC'

Grades of 1,000 generated puzzles each (`sudokit grade`), and givens per puzzle. Without a
symmetry the puzzles are strictly minimal as they come (`--minimal` only checks it: the same
puzzles); with one, no symmetric class of givens can go (`--minimal` again the same puzzles):

| puzzles | givens: mean (min–max) | simple | easy | intermediate | expert | extreme | search |
|---|---|---:|---:|---:|---:|---:|---:|
SEC
"$bin" generate -n 1000 --seed 1 >"$tmp/default"
grades '`sudokit generate -n 1000 --seed 1`' "$tmp/default"
"$bin" generate -n 1000 --seed 1 --symmetry rotate180 >"$tmp/rotate180"
grades '`… --symmetry rotate180`' "$tmp/rotate180"
"$bin" generate -n 1000 --seed 1 --difficulty simple >"$tmp/simple"
grades '`… --difficulty simple`' "$tmp/simple"
"$bin" generate -n 1000 --seed 1 --difficulty expert >"$tmp/expert"
grades '`… --difficulty expert`' "$tmp/expert"
if [ -n "$qq" ]; then
  "$qq" --generate 1000 --csv --stats >"$tmp/qq.csv"
  cut -d, -f1 "$tmp/qq.csv" | tail -n +2 >"$tmp/qq"
  grades '`qqwing --generate 1000`' "$tmp/qq"
  cat <<'SEC'

qqwing's own grades of the same 1,000 (`--csv --stats`; its expert means it had to guess):

| simple | easy | intermediate | expert |
|---:|---:|---:|---:|
SEC
  tail -n +2 "$tmp/qq.csv" | awk -F, '{ c[$11]++ } END {
    printf "| %d | %d | %d | %d |\n", c["Simple"], c["Easy"], c["Intermediate"], c["Expert"] }'
fi
cat scripts/benchmarks-generate.md
