// The `lsp` command: starts the language server on stdio.
import { startStdioServer } from '../lsp/server';
import { parseArgs } from './args';

/**
 * `rabbitmq4-codemod lsp [--stdio]`: starts the language server and returns at once. The process
 * then lives until the client sends exit (code 0 after shutdown, 1 without) or closes stdin.
 */
export function lsp(argv: string[]): number {
  // vscode-languageclient adds --clientProcessId; the server library reads it itself.
  parseArgs(argv, { stdio: {}, clientProcessId: { value: true } }, 'lsp');
  startStdioServer();
  return 0;
}
