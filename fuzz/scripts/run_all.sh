#!/bin/sh
# Runs the fuzz targets one after another (one job at a time, niced), each
# for SECONDS (default 600), logging to fuzz/logs/<target>.log.
# Usage (from fuzz/): scripts/run_all.sh [SECONDS] [TARGET...]
secs=${1:-600}
[ $# -gt 0 ] && shift
targets=${*:-"position_text legal_moves pursuit_board engine_command record_import server_json"}
mkdir -p logs corpus
for t in $targets; do
    mkdir -p corpus/$t
    features=
    case $t in record_import|server_json) features="--features server" ;; esac
    echo "== $t start $(date -u +%FT%TZ)" >> logs/runs.txt
    nice -n 10 cargo +nightly fuzz run -a $features $t corpus/$t seeds/$t -- \
        -max_total_time=$secs -print_final_stats=1 > logs/$t.log 2>&1
    echo "== $t exit $? $(date -u +%FT%TZ)" >> logs/runs.txt
done
