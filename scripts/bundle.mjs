// Bundles the compiled CLI and the scan worker into one file each (dist/bundle/), which bin/ loads:
// Node then reads and compiles one file instead of ~170 modules, ~60 ms of every run's start-up
// (bench/RESULTS.md). Dependencies stay in node_modules. Run by `npm run build` after tsc.
import { buildSync } from 'esbuild';

const ENTRIES = {
  'dist/bundle/cli.js': 'dist/cli/main.js',
  // Found next to the engine's code as worker-main.js (src/engine/workers.ts), bundled or not.
  'dist/bundle/worker-main.js': 'dist/engine/worker-main.js',
  // The engine side of transforms/rabbitmq4.js, which starts it as a worker thread.
  'dist/bundle/transform-worker.js': 'dist/transform/worker.js',
};

for (const [outfile, entry] of Object.entries(ENTRIES)) {
  buildSync({ entryPoints: [entry], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', logLevel: 'warning' });
}
