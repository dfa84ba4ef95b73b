// What a client's renderer answers for a fix intent: the exact text edits and the spans they touch, or why not.
import type { Span, TextEdit } from '../model';

export type RenderResult = { ok: true; edits: TextEdit[]; touched: Span[] } | { ok: false; reason: string };
