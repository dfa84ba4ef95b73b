// Terminal colours for the text renderers (report/, plan/, audit/) and the CLI: ANSI codes when on, the text as is when off.

export const color = (on: boolean) => ({
  red: (s: string) => (on ? `\x1b[31m${s}\x1b[39m` : s),
  yellow: (s: string) => (on ? `\x1b[33m${s}\x1b[39m` : s),
  green: (s: string) => (on ? `\x1b[32m${s}\x1b[39m` : s),
  cyan: (s: string) => (on ? `\x1b[36m${s}\x1b[39m` : s),
  dim: (s: string) => (on ? `\x1b[2m${s}\x1b[22m` : s),
  bold: (s: string) => (on ? `\x1b[1m${s}\x1b[22m` : s),
});
export type Colors = ReturnType<typeof color>;
