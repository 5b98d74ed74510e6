#!/usr/bin/env bash
# The robustness inputs (docs/limits.md) that used to panic, hang or flood the runner, each run by the release
# CLI with its wall time, peak RSS and exit status (0 ran, 4 invalid, 3 over the work budget).
#   bash scripts/reproducers.sh            # builds target/release/settle if needed
# Needs GNU time (/usr/bin/time). Figures are reported in docs/limits.md.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${SETTLE:-}" ] && SETTLE_GIVEN=1
SETTLE=${SETTLE:-target/release/settle}
# Rebuilt every time (a no-op when fresh), so the figures are of this tree; SETTLE=<path>
# measures another binary as it is.
[ -n "${SETTLE_GIVEN:-}" ] || cargo build --release -q -p settle-cli
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
MAX=18446744073709551615

python3 - "$dir" "$MAX" <<'PY'
import json, sys
d, MAX = sys.argv[1], int(sys.argv[2])
def w(name, doc):
    with open(f"{d}/{name}.json", "w") as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc))
w("01-jitter-max", f'{{"settle":1,"actors":[{{"kind":"sender","name":"S","jitter_ms":{MAX}}}]}}')
w("02-processing-0-max", f'{{"settle":1,"actors":[{{"kind":"receiver","name":"R","processing_ms":[0,{MAX}]}}]}}')
w("03-rtt-near-max", f'{{"settle":1,"actors":[{{"kind":"sender","name":"S","rtt_ms":{MAX-1}}}]}}')
w("04-dlq-abandon-processing-0", {"settle": 1, "run_until_ms": 60000,
   "queue": {"max_delivery_count": 1},
   "actors": [{"kind": "sender", "name": "S", "count": 1},
              {"kind": "receiver", "name": "R", "outcome": "abandon", "processing_ms": 0},
              {"kind": "receiver", "name": "D", "from": "dead_letter", "outcome": "abandon",
               "processing_ms": 0}]})
w("05-receiver-start-max", f'{{"settle":1,"run_until_ms":60000,"actors":[{{"kind":"receiver","name":"R","start_ms":{MAX}}}]}}')
w("06-prefetch-max", f'{{"settle":1,"run_until_ms":60000,"actors":[{{"kind":"sender","name":"S","count":5}},{{"kind":"receiver","name":"R","prefetch":{MAX}}}]}}')
w("07-1e10-ms-idle-receivers", {"settle": 1, "run_until_ms": 10**10,
   "actors": [{"kind": "receiver", "name": f"R{i}", "poll_ms": 1} for i in range(3)]})
w("08-1000-idle-receivers-60s", {"settle": 1, "run_until_ms": 60000,
   "actors": [{"kind": "receiver", "name": f"R{i}"} for i in range(1000)]})
w("09-sender-3000x100KB", {"settle": 1, "run_until_ms": 600000,
   "actors": [{"kind": "sender", "name": "S", "count": 3000, "body": "x" * 100_000}]})
PY

printf '%-30s %6s %9s %11s  %s\n' reproducer exit wall_s peak_rss_MB "first line of stderr"
for f in "$dir"/*.json; do
  name=$(basename "$f" .json)
  set +e
  /usr/bin/time -f '%e %M' -o "$dir/time" "$SETTLE" run "$f" >/dev/null 2>"$dir/err"
  code=$?
  set -e
  read -r wall rss < <(tail -n 1 "$dir/time")
  printf '%-30s %6s %9s %11.1f  %s\n' "$name" "$code" "$wall" "$(awk "BEGIN{print $rss/1024}")" \
    "$(head -c 110 "$dir/err" | head -n 1)"
done
