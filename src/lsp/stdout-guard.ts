// Keeps stdout for the protocol: stray console output goes to stderr.
import { format } from 'node:util';

/**
 * On stdio, stdout carries the protocol and nothing else: a stray console.log anywhere (the
 * engine, a dependency) would corrupt the stream, so the console writes to stderr instead.
 */
export function sendConsoleToStderr(): void {
  const toStderr = (...args: unknown[]) => {
    process.stderr.write(`${format(...args)}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.warn = toStderr;
  console.error = toStderr;
  console.debug = toStderr;
  console.trace = toStderr;
}
