#!/usr/bin/env bash
# Installs this repository's committed HEAD as a user would from a git URL (npm clones it, installs its
# devDependencies, runs prepare, packs it, installs that) into a fresh project, and runs the CLI from
# there. CI runs it (.ci/run); about a minute, most of it the devDependencies' install and the build.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
printf '{ "name": "app", "version": "1.0.0", "private": true }\n' > package.json
mkdir src
printf "import amqp from 'amqplib';\nexport const q = (ch: amqp.Channel) => ch.assertQueue('jobs', { durable: false });\n" > src/worker.ts
# Only the user's own settings: not the npm_config_* of an npm that may be running this script.
env -u npm_config_prefix -u npm_config_global -u npm_config_local_prefix \
  npm install --save-dev --no-audit --no-fund --prefer-offline "git+file://$repo" > install.log 2>&1 || { cat install.log; exit 1; }
test -f node_modules/rabbitmq4-codemod/dist/bundle/cli.js || { echo "git install: no dist/bundle/cli.js"; cat install.log; exit 1; }
if [ -e node_modules/rabbitmq4-codemod/src ] || [ -e node_modules/rabbitmq4-codemod/test ]; then echo "git install: sources or tests were installed"; exit 1; fi
code=0
npx --no-install rabbitmq4-codemod scan . > scan.txt || code=$?
[ "$code" = 1 ] && grep -q transient-nonexclusive-queue scan.txt || { echo "git install: scan exited $code"; cat scan.txt; exit 1; }
npx --no-install rabbitmq4-codemod rules > /dev/null
echo "git-URL install: ok (rabbitmq4-codemod $(node -p "require('./node_modules/rabbitmq4-codemod/package.json').version") from $repo)"
