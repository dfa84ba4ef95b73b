'use strict';
// Runs the CLI's main on this process (its arguments, streams and exit code): shared by bin/rabbitmq4-codemod
// and the language server the VS Code extension bundles (editors/vscode/scripts/bundle-server.mjs).

/** Runs main with the process's arguments; its number (or, for audit and plan, the number it resolves to) is the exit code. */
function runCli(main) {
  const code = main(process.argv.slice(2), { cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr });
  if (typeof code === 'number') process.exitCode = code;
  // audit and plan talk to a broker: their exit code comes later.
  else if (code && typeof code.then === 'function') code.then((c) => (process.exitCode = c));
}

module.exports = { runCli };
