t() { local s=$(date +%s%N); for i in $(seq 100); do "$@" >/dev/null; done; echo "$(( ($(date +%s%N)-s)/100000 )) µs  $*"; }
t sh -c true
t unshare --net -- sh -c true
t nsenter --net=/proc/18434/ns/net -- sh -c true
