#!/usr/bin/env bash
# Checks count --estimate against exact counts: every puzzle of testdata/serg_benchmark_20.txt (52 to 872
# solutions each) estimated with PROBES probes (default 1000) and counted exactly with count --limit 0; prints
# one line per puzzle (estimate, standard error, 95% interval, exact count, inside or not, |z|) and a summary.
# Needs jq. Usage: scripts/estimate-serg.sh [PROBES]
set -euo pipefail
cd "$(dirname "$0")/.."
probes=${1:-1000}
dir=$(mktemp -d)
go build -o "$dir/sudokit" ./cmd/sudokit
/usr/bin/time -f "CPU: %U s user, %S s system" "$dir/sudokit" count --estimate --backend dlx --probes "$probes" --json -j1 \
  testdata/serg_benchmark_20.txt > "$dir/est.json"
"$dir/sudokit" count --limit 0 --backend dlx testdata/serg_benchmark_20.txt > "$dir/exact.txt"
paste <(jq -r '.estimate | "\(.mean) \(.stderr) \(.low95) \(.high95)"' "$dir/est.json") "$dir/exact.txt" | awk '
  { in95 = ($5 >= $3 && $5 <= $4); n++; c += in95; z = ($1 - $5) / ($2 > 0 ? $2 : 1); if (z < 0) z = -z
    one += (z <= 1); r = ($1 - $5) / $5; rel += r; sq += r * r
    printf "%8.1f ± %6.1f  [%7.1f, %7.1f]  exact %5d  %-3s |z| %.2f\n", $1, $2, $3, $4, $5, in95 ? "in" : "OUT", z }
  END { printf "%d of %d exact counts inside the 95%% interval, %d within one standard error; mean relative error %.3f, rms %.3f\n", c, n, one, rel / n, sqrt(sq / n) }'
