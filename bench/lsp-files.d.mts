// Types of bench/lsp-files.mjs, for the tests that edit its files.
export function sparse(lines: number, every: number, seed: string | number): string;
export function dense(lines: number): string;
