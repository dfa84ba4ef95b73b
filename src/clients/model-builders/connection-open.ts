// A connection or channel the code opens, as the model holds it, and the frameMax fix's rendering.
import type { ConnectionOpen, FixIntent } from '../../model';
import type { Node } from '../../parse/ast';
import type { FileContext } from '../../resolve/file-context';
import { unitOfWorkOf } from './unit-of-work';
import type { FrameMaxSetting } from './frame-max';
import type { RenderResult } from '../../fix/render-result';

export interface OpenParts {
  /** The subject's id, when the client needs its own (default: `${client}:${start}`). */
  id?: string;
  client: string;
  callee: string;
  what: ConnectionOpen['what'];
  /** The library's publish calls, and the calls that close what was opened (default: close). */
  publishMethods: readonly string[];
  closeMethods?: readonly string[];
  /** The frameMax the call sets (see frame-max.ts). */
  frameMax?: FrameMaxSetting;
  frameMaxClientMinimum?: ConnectionOpen['frameMaxClientMinimum'];
  syntax: unknown;
}

/** What every client's connection syntax carries for the frameMax fix. */
interface FrameMaxSyntax {
  frameMaxEdit?: FrameMaxSetting['edit'];
}

/** A connection or channel the code opens at `node`, with the unit of work it is opened for, if any (for connection-churn). */
export function connectionOpenAt(ctx: FileContext, node: Node, parts: OpenParts): ConnectionOpen {
  const { file } = ctx;
  const perUnitOfWork = unitOfWorkOf(ctx, node, { publish: parts.publishMethods, close: parts.closeMethods ?? ['close'] });
  return {
    kind: 'connection-open',
    id: parts.id ?? `${parts.client}:${node.start}`,
    client: parts.client,
    at: file.span(node),
    statementStart: file.statementOf(node).start ?? 0,
    callee: parts.callee,
    what: parts.what,
    ...(perUnitOfWork ? { perUnitOfWork } : {}),
    ...(parts.frameMax ? { frameMax: parts.frameMax.value, frameMaxVia: parts.frameMax.via } : {}),
    ...(parts.frameMax && parts.frameMaxClientMinimum ? { frameMaxClientMinimum: parts.frameMaxClientMinimum } : {}),
    syntax: parts.frameMax?.edit ? { ...(parts.syntax as object), frameMaxEdit: parts.frameMax.edit } satisfies FrameMaxSyntax : parts.syntax,
  };
}

/** `frameMax: 4096` → `frameMax: 8192`, `?frameMax=4096` → `?frameMax=8192`: the digits the code wrote, replaced. */
export function renderConnectionOpen(open: ConnectionOpen, intents: FixIntent[]): RenderResult {
  const intent = intents[0];
  if (intents.length !== 1 || intent.kind !== 'set-frame-max') return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} here` };
  const at = (open.syntax as FrameMaxSyntax | undefined)?.frameMaxEdit;
  if (!at) return { ok: false, reason: 'frameMax comes from a named constant or is built at run time: change it where it is set' };
  return { ok: true, edits: [{ start: at.start, end: at.end, text: String(intent.value), file: at.file }], touched: [at] };
}
