#!/usr/bin/env bash
# Local RabbitMQ 4.3.6 brokers for the broker tests (test/broker).
#
# Usage: bash scripts/rabbitmq4.sh start|stop|status|env
#
#   start   (root) build or reuse a cached Debian testing ("forky") chroot holding Debian's
#           rabbitmq-server 4.3.6 and start two nodes from it, both on loopback only:
#             strict  rabbit@localhost  AMQP 5674, management 15674, distribution 25674
#                     upstream RabbitMQ 4.3 defaults: deprecated features denied
#             legacy  legacy@localhost  AMQP 5675, management 15675, distribution 25675
#                     like a 3.13-4.2 broker: transient_nonexcl_queues, global_qos and
#                     queue_master_locator permitted
#           Idempotent: nodes already running are left alone.
#   stop    (root) stop both nodes and the chroot's epmd, unmount the chroot's /proc.
#   status  say whether each node is up (exit 0 if both are, 3 otherwise).
#   env     print the export lines the tests read:  eval "$(bash scripts/rabbitmq4.sh env)"
#
# If RABBITMQ_URL is already set, that broker is used: start does nothing, env prints it back.
#
# Settings (environment): RABBITMQ4_CACHE_DIR (default /var/cache/rabbitmq4-codemod),
# RABBITMQ4_START_TIMEOUT (seconds, default 180), RABBITMQ4_DEBIAN_MIRROR (default: the first
# Debian URI of this machine's apt sources).
set -euo pipefail

PROG=rabbitmq4.sh
CACHE_ROOT=${RABBITMQ4_CACHE_DIR:-/var/cache/rabbitmq4-codemod}
CHROOT=$CACHE_ROOT/forky
LOG=$CACHE_ROOT/provision.log
SUITE=forky
EXPECTED_VERSION=4.3.6
START_TIMEOUT=${RABBITMQ4_START_TIMEOUT:-180}
DEPRECATED_FEATURES=(transient_nonexcl_queues global_qos queue_master_locator)

# Per node: name, AMQP port, management port, Erlang distribution port, permit deprecated features.
ROLES=(strict legacy)
declare -A NODE=([strict]=rabbit@localhost [legacy]=legacy@localhost)
declare -A AMQP_PORT=([strict]=5674 [legacy]=5675)
declare -A MGMT_PORT=([strict]=15674 [legacy]=15675)
declare -A DIST_PORT=([strict]=25674 [legacy]=25675)
declare -A PERMIT=([strict]=false [legacy]=true)

die() { echo "$PROG: error: $*" >&2; exit 1; }
say() { echo "$PROG: $*"; }

need_root() {
  [ "$(id -u)" -eq 0 ] || die "'$1' must run as root (it manages a chroot); use sudo, or set RABBITMQ_URL to an existing broker"
}

# Is something accepting TCP connections on 127.0.0.1:$1?
port_open() {
  timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

redact() { sed -E 's#(//[^:/@]*:)[^@/]*@#\1***@#' <<<"$1"; }

# ---------------------------------------------------------------- chroot provisioning

# First Debian mirror URI of this machine's apt sources (never hard-coded).
detect_mirror() {
  if [ -n "${RABBITMQ4_DEBIAN_MIRROR:-}" ]; then
    echo "$RABBITMQ4_DEBIAN_MIRROR"
    return
  fi
  local uri="" f
  for f in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] || continue
    uri=$(awk '
      function flush() {
        if (enabled != "no" && types ~ /(^|[ \t])deb([ \t]|$)/ && uris != "" &&
            suites !~ /-security/ && uris !~ /security/) {
          split(uris, a, /[ \t]+/); print a[1]; done = 1; exit
        }
        types = uris = suites = enabled = ""
      }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      { key = tolower($1); val = $0; sub(/^[^:]*:[ \t]*/, "", val) }
      key == "types:" { types = val } key == "uris:" { uris = val }
      key == "suites:" { suites = val } key == "enabled:" { enabled = tolower(val) }
      END { if (!done) flush() }' "$f")
    [ -n "$uri" ] && break
  done
  if [ -z "$uri" ]; then
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
      [ -r "$f" ] || continue
      uri=$(awk '$1 == "deb" {
          i = 2
          if ($i ~ /^\[/) { while (i < NF && $i !~ /\]$/) i++; i++ }
          if ($(i + 1) !~ /-security|\/updates/ && $i !~ /security/) { print $i; exit }
        }' "$f")
      [ -n "$uri" ] && break
    done
  fi
  [ -n "$uri" ] || die "no Debian mirror found in /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list (set RABBITMQ4_DEBIAN_MIRROR)"
  case "$uri" in
    http://* | https://* | file:/*) echo "${uri%/}" ;;
    *) die "apt source URI '$uri' is not http(s) or file:, which debootstrap cannot use (set RABBITMQ4_DEBIAN_MIRROR)" ;;
  esac
}

