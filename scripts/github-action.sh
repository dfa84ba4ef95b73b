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
#   RMQ4_VERSION      the version to install where the project has none (default: this action's)
#   RMQ4_BIN          the executable to run (default: the project's node_modules/.bin/rabbitmq4-codemod,
#                     else the RMQ4_VERSION package installed into $RUNNER_TEMP)
set -uo pipefail

action_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sarif=${RMQ4_SARIF:-rabbitmq4-codemod.sarif}
out=${GITHUB_OUTPUT:-/dev/null}

bin=${RMQ4_BIN:-}
if [ -z "$bin" ] && [ -x node_modules/.bin/rabbitmq4-codemod ]; then
  bin=node_modules/.bin/rabbitmq4-codemod
fi
if [ -z "$bin" ]; then
  # The project does not install it: install this action's own version (an exact version, never "latest").
  version=${RMQ4_VERSION:-$(node -p "require('$action_dir/package.json').version")}
  prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/rabbitmq4-codemod-$version"
  if ! npm install --prefix "$prefix" --no-save --no-audit --no-fund --omit=dev "rabbitmq4-codemod@$version" >&2; then
    echo "::error::rabbitmq4-codemod: could not install rabbitmq4-codemod@$version (add it to the project's devDependencies, or set the action's version input)"
    echo "exit-code=2" >> "$out"
    exit 0
  fi
  bin="$prefix/node_modules/.bin/rabbitmq4-codemod"
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
      const file = loc?.artifactLocation?.uri ?? "";
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
