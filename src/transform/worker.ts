/**
 * The worker thread behind transforms/rabbitmq4.js: a fresh module system, so the engine, ts-morph and
 * oxc-parser load as plain Node modules whatever require hooks the jscodeshift process installed.
 *
 * Protocol: the main thread posts a TransformRequest on `port`, then blocks on `signal[0]`; the worker
 * posts the TransformResponse, sets `signal[0]` to 1 and wakes it (the main thread reads the answer
 * with receiveMessageOnPort). If the worker itself is ending, it sets 2 instead.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { runTransform, type TransformRequest, type TransformResponse } from './jscodeshift';

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

function answer(response: TransformResponse, state = 1): void {
  port.postMessage(response);
  Atomics.store(signal, 0, state);
  Atomics.notify(signal, 0);
}

port.on('message', (request: TransformRequest) => {
  let response: TransformResponse;
  try {
    response = runTransform(request);
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    response = { reports: [], error: `rabbitmq4-codemod failed on ${request.path}: ${err.message}`, detail: err.stack };
  }
  answer(response);
});

process.on('exit', () => {
  // Never leave the main thread waiting for an answer that cannot come.
  if (Atomics.load(signal, 0) === 0) answer({ reports: [], error: 'the rabbitmq4-codemod worker thread stopped' }, 2);
});
