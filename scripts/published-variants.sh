#!/usr/bin/env bash
# Measures backends on every puzzle of the published variant set, ../shared/data/variants: CPU time
# (user, of the whole process: both engines of auto's race and every search of prop's team count)
# and wall time to prove each puzzle unique, one process per puzzle, with a time limit. Prints one
# line per puzzle (id, verdict, CPU seconds, wall seconds) into OUT/BACKEND.txt and two summary
# tables on standard output, a row per backend: by CPU time, then by wall time.
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
  echo "| backend | loadable | decided | unique | multiple | none | unknown | median s | p90 s | max decided s | within 1 s | within $limit |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  for be in "${backends[@]}"; do
    list=$out/$be.txt
    n=$(grep -vc ' error ' "$list" || true)
    count() { grep -c " $1 " "$list" || true; }
    # The times of the decided puzzles, ascending; an undecided puzzle counts as slower than any.
    times=$(grep -E ' (unique|multiple|none) ' "$list" | cut -d' ' -f"$col" | sort -n)
    d=$(printf '%s\n' "$times" | grep -c . || true)
    at() { if [ "$1" -le "$d" ]; then printf '%s\n' "$times" | sed -n "${1}p"; else echo "—"; fi; }
    within1=$(printf '%s\n' "$times" | awk '$1 <= 1' | grep -c . || true)
    echo "| $be | $n | $d | $(count unique) | $(count multiple) | $(count none) | $(count unknown) | $(at $((n / 2 + 1))) | $(at $((n * 9 / 10 + 1))) | $(printf '%s\n' "$times" | tail -1) | $within1 | $d |"
  done
}
summary 3 "CPU time (user), seconds:"
summary 4 "Wall time, seconds:"
