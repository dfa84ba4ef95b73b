// Where the working directory is in its repository, so that SARIF paths resolve from the repository root.
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The working directory's path from the root of the git repository that holds it, with `/` ('' at the root,
 * or outside any repository). Code scanning resolves SARIF paths from the repository root, and a monorepo's
 * package is often scanned from its own folder (the Action's working-directory).
 */
export function repositoryPath(cwd: string): string {
  for (let dir = path.resolve(cwd); ; ) {
    // `.git` is a directory, or a file in a worktree or a submodule.
    if (fs.existsSync(path.join(dir, '.git'))) return path.relative(dir, path.resolve(cwd)).split(path.sep).join('/');
    const parent = path.dirname(dir);
    if (parent === dir) return '';
    dir = parent;
  }
}
