// @cloudamqp/amqp-client's frameMax, which its client refuses below 8192 before connecting.
import { calleeMethod, unwrap, type Node } from '../../parse/ast';
import type { ConnectionOpen } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { callArgs } from '../model-builders/call-parts';
import { frameMaxOf, type FrameMaxSetting } from '../model-builders/frame-max';

/**
 * The AMQPBaseClient constructor throws below MIN_FRAME_SIZE (8192), 0 included, before any socket
 * is opened (src/amqp-base-client.ts, 4.1.1).
 */
export const CLOUDAMQP_FRAME_MAX_MINIMUM: NonNullable<ConnectionOpen['frameMaxClientMinimum']> = { value: 8192, error: 'frameMax must be 8192 or larger' };

/**
 * The frameMax a connect call offers: `new AMQPClient(url).connect()` (the URL's `?frameMax=`, read
 * with parseInt by src/amqp-socket-client.ts), also through a const holding the client, and
 * `AMQPSession.connect(url, { frameMax })` (the option overrides the URL, src/amqp-session.ts).
 */
export function cloudamqpFrameMax(ctx: FileContext, call: CallNode, session: boolean): FrameMaxSetting | undefined {
  if (session) {
    const [url, options] = callArgs(call);
    return frameMaxOf(ctx, options, false) ?? frameMaxOf(ctx, url, true);
  }
  const client = clientConstruction(ctx, calleeMethod(call)?.object);
  return client ? frameMaxOf(ctx, client.arguments[0] as Node | undefined, true) : undefined;
}

function clientConstruction(ctx: FileContext, expr: Node | undefined): Extract<Node, { type: 'NewExpression' }> | undefined {
  const node = expr && unwrap(expr);
  if (node?.type === 'NewExpression') return node;
  if (node?.type !== 'Identifier') return undefined;
  const binding = ctx.resolver.scopes.lookup(node.name, node);
  const init = binding && binding.kind === 'const' && binding.path.length === 0 ? binding.init && unwrap(binding.init) : undefined;
  return init?.type === 'NewExpression' ? init : undefined;
}
