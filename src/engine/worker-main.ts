// A worker thread of a parallel analysis (see workers.ts).
import { workerData, type MessagePort } from 'node:worker_threads';
import { finishAnalysis, prepareAnalysis, queueFacts, type PreparedAnalysis } from './analyze';
import { withoutModels, type FromWorker, type ToWorker } from './workers';
import { ProjectIndex } from '../index/project-index';
import { FileSystemView } from '../index/file-system';
import { readShare } from './project-files';

/** A worker thread of a parallel analysis (see workers.ts): models, then the queue facts, then rules. */
const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

function send(message: FromWorker): void {
  port.postMessage(message);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

let prepared: PreparedAnalysis | undefined;

port.on('message', (message: ToWorker) => {
  try {
    if (message.kind === 'read') {
      send({ kind: 'read', read: readShare(message.files, message.options) });
      return;
    }
    if (message.kind === 'models') {
      let done = 0;
      let last = Date.now();
      const index = new ProjectIndex(new FileSystemView(), message.files);
      prepared = prepareAnalysis(message.inputs, { ...message.options, index }, {
        onFile: () => {
          done++;
          const now = Date.now();
          if (now - last >= 100) {
            last = now;
            send({ kind: 'progress', done });
          }
        },
      });
      send({ kind: 'progress', done });
      send({ kind: 'facts', ...queueFacts(prepared) });
    } else {
      const analysis = finishAnalysis(prepared!, message.declared);
      prepared = undefined;
      // The caller needs the results only, and has the text of its inputs.
      send({ kind: 'analysis', files: withoutModels(analysis.files).map((f) => (f.status === 'dependency' ? f : { ...f, text: '' })) });
      port.close();
    }
  } catch (e) {
    send({ kind: 'error', message: (e as Error).stack ?? String(e) });
    port.close();
  }
});
