#!/usr/bin/env bash
# X11 wire benchmark for spellcast. Run by hand, not in CI:
#
#     bash tests/bench/x11-wire.sh
#
# Starts two Xvfb servers (-displayfd, so no fixed display numbers), puts an
# `xtrace` proxy in front of each, runs a 2-player duel through the proxies and
# counts, per display, the requests, the bytes the client sends and the
# replies ("Reply to ..." lines; connection set-up not counted):
#   - for start-up, up to the first complete frame (the trace goes quiet);
#   - for one quiet turn: both players press End Move without gestures (xdotool
#     clicks on the real displays) until the next gesture phase is drawn.
# Then it reports the game's resident memory (VmRSS) for 2 players and for an
# 8-player game (8 windows on one Xvfb), and the CPU ticks (utime+stime) the
# 8-player game uses over 5 idle seconds.
#
# Environment:
#   SPELLCAST_BIN   binary to measure (default: target/release/spellcast,
#                   built with `cargo build --release` first)
#   KEEP_LOGS=1     keep the work directory with the xtrace logs
#   QUIET_SECS      how long the trace must stay unchanged to count as drawn
#                   (default 1)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
QUIET_SECS=${QUIET_SECS:-1}
IDLE_SECS=5

die() { echo "x11-wire: $*" >&2; exit 1; }

need() { # command, Debian package
    command -v "$1" >/dev/null 2>&1 ||
        die "'$1' not found; install it with: apt-get install -y $2"
}
need Xvfb xvfb
need xtrace xtrace
need xdotool xdotool
need xrdb x11-xserver-utils

