// The CLI's entry point: parses the command line and dispatches to a command (exit code 2 for usage errors).
import { UsageError } from './args';
import type { Io } from './common';
import { rules } from './rules';
import { scan } from './scan';
import { TOOL_VERSION } from '../report/model';

export const HELP = `rabbitmq4-codemod: find and fix what RabbitMQ 4.x refuses in TypeScript/JavaScript code

Usage: rabbitmq4-codemod <command> [paths...] [options]     (paths default to .)

Commands:
  scan    report findings and consumers
            --format text|json|sarif|markdown  --output FILE  --target 4.0|4.1|4.2|4.3 (default 4.3)
            --fail-on error|warning|info|never (default error)  --rules id,...  --exclude GLOB
            --max-file-size 2m  --include-minified GLOB (read a minified or generated file on purpose)
            --project DIR (the project the paths are analysed in; default: found from each path)
            --cache [--cache-location PATH] [--cache-strategy metadata|content] (reuse what nothing changed)
            --default-queue-type classic|quorum|stream (the broker's default; also fix, audit, plan)
  fix     show the rewrites and annotations as a unified diff (dry run)
            --write (apply; refuses uncommitted changes unless --allow-dirty)
            --patch FILE (write a patch for git apply)  --check (exit 1 if anything would change)
            --safe-only (annotate rewrites that change queues that may exist today)
            --unsafe-fixes (also apply opt-in rewrites; not with --safe-only)  --target, --rules, --exclude,
            --max-file-size, --include-minified, --project, --cache as for scan
  audit   report what a broker already holds that 4.x refuses or forgets; with paths, also every
          queue the code declares differently from the broker's
            --definitions FILE (a definitions export) | --management-url URL | --broker-config FILE [--node NAME]
            (a rabbitmqadmin-style file)  --ca-file FILE (a CA to trust for https/amqps)
            --vhost V  --format text|json|sarif|markdown  --output FILE  --fail-on as for scan
            --target, --default-queue-type, --exclude, --max-file-size, --include-minified, --project as for scan
  plan    the move to quorum queues: per queue, what the default queue type quorum refuses, the changes,
          what to do with the queue that exists, and each consumer as it will start
            --definitions FILE | a broker as for audit  --vhost V  --format text|json|markdown  --output FILE
            --safe-only as for fix  --target, --default-queue-type, --exclude, --max-file-size,
            --include-minified, --project as for scan
            --verify: declare every planned queue in a scratch vhost (created and deleted through the management
            API; needs the administrator tag) and start every planned consumer once (basic.consume, then
            basic.cancel), recording the broker's replies; what cannot be checked is "not verified" with the
            reason; exit 2 when nothing could be verified
            --amqp-url URL (where --verify speaks AMQP; default: the management URL's host on the broker's own
            AMQP listener port from /api/overview, else 5672, or 5671 for https)
  rules   list every rule with its severity, fixability, what they depend on and its MIGRATION.md
          section  [--format json]
  lsp     run the language server on stdio

A file is always analysed in its project: the nearest folder with the config file, a tsconfig.json or a
package.json (else the git root), so \`scan src/consumer.ts\` reports what \`scan .\` reports for that file.

Config: rabbitmq4-codemod.config.json (or a "rabbitmq4-codemod" key in package.json) in the working
directory or a parent up to the git root: {"target", "rules": {id: off|error|warning|info}, "exclude",
"includeMinified", "failOn", "defaultQueueType"}.
Flags win over it.

Environment (audit, plan): RABBITMQ4_CODEMOD_MANAGEMENT_URL, RABBITMQ4_CODEMOD_AMQP_URL (as the flags; the flags
win), RABBITMQ4_CODEMOD_USERNAME, RABBITMQ4_CODEMOD_PASSWORD (the broker's credentials, kept out of ps and the
shell history), RABBITMQ4_CODEMOD_CA_FILE (as --ca-file), RABBITMQ4_CODEMOD_BROKER_CONFIG (as --broker-config),
SSL_CERT_FILE (the system's CA bundle), RABBITMQ4_CODEMOD_DOCS_URL (where report links to MIGRATION.md point).
NO_COLOR turns colour off; RABBITMQ4_CODEMOD_WORKERS sets scan's worker threads.

Exit codes: 0 nothing at or above --fail-on; 1 findings (or changes, with fix --check); 2 usage error or failure
(and for fix --check, a file it could not check).
`;

/** The exit code; a promise of it for the commands that talk to a broker (audit, plan). */
export function main(argv: string[], io: Io): number | Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'scan':
        return wantsHelp(rest, io) ?? scan(rest, io);
      case 'fix':
        // Loaded on demand, like audit and lsp: scan does not pay for the diff and audit modules.
        return wantsHelp(rest, io) ?? (require('./fix') as typeof import('./fix')).fix(rest, io);
      case 'rules':
        return wantsHelp(rest, io) ?? rules(rest, io);
      case 'audit':
        return wantsHelp(rest, io) ?? settled((require('./audit') as typeof import('./audit')).audit(rest, io), io);
      case 'plan':
        return wantsHelp(rest, io) ?? settled((require('./plan') as typeof import('./plan')).plan(rest, io), io);
      case 'lsp':
        // Loaded on demand: the other commands do not pay for the language-server packages.
        return wantsHelp(rest, io) ?? (require('./lsp') as typeof import('./lsp')).lsp(rest);
      case '--version':
      case '-v':
        io.stdout.write(`${TOOL_VERSION}\n`);
        return 0;
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.stdout.write(HELP);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command '${command}' (expected scan, fix, audit, plan, rules or lsp; see rabbitmq4-codemod --help)`);
    }
  } catch (e) {
    return failed(e, io);
  }
}

function failed(e: unknown, io: Io): number {
  if (e instanceof UsageError) {
    io.stderr.write(`rabbitmq4-codemod: ${e.message}\n`);
    return 2;
  }
  io.stderr.write(`rabbitmq4-codemod: internal error: ${(e as Error).stack ?? String(e)}\n`);
  return 2;
}

/** A command's promise, its failure reported as main reports a thrown one. */
function settled(run: Promise<number>, io: Io): Promise<number> {
  return run.catch((e) => failed(e, io));
}

function wantsHelp(argv: string[], io: Io): number | undefined {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(HELP);
    return 0;
  }
  return undefined;
}