ensure_debootstrap() {
  command -v debootstrap >/dev/null 2>&1 && [ -r /usr/share/debootstrap/scripts/sid ] && return
  command -v apt-get >/dev/null 2>&1 || die "debootstrap is missing and there is no apt-get to install it"
  say "installing debootstrap with apt-get (log: $LOG)"
  local pkgs=(debootstrap debian-archive-keyring ca-certificates wget)
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y --no-install-recommends "${pkgs[@]}" >>"$LOG" 2>&1; then
    apt-get update >>"$LOG" 2>&1 || die "apt-get update failed (see $LOG)"
    apt-get install -y --no-install-recommends "${pkgs[@]}" >>"$LOG" 2>&1 ||
      die "apt-get install debootstrap failed (see $LOG)"
  fi
  [ -r /usr/share/debootstrap/scripts/sid ] || die "debootstrap has no 'sid' script in /usr/share/debootstrap/scripts"
}

# Unmount everything mounted below $1 (deepest first).
unmount_below() {
  local dir m
  dir=$(readlink -f "$1")
  awk -v d="$dir" '$2 == d || index($2, d "/") == 1 { print $2 }' /proc/mounts | sort -r |
    while read -r m; do
      umount "$m" 2>/dev/null || umount -l "$m"
    done
}

# Remove unfinished builds (forky.tmp.*) left by an interrupted run.
remove_stale_builds() {
  local d
  for d in "$CACHE_ROOT"/"$SUITE".tmp.*; do
    [ -d "$d" ] || continue
    say "removing unfinished chroot build $d"
    unmount_below "$d"
    rm -rf --one-file-system "$d"
  done
}

chroot_version() {
  # shellcheck disable=SC2016 # ${Version} is a dpkg-query field, not a shell variable
  chroot "$1" dpkg-query -W -f '${Version}' rabbitmq-server 2>/dev/null
}

build_chroot() {
  local mirror tmp t0 version
  t0=$SECONDS
  ensure_debootstrap
  mirror=$(detect_mirror)
  remove_stale_builds
  tmp=$(mktemp -d "$CACHE_ROOT/$SUITE.tmp.XXXXXX")
  chmod 755 "$tmp" # mktemp makes it 0700: the rabbitmq user could not even reach /
  say "building the $SUITE chroot with debootstrap from $mirror (about a minute; log: $LOG)"
  # Debian 12's debootstrap has no script for forky; the sid one works for testing.
  if ! debootstrap --variant=minbase --include=rabbitmq-server "$SUITE" "$tmp" "$mirror" \
    /usr/share/debootstrap/scripts/sid >>"$LOG" 2>&1; then
    unmount_below "$tmp"
    die "debootstrap $SUITE failed (see $LOG; the unfinished build $tmp is removed on the next start)"
  fi
  version=$(chroot_version "$tmp") || die "rabbitmq-server is not installed in the new chroot $tmp (see $LOG)"
  unmount_below "$tmp"
  mv -T "$tmp" "$CHROOT"
  say "provisioned the chroot in $((SECONDS - t0)) s: rabbitmq-server $version in $CHROOT"
}

