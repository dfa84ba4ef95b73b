#!/usr/bin/env bash
# The scan step of action.yml: runs `rabbitmq4-codemod scan --format sarif` and records its exit code
# and the SARIF file as step outputs, without failing the step, so that action.yml can upload the
# SARIF to code scanning first and then fail the job on what --fail-on names.
#
# Inputs come as environment variables (action.yml sets them from its inputs):
#   RMQ4_PATHS        paths to scan, separated by spaces or newlines (default .)
#   RMQ4_TARGET       --target (empty: the config file's, else 4.3)
#   RMQ4_FAIL_ON      --fail-on (empty: the config file's, else error)
#   RMQ4_SARIF        the SARIF file to write (default rabbitmq4-codemod.sarif)
#   RMQ4_ARGS         more scan options, separated by spaces (--exclude generated/**, --rules ...)
#   RMQ4_VERSION      what to install where the project has none: a version, or anything `npm install`
#                     takes (a release tarball's URL or path, a git URL). Default: this action's own copy
#   RMQ4_BIN          the executable to run. Default, the first that exists: the project's
#                     node_modules/.bin/rabbitmq4-codemod; RMQ4_VERSION installed into $RUNNER_TEMP; this
#                     action's checkout if it is built; this action's version from the registry; this
#                     action's checkout, built now (npm ci runs its prepare script: about a minute)
set -uo pipefail

action_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sarif=${RMQ4_SARIF:-rabbitmq4-codemod.sarif}
out=${GITHUB_OUTPUT:-/dev/null}

bin=${RMQ4_BIN:-}
if [ -z "$bin" ] && [ -x node_modules/.bin/rabbitmq4-codemod ]; then
  bin=node_modules/.bin/rabbitmq4-codemod
fi
fail() {
  echo "::error::rabbitmq4-codemod: $1"
  echo "exit-code=2" >> "$out"
  exit 0
}

# Installs an npm spec into the runner's temp directory (a folder named after $2); prints the executable.
install_spec() {
  local spec=$1 prefix
  prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/rabbitmq4-codemod-$(printf '%s' "$2" | tr -c 'A-Za-z0-9._-' '_' | tail -c 60)"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --omit=dev "$spec" >&2 || return 1
  echo "$prefix/node_modules/.bin/rabbitmq4-codemod"
}

if [ -z "$bin" ] && [ -n "${RMQ4_VERSION:-}" ]; then
  # A version (exact, never "latest"), or what npm install takes: a release tarball, a git URL.
  spec=$RMQ4_VERSION
  [[ "$spec" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+].*)?$ ]] && spec="rabbitmq4-codemod@$spec"
  bin=$(install_spec "$spec" "${RMQ4_VERSION##*/}") || fail "could not install $spec (add rabbitmq4-codemod to the project's devDependencies, or set the action's version input to a version, a release tarball's URL or a git URL)"
fi
if [ -z "$bin" ] && [ -f "$action_dir/dist/bundle/cli.js" ]; then
  # This action's checkout, already built (a local action, or one vendored with its build).
  bin="$action_dir/bin/rabbitmq4-codemod"
fi
if [ -z "$bin" ]; then
  version=$(node -p "require('$action_dir/package.json').version")
  if ! bin=$(install_spec "rabbitmq4-codemod@$version" "$version"); then
    # Not on the registry (before the first release, or a registry the runner cannot reach): build this
    # action's own checkout, which is the release the workflow names.
    echo "rabbitmq4-codemod@$version could not be installed from the registry: building this action's checkout ($action_dir)"
    (cd "$action_dir" && npm ci --no-audit --no-fund >&2) || fail "could not install rabbitmq4-codemod@$version nor build the action's checkout (add rabbitmq4-codemod to the project's devDependencies, or set the action's version input to a release tarball's URL)"
    bin="$action_dir/bin/rabbitmq4-codemod"
  fi
fi

paths=()
read -r -a paths <<< "$(echo "${RMQ4_PATHS:-.}" | tr '\n' ' ')"
[ ${#paths[@]} -gt 0 ] || paths=(.)
args=(scan "${paths[@]}" --format sarif --output "$sarif")
[ -n "${RMQ4_TARGET:-}" ] && args+=(--target "$RMQ4_TARGET")
[ -n "${RMQ4_FAIL_ON:-}" ] && args+=(--fail-on "$RMQ4_FAIL_ON")
if [ -n "${RMQ4_ARGS:-}" ]; then
  read -r -a extra <<< "$RMQ4_ARGS"
  args+=("${extra[@]}")
fi

# A SARIF file left by an earlier run must not be uploaded as this run's.
rm -f "$sarif"
echo "+ $bin ${args[*]}"
"$bin" "${args[@]}"
code=$?

if [ -f "$sarif" ]; then
  echo "sarif-file=$sarif" >> "$out"
  # The findings in the log too, as annotations at their lines (code scanning shows them in full).
  node -e '
    const log = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const level = { error: "error", warning: "warning", note: "notice" };
    let n = 0;
    for (const run of log.runs) for (const r of run.results ?? []) {
      const loc = r.locations?.[0]?.physicalLocation;
      // The path from the repository root (as GitHub reads annotation paths), decoded; a property escapes , and :.
      const file = decodeURIComponent(loc?.artifactLocation?.uri ?? "").replace(/%/g, "%25").replace(/,/g, "%2C").replace(/:/g, "%3A");
      const line = loc?.region?.startLine ?? 1;
      const col = loc?.region?.startColumn ?? 1;
      const text = (r.message?.text ?? "").split("\n")[0].replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
      console.log(`::${level[r.level] ?? "warning"} file=${file},line=${line},col=${col},title=${r.ruleId}::${text}`);
      n++;
    }
    console.log(`rabbitmq4-codemod: ${n} finding(s)`);
  ' "$sarif" || true
fi
echo "exit-code=$code" >> "$out"
exit 0