# ---------------------------------------------------------------- clean-up
OUT=$(mktemp -d "${TMPDIR:-/tmp}/x11-wire.XXXXXX")
PIDS=()
SOCKETS=() # xtrace leaves its listening socket behind when killed
cleanup() {
    local p
    # Newest first: the game, then the proxies, then the servers.
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
        p=${PIDS[i]}
        kill "$p" 2>/dev/null || true
    done
    for p in "${PIDS[@]}"; do
        wait "$p" 2>/dev/null || true
    done
    rm -f "${SOCKETS[@]}"
    if [[ ${KEEP_LOGS:-0} == 1 ]]; then
        echo "x11-wire: logs kept in $OUT" >&2
    else
        rm -rf "$OUT"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- binary
if [[ -n ${SPELLCAST_BIN:-} ]]; then
    BIN=$SPELLCAST_BIN
else
    need cargo cargo
    echo "x11-wire: cargo build --release" >&2
    (cd "$ROOT" && cargo build --release --quiet --bin spellcast) ||
        die "cargo build --release failed"
    BIN=$ROOT/target/release/spellcast
fi
[[ -x $BIN ]] || die "no executable at $BIN"

# ---------------------------------------------------------------- helpers
XN=
start_xvfb() { # width; sets XN to the new display number
    local fifo
    fifo=$OUT/displayfd.$RANDOM
    mkfifo "$fifo"
    Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 "$1x1200x24" \
        3>"$fifo" 2>>"$OUT/xvfb.log" &
    PIDS+=($!)
    XN=
    read -r -t 10 XN <"$fifo" || true
    rm -f "$fifo"
    [[ $XN =~ ^[0-9]+$ ]] || die "Xvfb did not report a display within 10 s (see $OUT/xvfb.log)"
}

FN=
start_xtrace() { # real display number, log file; sets FN to the fake display
    local n
    for ((n = 40; n < 200; n++)); do
        [[ -e /tmp/.X11-unix/X$n || -e /tmp/.X$n-lock ]] && continue
        xtrace -n -k -D ":$n" -d ":$1" -o "$2" >>"$OUT/xtrace.err" 2>&1 &
        local pid=$!
        local t
        for ((t = 0; t < 100; t++)); do
            [[ -S /tmp/.X11-unix/X$n ]] && break
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.02
        done
        if [[ -S /tmp/.X11-unix/X$n ]] && kill -0 "$pid" 2>/dev/null; then
            PIDS+=("$pid")
            SOCKETS+=("/tmp/.X11-unix/X$n")
            FN=$n
            return 0
        fi
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    die "xtrace could not listen on any display :40-:199 (see $OUT/xtrace.err)"
}

windows() { # display number -> number of spellcast windows
    DISPLAY=:$1 xdotool search --name '^Spellcast' 2>/dev/null | wc -l
}

wait_windows() { # display number, count, timeout in s
    local t
    for ((t = 0; t < $3 * 20; t++)); do
        (($(windows "$1") >= $2)) && return 0
        kill -0 "$GAME" 2>/dev/null || die "spellcast exited early (see $OUT/game.log)"
        sleep 0.05
    done
    die "no $2 spellcast window(s) on :$1 after $3 s (see $OUT/game.log)"
}

size_of() { stat -c %s "$1"; }

wait_quiet() { # timeout in s, files... : until none has grown for QUIET_SECS
    local timeout=$1 start now last_change sizes new f
    shift
    start=$(date +%s.%N)
    last_change=$start
    sizes=""
    while :; do
        new=""
        for f in "$@"; do new+="$(size_of "$f") "; done
        now=$(date +%s.%N)
        if [[ $new != "$sizes" ]]; then
            sizes=$new
            last_change=$now
        elif awk -v a="$now" -v b="$last_change" -v q="$QUIET_SECS" 'BEGIN { exit !(a - b >= q) }'; then
            return 0
        fi
        awk -v a="$now" -v b="$start" -v t="$timeout" 'BEGIN { exit !(a - b >= t) }' &&
            die "X traffic did not settle within $timeout s"
        sleep 0.1
    done
}

# Counts requests, request bytes, replies and errors of an xtrace log from line
# $2 on (1 = whole log). Request lines are "CCC:<:SEQ: LEN: ...", replies
# "CCC:>:SEQ:LEN: Reply to ..." (or "unexpected Reply" for extensions xtrace
# does not decode); the connection set-up lines have no sequence number.
count() { # log, first line -> "requests bytes replies errors connections"
    tail -n +"$2" "$1" | awk '
        /^[0-9a-f]+:<:[0-9a-f]+: *[0-9]+: / {
            split($0, f, ":"); req++; bytes += f[4] + 0; conn[f[1]] = 1; next }
        /^[0-9a-f]+:>:[0-9a-f]+:[0-9]+: (Reply to|unexpected Reply)/ { rep++; next }
        /^[0-9a-f]+:>:[0-9a-f]+:[0-9]+: .*Error/ { err++; next }
        END { n = 0; for (c in conn) n++; printf "%d %d %d %d %d\n", req, bytes, rep, err, n }'
}

lines_of() { wc -l <"$1"; }

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

cpu_ticks() { # utime + stime (fields 14 and 15; comm may contain spaces)
    sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}

# ---------------------------------------------------------------- 2 players
start_xvfb 1600; D1=$XN
start_xvfb 1600; D2=$XN
printf 'spellcast*name: Alice\n' | DISPLAY=:$D1 xrdb -nocpp -load -
printf 'spellcast*name: Bob\n' | DISPLAY=:$D2 xrdb -nocpp -load -
start_xtrace "$D1" "$OUT/trace1.log"; F1=$FN
start_xtrace "$D2" "$OUT/trace2.log"; F2=$FN
echo "x11-wire: displays :$D1 :$D2, traced as :$F1 :$F2" >&2

DISPLAY=:$F1 "$BIN" ":$F2" >"$OUT/game.log" 2>&1 &
GAME=$!
PIDS+=("$GAME")

wait_windows "$D1" 1 20
wait_windows "$D2" 1 20
wait_quiet 30 "$OUT/trace1.log" "$OUT/trace2.log"

read -r S1_REQ S1_BYTES S1_REP S1_ERR S1_CONN < <(count "$OUT/trace1.log" 1)
read -r S2_REQ S2_BYTES S2_REP S2_ERR S2_CONN < <(count "$OUT/trace2.log" 1)
L1=$(($(lines_of "$OUT/trace1.log") + 1))
L2=$(($(lines_of "$OUT/trace2.log") + 1))

# One quiet turn: End Move (window (107,592), root (207,692)) on both displays.
DISPLAY=:$D1 xdotool mousemove 207 692 click 1
DISPLAY=:$D2 xdotool mousemove 207 692 click 1
# The turn is over on a display once its button has said "Move ENDED." and
# then "End Move" again (the next gesture phase); then let the traffic settle.
turn_over() { # log, first line
    tail -n +"$2" "$1" | awk '/ImageText8 .*string=.Move ENDED/ { e = 1 }
        e && /ImageText8 .*string=.End Move/ { found = 1 } END { exit !found }'
}
for ((t = 0; ; t++)); do
    turn_over "$OUT/trace1.log" "$L1" && turn_over "$OUT/trace2.log" "$L2" && break
    ((t < 300)) || die "the quiet turn did not end within 15 s (no 'Move ENDED' then 'End Move' drawn; see KEEP_LOGS=1)"
    sleep 0.05
done
wait_quiet 30 "$OUT/trace1.log" "$OUT/trace2.log"

read -r T1_REQ T1_BYTES T1_REP T1_ERR _ < <(count "$OUT/trace1.log" "$L1")
read -r T2_REQ T2_BYTES T2_REP T2_ERR _ < <(count "$OUT/trace2.log" "$L2")

RSS2=$(rss_kb "$GAME")
kill "$GAME" 2>/dev/null || true
wait "$GAME" 2>/dev/null || true

# ---------------------------------------------------------------- 8 players
start_xvfb 2048; D8=$XN
DISPLAY=:$D8 "$BIN" "" "" "" "" "" "" "" >"$OUT/game8.log" 2>&1 &
GAME=$!
PIDS+=("$GAME")
wait_windows "$D8" 8 20
# Settled when the game has used no CPU for a whole second (drawing done).
prev=-1
for ((t = 0; t < 30; t++)); do
    cur=$(cpu_ticks "$GAME")
    [[ $cur == "$prev" ]] && break
    prev=$cur
    sleep 1
done
RSS8=$(rss_kb "$GAME")
CPU0=$(cpu_ticks "$GAME")
sleep "$IDLE_SECS"
CPU1=$(cpu_ticks "$GAME")
IDLE=$((CPU1 - CPU0))
kill -0 "$GAME" 2>/dev/null || die "8-player spellcast exited (see $OUT/game8.log)"

# ---------------------------------------------------------------- report
verdict() { # value, limit -> ok / OVER
    if (($1 <= $2)); then echo ok; else echo OVER; fi
}
row() { # measure, target, original, measured, verdict
    printf '%-42s %-12s %-10s %-14s %s\n' "$@"
}
echo
echo "spellcast X11 wire ($("$BIN" --version 2>/dev/null || echo spellcast), 2 players unless noted)"
row "measure" "target" "original" "measured" ""
row "start-up replies, display 1 / 2" "<= 6" "10" "$S1_REP / $S2_REP" "$(verdict $((S1_REP > S2_REP ? S1_REP : S2_REP)) 6)"
row "start-up requests, display 1 / 2" "-" "353" "$S1_REQ / $S2_REQ" ""
row "start-up bytes sent, display 1 / 2" "-" "16.5 KB" "$S1_BYTES / $S2_BYTES" ""
row "quiet turn replies, display 1 / 2" "0" "0" "$T1_REP / $T2_REP" "$(verdict $((T1_REP + T2_REP)) 0)"
row "quiet turn requests, display 1 / 2" "-" "70" "$T1_REQ / $T2_REQ" ""
row "quiet turn bytes sent, display 1 / 2" "<= 1872" "1872" "$T1_BYTES / $T2_BYTES" "$(verdict $((T1_BYTES > T2_BYTES ? T1_BYTES : T2_BYTES)) 1872)"
row "resident memory, 2 players (kB)" "<= 3428" "3428" "$RSS2" "$(verdict "$RSS2" 3428)"
row "resident memory, 8 players (kB)" "report" "-" "$RSS8" ""
row "CPU ticks over ${IDLE_SECS} idle s, 8 windows" "0" "0" "$IDLE" "$(verdict "$IDLE" 0)"
if ((S1_ERR + S2_ERR + T1_ERR + T2_ERR > 0)); then
    echo "X errors: start-up $S1_ERR / $S2_ERR, turn $T1_ERR / $T2_ERR"
fi
if ((S1_CONN != 1 || S2_CONN != 1)); then
    echo "note: connections per display: $S1_CONN / $S2_CONN (all counted)"
fi
