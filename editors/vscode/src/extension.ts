import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

const SECTION = 'rabbitmq4-codemod';
const LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'];
let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      // target and disabledRules reach the running server (synchronize below); a new executable needs a new server.
      if (!e.affectsConfiguration(`${SECTION}.serverPath`)) return;
      await client?.stop();
      await startClient();
    }),
  );
  await startClient();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

async function startClient(): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  // TransportKind.stdio appends --stdio; a .cmd shim on Windows needs a shell.
  const serverOptions: ServerOptions = {
    command: serverCommand(config.get<string>('serverPath') ?? ''),
    args: ['lsp'],
    transport: TransportKind.stdio,
    options: { shell: process.platform === 'win32' },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    initializationOptions: { target: config.get<string>('target'), disabledRules: config.get<string[]>('disabledRules') },
    synchronize: { configurationSection: SECTION },
  };
  client = new LanguageClient(SECTION, 'rabbitmq4-codemod', serverOptions, clientOptions);
  await client.start();
}

/** The configured executable, else the workspace's local install, else the one on the PATH. */
function serverCommand(configured: string): string {
  if (configured) return configured;
  const bin = process.platform === 'win32' ? 'rabbitmq4-codemod.cmd' : 'rabbitmq4-codemod';
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const local = path.join(folder.uri.fsPath, 'node_modules', '.bin', bin);
    if (fs.existsSync(local)) return local;
  }
  return 'rabbitmq4-codemod';
}
