#!/usr/bin/env bash
# The timing check of scripts/timing/timing.ts on a machine with many cores: shards of `tabula
# match|tournament`, each at concurrency 2 and pinned to 2 cores of its own (`taskset`), as on a
# 2-core machine; each killed after SECONDS, then its stored games' failures and answer times.
# Results go under $OUT (default .).
#   npm run build && scripts/timing/shards.sh SECONDS "NAME SHARDS TABULA-ARGS..." ...
# e.g. scripts/timing/shards.sh 470 "mills 2 match mills builtin:strong builtin:strong --games 4000"
# The same runs as timing.ts: Lines of Action's bots as "builtin:strong(opening=4)"; RummiKode's
# tables as "rummikode3 2 tournament rummikode builtin:strong builtin:greedy builtin:random
# --format gauntlet --players 3 --rounds 1000" (tables of 4: a fourth bot, builtin:greedy again).
set -u
secs=$1; shift
out=${OUT:-.}
core=0
for spec in "$@"; do
  read -r name shards args <<<"$spec"
  for k in $(seq 1 "$shards"); do
    # shellcheck disable=SC2086 # args are words of a command line
    (timeout -s KILL "$secs" taskset -c $core,$((core + 1)) node bin/tabula.js $args --seed $((${SEED_BASE:-1000} * k + 7)) \
      --concurrency 2 --db "$out/$name-$k.db" >/dev/null 2>"$out/$name-$k.err") &
    core=$((core + 2))
  done
done
wait
for db in "$out"/*.db; do
  node bin/tabula.js results --db "$db" --json | node -e '
    const name = process.argv[1], r = JSON.parse(require("fs").readFileSync(0, "utf8"));
    for (const run of r.runs)
      for (const b of run.bots)
        console.log(name, "games", run.gamesPlayed, b.name ?? b.bot, JSON.stringify(b.endings),
          "later turns median/p99/max", b.turns.medianMs, b.turns.p99Ms, b.turns.maxMs, "first turn max", b.firstTurn.maxMs,
          "failures", b.failures.length, JSON.stringify(b.failures.slice(0, 2)));
  ' "$(basename "$db" .db)"
done