ensure_chroot() {
  mkdir -p "$CACHE_ROOT"
  if [ -d "$CHROOT" ]; then
    if [ -x "$CHROOT/usr/lib/rabbitmq/bin/rabbitmq-server" ] && chroot_version "$CHROOT" >/dev/null; then
      say "reusing the cached chroot $CHROOT (provisioning took 0 s)"
      return
    fi
    say "the cached chroot $CHROOT is broken; rebuilding it"
    unmount_below "$CHROOT"
    mv -T "$CHROOT" "$(mktemp -u "$CACHE_ROOT/$SUITE.tmp.XXXXXX")"
  fi
  build_chroot
}

# ---------------------------------------------------------------- inside the chroot

rmq_uid() { awk -F: '$1 == "rabbitmq" { print $3 ":" $4 }' "$CHROOT/etc/passwd"; }

# Run a command in the chroot as the rabbitmq user, with a clean environment and per-node settings.
in_chroot() {
  local role=$1
  shift
  local ids
  ids=$(rmq_uid)
  [ -n "$ids" ] || die "no rabbitmq user in $CHROOT/etc/passwd"
  # 9>&-: the detached node must not inherit the lock file descriptor, or it holds the lock forever.
  chroot --userspec="$ids" --groups="${ids#*:}" "$CHROOT" /usr/bin/env -i \
    HOME=/var/lib/rabbitmq PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 LC_ALL=C.UTF-8 \
    ERL_EPMD_ADDRESS=127.0.0.1 \
    RABBITMQ_NODENAME="${NODE[$role]}" \
    RABBITMQ_CONFIG_FILE="/etc/rabbitmq/$role/rabbitmq.conf" \
    RABBITMQ_ADVANCED_CONFIG_FILE="/etc/rabbitmq/$role/advanced.config" \
    RABBITMQ_CONFIG_FILES="/etc/rabbitmq/$role/conf.d" \
    RABBITMQ_CONF_ENV_FILE="/etc/rabbitmq/$role/rabbitmq-env.conf" \
    RABBITMQ_ENABLED_PLUGINS_FILE="/etc/rabbitmq/$role/enabled_plugins" \
    RABBITMQ_MNESIA_BASE="/var/lib/rabbitmq/$role" \
    RABBITMQ_PID_FILE="/var/lib/rabbitmq/$role/$role.pid" \
    RABBITMQ_LOG_BASE="/var/log/rabbitmq/$role" \
    RABBITMQ_DIST_PORT="${DIST_PORT[$role]}" \
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}" \
    /bin/sh -c 'cd /var/lib/rabbitmq && exec "$@"' sh "$@" 9>&-
}

ctl() {
  local role=$1
  shift
  in_chroot "$role" /usr/lib/rabbitmq/bin/rabbitmqctl -n "${NODE[$role]}" "$@"
}

node_alive() { ctl "$1" -q ping -t 10 >/dev/null 2>&1; }

proc_mounted() {
  awk -v d="$(readlink -f "$CHROOT/proc")" '$2 == d { found = 1 } END { exit !found }' /proc/mounts
}

