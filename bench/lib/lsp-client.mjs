// A real LSP client for the language-server benchmarks: the built server (bin/ lsp --stdio) spawned over
// stdio, every publishDiagnostics handed to the listeners with the time it arrived, and the requests a
// server may send an editor (registrations, progress tokens, configuration) answered as an editor would.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { BIN, ROOT } from './measure.mjs';

const require = createRequire(import.meta.url);
export const rpc = require('vscode-languageserver-protocol/node');

/** The server over stdio. BENCH_NODE_ARGS: flags for the server's node (e.g. --cpu-prof to profile it). */
export function startServer() {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, BIN, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = rpc.createProtocolConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  const publishListeners = [];
  const progressListeners = [];
  connection.onNotification(rpc.PublishDiagnosticsNotification.type, (p) => {
    const at = performance.now();
    for (const l of publishListeners) l(p, at);
  });
  connection.onNotification('$/progress', (p) => {
    const at = performance.now();
    for (const l of progressListeners) l(p, at);
  });
  connection.onRequest((method, params) => {
    if (method === rpc.ConfigurationRequest.method) return (params?.items ?? []).map(() => null);
    return null; // client/registerCapability, window/workDoneProgress/create, ...: accepted
  });
  connection.listen();
  return {
    child,
    connection,
    /** `fn(params, at)` for every publishDiagnostics, `at` from performance.now(). */
    onPublish: (fn) => publishListeners.push(fn),
    /** `fn(params, at)` for every $/progress. */
    onProgress: (fn) => progressListeners.push(fn),
  };
}

/**
 * initialize (workspace `root`, this checkout by default) and initialized. `capabilities`: what the client
 * says it supports; by default those of an editor that shows progress and watches files.
 */
export async function initialize(server, { root = ROOT, capabilities, trace } = {}) {
  const uri = pathToFileURL(root).href;
  const caps = capabilities ?? { window: { workDoneProgress: true }, workspace: { workspaceFolders: true, configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } } };
  const result = await server.connection.sendRequest(rpc.InitializeRequest.type, { processId: process.pid, rootUri: uri, workspaceFolders: [{ uri, name: 'workspace' }], capabilities: caps, ...(trace ? { trace } : {}) });
  await server.connection.sendNotification(rpc.InitializedNotification.type, {});
  return result;
}

/** The server over stdio, with tracing on: each diagnostics run is traced with the wait the server chose. */
export function startTracedServer() {
  const server = startServer();
  const waiting = new Map();
  const waits = new Map();
  server.onPublish((p, at) => {
    const key = `${p.uri}#${p.version}`;
    waiting.get(key)?.({ diagnostics: p.diagnostics, at });
    waiting.delete(key);
  });
  server.connection.onNotification(rpc.LogTraceNotification.type, ({ message }) => {
    const m = /^diagnostics (\S+) version (\d+): waited (\d+) ms, checked in ([\d.]+) ms/.exec(message);
    if (m) waits.set(`${m[1]}#${m[2]}`, { waited: Number(m[3]), checked: Number(m[4]) });
  });
  const diagnostics = (uri, version) => new Promise((resolve) => waiting.set(`${uri}#${version}`, resolve));
  return { ...server, diagnostics, waited: (uri, version) => waits.get(`${uri}#${version}`) };
}

export async function stop(server) {
  await server.connection.sendRequest(rpc.ShutdownRequest.type);
  await server.connection.sendNotification(rpc.ExitNotification.type);
  await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
  server.connection.dispose();
}
