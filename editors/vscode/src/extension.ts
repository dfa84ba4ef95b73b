import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { BUNDLED_SERVER, findServer } from './server-command';

const SECTION = 'rabbitmq4-codemod';
const LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'];
let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      // target, disabledRules and defaultQueueType reach the running server (synchronize below); a new executable needs a new server.
      if (!e.affectsConfiguration(`${SECTION}.serverPath`)) return;
      await client?.stop();
      await startClient(context);
    }),
  );
  await startClient(context);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  client = undefined;
  const config = vscode.workspace.getConfiguration(SECTION);
  const server = findServer(config.get<string>('serverPath') ?? '', {
    folders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
    bundled: context.asAbsolutePath(BUNDLED_SERVER),
  });
  if ('error' in server) {
    void vscode.window.showErrorMessage(server.error);
    return;
  }
  // TransportKind.stdio appends --stdio. The bundled server runs with VS Code's own Node (no Node needed on
  // the PATH); an executable is spawned, and a .cmd shim on Windows needs a shell.
  const serverOptions: ServerOptions =
    'module' in server
      ? { module: server.module, args: ['lsp'], transport: TransportKind.stdio }
      : { command: server.command, args: ['lsp'], transport: TransportKind.stdio, options: { shell: process.platform === 'win32' } };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    initializationOptions: { target: config.get<string>('target'), disabledRules: config.get<string[]>('disabledRules'), defaultQueueType: config.get<string>('defaultQueueType') },
    synchronize: { configurationSection: SECTION },
  };
  client = new LanguageClient(SECTION, 'rabbitmq4-codemod', serverOptions, clientOptions);
  await client.start();
}