prepare_chroot() {
  local role permit f
  # The chroot has no /etc/hosts; without one 'localhost' does not resolve and the node dies
  # at boot with {error,nxdomain}.
  cp /etc/hosts "$CHROOT/etc/hosts"
  grep -Eq '^[[:space:]]*127\.0\.0\.1([[:space:]].*)?[[:space:]]localhost([[:space:]]|$)' "$CHROOT/etc/hosts" ||
    echo "127.0.0.1 localhost" >>"$CHROOT/etc/hosts"
  proc_mounted || mount -t proc proc "$CHROOT/proc"

  if [ ! -s "$CHROOT/var/lib/rabbitmq/.erlang.cookie" ]; then
    od -An -N16 -tx1 /dev/urandom | tr -d ' \n' | tr a-f A-F >"$CHROOT/var/lib/rabbitmq/.erlang.cookie"
  fi
  for role in "${ROLES[@]}"; do
    permit=${PERMIT[$role]}
    mkdir -p "$CHROOT/etc/rabbitmq/$role/conf.d" "$CHROOT/var/lib/rabbitmq/$role" "$CHROOT/var/log/rabbitmq/$role"
    : >"$CHROOT/etc/rabbitmq/$role/rabbitmq-env.conf"
    echo '[rabbitmq_management].' >"$CHROOT/etc/rabbitmq/$role/enabled_plugins"
    {
      echo "# Written by scripts/rabbitmq4.sh ($role node); rewritten on every start."
      echo "listeners.tcp.default = 127.0.0.1:${AMQP_PORT[$role]}"
      echo "management.tcp.ip = 127.0.0.1"
      echo "management.tcp.port = ${MGMT_PORT[$role]}"
      echo "loopback_users.guest = true"
      for f in "${DEPRECATED_FEATURES[@]}"; do
        echo "deprecated_features.permit.$f = $permit"
      done
    } >"$CHROOT/etc/rabbitmq/$role/rabbitmq.conf"
  done
  chroot "$CHROOT" chown -R rabbitmq:rabbitmq /var/lib/rabbitmq /var/log/rabbitmq
  chmod 400 "$CHROOT/var/lib/rabbitmq/.erlang.cookie"
}

check_ports_free() {
  local role=$1 p
  for p in "${AMQP_PORT[$role]}" "${MGMT_PORT[$role]}" "${DIST_PORT[$role]}"; do
    port_open "$p" && die "port $p (needed by the $role node ${NODE[$role]}) is already in use by another process"
  done
  return 0
}

# PID of the role's beam.smp in the chroot (empty if it is not running).
node_os_pid() {
  local p
  for p in $(chroot_pids); do
    [ "$(cat "/proc/$p/comm" 2>/dev/null)" = beam.smp ] || continue
    # The node name is not on the command line (set at boot) but it is in the environment.
    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "RABBITMQ_NODENAME=${NODE[$1]}" && { echo "$p"; return; }
  done
  return 0
}

# Wait for the node to finish booting and accept AMQP connections; die on timeout or crash.
await_node() {
  local role=$1 deadline=$2 left logs="$CHROOT/var/log/rabbitmq/$1/"
  while :; do
    left=$((deadline - SECONDS))
    [ "$left" -gt 0 ] ||
      die "timeout: the $role node ${NODE[$role]} did not accept AMQP connections on 127.0.0.1:${AMQP_PORT[$role]} within ${START_TIMEOUT}s (logs: $logs)"
    if ctl "$role" -q await_startup --timeout "$left" >/dev/null 2>&1 && port_open "${AMQP_PORT[$role]}"; then
      return
    fi
    [ -n "$(node_os_pid "$role")" ] ||
      die "the $role node ${NODE[$role]} exited while booting (logs: $logs)"
    sleep 1
  done
}

# The effective state of each deprecated feature must be what the config asks for
# (list_deprecated_features reports it in its "state" column).
verify_node() {
  local role=$1 json f state want
  want=$([ "${PERMIT[$role]}" = true ] && echo permitted || echo denied)
  json=$(ctl "$role" -q list_deprecated_features --formatter json 2>&1) ||
    die "could not list the deprecated features of ${NODE[$role]}: $(tr '\n' ' ' <<<"$json")"
  for f in "${DEPRECATED_FEATURES[@]}"; do
    state=$(tr -d '\n' <<<"$json" | grep -o "{\"name\":\"$f\",\"state\":\"[a-z_]*\"" | sed 's/.*"state":"//; s/"$//')
    [ "$state" = "$want" ] || die "${NODE[$role]}: deprecated feature $f is '${state:-missing}', expected '$want'"
  done
}

