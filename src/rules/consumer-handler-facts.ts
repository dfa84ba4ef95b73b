// How the handler rules point at a use inside a consumer's handler.
import type { HandlerUse, Span } from '../model';

/** The use to highlight: inside the consume call (an inline handler) or the handler reported, else none (the call is reported). */
export function focusInCall(c: { at: Span }, use: HandlerUse | undefined): Span | undefined {
  const at = use?.at;
  return at && at.file === c.at.file && at.start >= c.at.start && at.end <= c.at.end ? at : undefined;
}

/** "reads a; reads b" for a message, at most three. */
export function listUses(uses: HandlerUse[]): string {
  const shown = uses.slice(0, 3).map((u) => u.what);
  return uses.length > 3 ? `${shown.join('; ')}; …` : shown.join('; ');
}
