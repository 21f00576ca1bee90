#!/usr/bin/env bash
# Measures backends on every puzzle of the published variant set, ../shared/data/variants: CPU time
# (user, of the whole process: both engines of auto's race and every search of prop's team count)
# and wall time to prove each puzzle unique, one process per puzzle, with a time limit. Prints one
# line per puzzle (id, verdict, CPU seconds, wall seconds) into OUT/BACKEND.txt and three summary
# tables on standard output: a row per backend by CPU time, then by wall time, then the medians of
# the hard collections of sigh's Interactive Sudoku Solver (ISS) beside that solver's own times.
# Usage: scripts/published-variants.sh [LIMIT] [OUT] [BACKEND...]   (default: 5s, a temporary
# directory, auto prop sat). Takes 10 to 20 minutes per backend on a 2-core machine; run it idle.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-5s}
out=${2:-$(mktemp -d)}
shift $(( $# > 2 ? 2 : $# ))
if [ $# -gt 0 ]; then backends=("$@"); else backends=(auto prop sat); fi
data=../shared/data/variants
[ -d "$data" ] || { echo "published-variants: $data is missing" >&2; exit 1; }
bin=$(mktemp -d)/sudokit
go build -o "$bin" ./cmd/sudokit
mkdir -p "$out"
for be in "${backends[@]}"; do
  list=$out/$be.txt
  : > "$list"
  for f in "$data"/*.json; do
    id=$(basename "$f" .json)
    verdict=$(/usr/bin/time -o "$out/time" -f "%U %e" "$bin" verify -j1 --backend "$be" --timeout "$limit" "$f" 2>/dev/null | head -1 | cut -d' ' -f1 || true)
    echo "$id ${verdict:-error} $(tail -1 "$out/time")" >> "$list"
  done
done
# summary COLUMN TITLE: the table of the times in column COLUMN of the lists.
summary() {
  local col=$1
  echo
  echo "$2"
  echo
  echo "| backend | loadable | decided | unique | multiple | none | unknown | median s | p90 s | max decided s | within 1 s | within 2 s | within $limit |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  for be in "${backends[@]}"; do
    list=$out/$be.txt
    n=$(grep -vc ' error ' "$list" || true)
    count() { grep -c " $1 " "$list" || true; }
    # The times of the decided puzzles, ascending; an undecided puzzle counts as slower than any.
    times=$(grep -E ' (unique|multiple|none) ' "$list" | cut -d' ' -f"$col" | sort -n)
    d=$(printf '%s\n' "$times" | grep -c . || true)
    at() { if [ "$1" -le "$d" ]; then printf '%s\n' "$times" | sed -n "${1}p"; else echo "—"; fi; }
    within() { printf '%s\n' "$times" | awk -v s="$1" 'NF && $1 <= s' | grep -c . || true; }
    echo "| $be | $n | $d | $(count unique) | $(count multiple) | $(count none) | $(count unknown) | $(at $((n / 2 + 1))) | $(at $((n * 9 / 10 + 1))) | $(printf '%s\n' "$times" | tail -1) | $(within 1) | $(within 2) | $d |"
  done
}
summary 3 "CPU time (user), seconds:"
summary 4 "Wall time, seconds:"
# median LIST COLUMN IDS...: the median of column COLUMN over puzzles IDS, an undecided one counting
# as slower than any decided one ("—" when the median is undecided).
median() {
  local list=$1 col=$2
  shift 2
  local rows n d m
  rows=$(printf '%s\n' "$@" | awk 'NR == FNR { want[$1] = 1; next } ($1 in want)' - "$list")
  n=$(printf '%s\n' "$rows" | grep -c . || true)
  local times
  times=$(printf '%s\n' "$rows" | grep -E ' (unique|multiple|none) ' | cut -d' ' -f"$col" | sort -n)
  d=$(printf '%s\n' "$times" | grep -c . || true)
  m=$((n / 2 + 1))
  if [ "$n" -eq 0 ] || [ "$m" -gt "$d" ]; then echo "— ($d/$n)"; else echo "$(printf '%s\n' "$times" | sed -n "${m}p") ($d/$n)"; fi
}
ids() { local p=$1 a=$2 b=$3; for ((i = a; i <= b; i++)); do printf '%s-%03d\n' "$p" "$i"; done; }
echo
echo "ISS's hard collections: median CPU / wall seconds (decided/puzzles); ISS, one core, measured on this"
echo "machine kind: CPU time of its process per puzzle."
echo
printf '| collection | ISS s |'
for be in "${backends[@]}"; do printf ' %s CPU s | %s wall s |' "$be" "$be"; done
echo
printf '|---|---:|'
for be in "${backends[@]}"; do printf -- '---:|---:|'; done
echo
collection() {
  local name=$1 iss=$2
  shift 2
  printf '| %s | %s |' "$name" "$iss"
  for be in "${backends[@]}"; do
    printf ' %s | %s |' "$(median "$out/$be.txt" 3 "$@")" "$(median "$out/$be.txt" 4 "$@")"
  done
  echo
}
collection "LITTLE_KILLER_SNIPES (iss-290–304)" "about 0.3" $(ids iss 290 304)
collection "MATHEMAGIC_KILLERS (iss-305–318)" "1.9" $(ids iss 305 318)
collection "Hailstone little killer (iss-083)" "0.46" iss-083
collection "Long sums (iss-154–156)" "0.14–0.19" $(ids iss 154 156)
collection "Hard renban (iss-175–177)" "0.9–1.8" $(ids iss 175 177)