# ---------------------------------------------------------------- subcommands

cmd_start() {
  if [ -n "${RABBITMQ_URL:-}" ]; then
    say "RABBITMQ_URL is set: using the broker at $(redact "$RABBITMQ_URL"); nothing started"
    return
  fi
  need_root start
  local t0=$SECONDS role deadline version
  mkdir -p "$CACHE_ROOT"
  exec 9>"$CACHE_ROOT/lock"
  flock -w 600 9 || die "another '$PROG' is still running (lock $CACHE_ROOT/lock)"
  ensure_chroot
  version=$(chroot_version "$CHROOT")
  [ "${version%%-*}" = "$EXPECTED_VERSION" ] ||
    say "warning: the chroot has rabbitmq-server $version, not $EXPECTED_VERSION (Debian $SUITE moved on)"
  prepare_chroot

  local to_start=()
  for role in "${ROLES[@]}"; do
    if node_alive "$role"; then
      say "$role node ${NODE[$role]} is already running"
    else
      check_ports_free "$role" # all checks before any start: fail without half-starting
      to_start+=("$role")
    fi
  done
  for role in ${to_start[@]+"${to_start[@]}"}; do
    in_chroot "$role" /usr/lib/rabbitmq/bin/rabbitmq-server -detached \
      >>"$CHROOT/var/log/rabbitmq/$role/startup.log" 2>&1 ||
      die "rabbitmq-server failed to start the $role node (logs: $CHROOT/var/log/rabbitmq/$role/)"
  done
  deadline=$((SECONDS + START_TIMEOUT))
  for role in "${ROLES[@]}"; do
    await_node "$role" "$deadline"
    verify_node "$role"
  done

  [ "${#to_start[@]}" -eq 0 ] || say "started ${to_start[*]}: ready in $((SECONDS - t0)) s"
  say "strict node ${NODE[strict]} (rabbitmq-server $version, deprecated features denied as upstream 4.3):"
  say "  amqp://guest:guest@127.0.0.1:${AMQP_PORT[strict]}  management http://127.0.0.1:${MGMT_PORT[strict]}"
  say "legacy node ${NODE[legacy]} (deprecated features permitted, like 3.13-4.2):"
  say "  amqp://guest:guest@127.0.0.1:${AMQP_PORT[legacy]}  management http://127.0.0.1:${MGMT_PORT[legacy]}"
  say "chroot $CHROOT; logs in $CHROOT/var/log/rabbitmq/{strict,legacy}/"
  say "export the URLs with: eval \"\$(bash scripts/rabbitmq4.sh env)\"; stop with: bash scripts/rabbitmq4.sh stop"
}

# PIDs of processes whose root directory is the chroot.
chroot_pids() {
  local root p
  root=$(readlink -f "$CHROOT")
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && echo "${p#/proc/}"
  done
  return 0
}

