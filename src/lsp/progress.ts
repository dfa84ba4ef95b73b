// Work-done progress (`window/workDoneProgress/create`, `$/progress`) for the background indexing.
import type { Connection } from 'vscode-languageserver/node';
import type { ProgressSink } from './project-sessions';

/**
 * A progress report the client shows (VS Code: in the status bar), created on the first `begin`. The
 * create request is answered asynchronously: reports made before it are folded into the next one.
 */
export function progressSink(connection: Connection): ProgressSink {
  let reporter: { report(percentage: number, message?: string): void; done(): void } | undefined;
  let finished = false;
  let last: { done: number; total: number } | undefined;
  const percent = (p: { done: number; total: number }) => (p.total ? Math.min(100, Math.floor((100 * p.done) / p.total)) : 0);
  return {
    begin(title) {
      void connection.window.createWorkDoneProgress().then(
        (r) => {
          if (finished) {
            r.begin(title, 100, undefined, false);
            r.done();
            return;
          }
          r.begin(title, last ? percent(last) : 0, last ? `${last.done}/${last.total} files` : undefined, false);
          reporter = r;
        },
        () => undefined,
      );
    },
    report(done, total) {
      last = { done, total };
      reporter?.report(percent(last), `${done}/${total} files`);
    },
    done() {
      finished = true;
      reporter?.done();
    },
  };
}
