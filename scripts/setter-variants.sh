#!/usr/bin/env bash
# Measures the setter's analyses on every puzzle of the published variant set, ../shared/data/variants:
# CPU time (user + system, of the whole process) of candidates --true and of suggest, one process per
# puzzle, each with a time limit (--timeout) over the whole analysis. Writes one line per puzzle
# (id, outcome, seconds) into OUT/candidates.txt and OUT/suggest.txt and prints a summary table.
# candidates --true: "decided" when every candidate was decided within the limit, else "undecided:N".
# suggest: the puzzle's status (unique, multiple, none, unknown) and, for multiple, how many of the
# additions it lists are known to make the puzzle unique.
# Usage: scripts/setter-variants.sh [LIMIT] [OUT] [BACKEND] [summary]   (default: 5s, a temporary directory,
# auto; "summary" prints the table of the lists already in OUT without measuring again).
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-5s}
out=${2:-$(mktemp -d)}
be=${3:-auto}
data=../shared/data/variants
[ -d "$data" ] || { echo "setter-variants: $data is missing" >&2; exit 1; }
bin=$(mktemp -d)/sudokit
go build -o "$bin" ./cmd/sudokit
mkdir -p "$out"
if [ "${4:-}" != summary ]; then
: > "$out/candidates.txt"
: > "$out/suggest.txt"
for f in "$data"/*.json; do
  id=$(basename "$f" .json)
  json=$(/usr/bin/time -o "$out/time" -f "%U %S" "$bin" candidates --true --json -j1 --backend "$be" --timeout "$limit" "$f" 2>/dev/null || true)
  t=$(tail -1 "$out/time" | awk '{print $1 + $2}')
  if [ -z "$json" ] || printf '%s' "$json" | grep -q '"error"'; then what=error
  else
    u=$(printf '%s' "$json" | sed -n 's/.*"undecided":\([0-9]*\).*/\1/p')
    if [ "${u:-x}" = 0 ]; then what=decided; else what=undecided:${u:-all}; fi
  fi
  echo "$id $what $t" >> "$out/candidates.txt"
  json=$(/usr/bin/time -o "$out/time" -f "%U %S" "$bin" suggest --json -j1 --backend "$be" --timeout "$limit" "$f" 2>/dev/null || true)
  t=$(tail -1 "$out/time" | awk '{print $1 + $2}')
  if [ -z "$json" ] || printf '%s' "$json" | grep -q '"error"'; then what=error
  else
    # The record's own status comes before its additions'.
    what=$(printf '%s' "$json" | grep -o '"status":"[a-z]*"' | head -1 | cut -d'"' -f4 || true)
    if [ "$what" = multiple ]; then what="multiple:$(printf '%s' "$json" | grep -o '"status":"unique"' | wc -l || true)"; fi
  fi
  echo "$id ${what:-unknown} $t" >> "$out/suggest.txt"
done
fi
# summary NAME FILE PATTERN: puzzles, answered (PATTERN), median, p90 and max CPU seconds of all
# loadable puzzles (an unanswered one counts at its measured time, the limit or a little more).
summary() {
  local list=$1 ok=$2 n a times
  n=$(grep -vc ' error ' "$list" || true)
  a=$(grep -Ec " ($ok) " "$list" || true)
  times=$(grep -v ' error ' "$list" | cut -d' ' -f3 | sort -n)
  at() { printf '%s\n' "$times" | sed -n "${1}p"; }
  echo "| $n | $a | $(at $((n / 2 + 1))) | $(at $((n * 9 / 10 + 1))) | $(printf '%s\n' "$times" | tail -1) |"
}
echo "| analysis ($be, limit $limit) | loadable | answered | median s | p90 s | max s |"
echo "|---|---:|---:|---:|---:|---:|"
echo "| candidates --true (every candidate decided) $(summary "$out/candidates.txt" 'decided')"
grep ' decided ' "$out/candidates.txt" > "$out/decided.txt" || true
echo "| candidates --true, the puzzles decided $(summary "$out/decided.txt" 'decided')"
echo "| suggest (status known) $(summary "$out/suggest.txt" 'unique|none|multiple:[0-9]+')"
echo
echo "suggest statuses: $(cut -d' ' -f2 "$out/suggest.txt" | sed 's/:.*//' | sort | uniq -c | tr '\n' ' ')"
echo "multiple, with a single addition known to make it unique: $(grep -Ec ' multiple:[1-9]' "$out/suggest.txt" || true)"