cmd_stop() {
  if [ -n "${RABBITMQ_URL:-}" ]; then
    say "RABBITMQ_URL is set: the broker at $(redact "$RABBITMQ_URL") is not managed here; nothing stopped"
    return
  fi
  need_root stop
  [ -d "$CHROOT" ] || { say "nothing to stop (no chroot at $CHROOT)"; return; }
  mkdir -p "$CACHE_ROOT"
  exec 9>"$CACHE_ROOT/lock"
  flock -w 600 9 || die "another '$PROG' is still running (lock $CACHE_ROOT/lock)"
  local role pid pidfile i pids
  if proc_mounted; then
    for role in "${ROLES[@]}"; do
      pidfile=$CHROOT/var/lib/rabbitmq/$role/$role.pid
      if node_alive "$role"; then
        if ctl "$role" -q shutdown -t 120 >/dev/null 2>&1; then
          say "stopped the $role node ${NODE[$role]}"
          continue
        fi
        say "rabbitmqctl shutdown failed for ${NODE[$role]}; sending SIGTERM"
      fi
      pid=$(cat "$pidfile" 2>/dev/null || true)
      if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null &&
        [ "$(readlink "/proc/$pid/root")" = "$(readlink -f "$CHROOT")" ]; then
        kill -TERM "$pid"
        for ((i = 0; i < 60; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
        kill -0 "$pid" 2>/dev/null && die "the $role node (pid $pid) did not exit after SIGTERM"
        say "stopped the $role node ${NODE[$role]} (SIGTERM)"
      else
        say "the $role node ${NODE[$role]} was not running"
      fi
    done
    # epmd refuses -kill while nodes are registered, so this never hurts another node.
    in_chroot strict epmd -kill >/dev/null 2>&1 || true
  fi
  # Anything left in the chroot (an epmd, a half-started node) would keep /proc busy.
  pids=$(chroot_pids)
  if [ -n "$pids" ]; then
    # shellcheck disable=SC2086
    kill -TERM $pids 2>/dev/null || true
    for ((i = 0; i < 20; i++)); do [ -z "$(chroot_pids)" ] && break; sleep 0.5; done
    [ -z "$(chroot_pids)" ] || die "processes still running in $CHROOT: $(chroot_pids | tr '\n' ' ')"
  fi
  if proc_mounted; then
    umount "$CHROOT/proc" || die "could not unmount $CHROOT/proc"
    say "unmounted $CHROOT/proc"
  fi
  say "stopped"
}

cmd_status() {
  local role rc=0 url
  if [ -n "${RABBITMQ_URL:-}" ]; then
    say "RABBITMQ_URL is set: the tests use $(redact "$RABBITMQ_URL")${RABBITMQ_LEGACY_URL:+ and $(redact "$RABBITMQ_LEGACY_URL")}"
    return
  fi
  for role in "${ROLES[@]}"; do
    url="amqp://127.0.0.1:${AMQP_PORT[$role]}, management http://127.0.0.1:${MGMT_PORT[$role]}"
    if [ "$(id -u)" -eq 0 ] && [ -d "$CHROOT" ] && proc_mounted; then
      if node_alive "$role" && port_open "${AMQP_PORT[$role]}"; then
        say "$role node ${NODE[$role]}: up ($url)"
      elif node_alive "$role"; then
        say "$role node ${NODE[$role]}: booting (Erlang node up, AMQP port ${AMQP_PORT[$role]} closed)"
        rc=3
      else
        say "$role node ${NODE[$role]}: down"
        rc=3
      fi
    elif port_open "${AMQP_PORT[$role]}"; then
      say "$role node ${NODE[$role]}: AMQP port ${AMQP_PORT[$role]} open ($url)"
    else
      say "$role node ${NODE[$role]}: down"
      rc=3
    fi
  done
  return "$rc"
}

cmd_env() {
  if [ -n "${RABBITMQ_URL:-}" ]; then
    printf 'export RABBITMQ_URL=%q\n' "$RABBITMQ_URL"
    [ -z "${RABBITMQ_LEGACY_URL:-}" ] || printf 'export RABBITMQ_LEGACY_URL=%q\n' "$RABBITMQ_LEGACY_URL"
    return
  fi
  echo "export RABBITMQ_URL=amqp://guest:guest@127.0.0.1:${AMQP_PORT[strict]}"
  echo "export RABBITMQ_LEGACY_URL=amqp://guest:guest@127.0.0.1:${AMQP_PORT[legacy]}"
  echo "export RABBITMQ_MANAGEMENT_URL=http://guest:guest@127.0.0.1:${MGMT_PORT[strict]}"
  echo "export RABBITMQ_LEGACY_MANAGEMENT_URL=http://guest:guest@127.0.0.1:${MGMT_PORT[legacy]}"
}

usage() {
  echo "usage: bash scripts/rabbitmq4.sh start|stop|status|env" >&2
  exit 2
}

[ $# -eq 1 ] || usage
case "$1" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  env) cmd_env ;;
  -h | --help | help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' ;;
  *) usage ;;
esac
