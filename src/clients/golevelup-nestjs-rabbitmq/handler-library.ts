// How @golevelup/nestjs-rabbitmq calls a handler and settles its message (for the handler analysis).
import { known, type Resolved } from '../../model';
import type { Node } from '../../parse/ast';
import type { HandlerLibrary } from '../../handlers/facts';
import type { ObjectValue } from '../../resolve/values';
import { contextOf, type FileContext } from '../../resolve/file-context';
import { AMQPLIB_MESSAGES } from '../amqplib-family/handler-library';
import { exportOf, propertyExpression } from '../nestjs-family/config';
import { GOLEVELUP, GOLEVELUP_PACKAGE } from './names';

/**
 * A subscribe or RPC handler is called with (message, amqpMsg, headers): the content decoded (JSON by default), the
 * amqplib message, and its headers; the library never calls it with null, acks after it returns, and nacks on `return
 * new Nack(requeue)` (requeue false by default) (lib/amqp/connection.js setupSubscriberChannel, handlerResponses.js,
 * 9.0.2). `amqpConnection.publish(exchange, routingKey, message, options)` takes amqplib's publish positions.
 */
const GOLEVELUP_MESSAGES: HandlerLibrary = {
  name: GOLEVELUP,
  nullOnCancel: false,
  ...AMQPLIB_MESSAGES,
  params: [
    { index: 0, base: AMQPLIB_MESSAGES.contentPath },
    { index: 1, base: [] },
    { index: 2, base: AMQPLIB_MESSAGES.headersPath },
  ],
  returnsNew: { Nack: { index: 0, default: false } },
};

/** The error handlers the library exports, by the requeue flag of the nack they send (ackErrorHandler acks: none). */
const ERROR_HANDLERS: Record<string, boolean> = { defaultNackErrorHandler: false, requeueErrorHandler: true };
/** MessageHandlerErrorBehavior members (string enum values alike), by the requeue flag of their nack (ACK acks: none). */
const ERROR_BEHAVIORS: Record<string, boolean> = { NACK: false, REQUEUE: true };

/**
 * The handler library for one decorator's options: a throw out of the handler nacks as the options' `errorHandler` or
 * `errorBehavior` says (lib/amqp/errorBehaviors.js); with neither, the module's default decides, which is not read here.
 */
export function golevelupHandler(ctx: FileContext, options: ObjectValue | undefined): HandlerLibrary {
  const throwRequeue = options && throwRequeueOf(ctx, options);
  return throwRequeue ? { ...GOLEVELUP_MESSAGES, throwRequeue } : GOLEVELUP_MESSAGES;
}

function throwRequeueOf(ctx: FileContext, options: ObjectValue): Resolved<boolean> | undefined {
  for (const [key, table] of [['errorHandler', ERROR_HANDLERS], ['errorBehavior', ERROR_BEHAVIORS]] as const) {
    const prop = options.props.get(key);
    const home = prop && contextOf(ctx, prop.file);
    if (!prop || !home) continue;
    const expr = propertyExpression(prop);
    const name = errorName(home, expr);
    return name !== undefined && Object.hasOwn(table, name) ? known(table[name], home.file.span(expr)) : undefined;
  }
  return undefined;
}

/** `defaultNackErrorHandler`, `MessageHandlerErrorBehavior.NACK` (from the library), or the enum's string value `'NACK'`. */
function errorName(ctx: FileContext, expr: Node): string | undefined {
  if (expr.type === 'StringLiteral') return expr.value;
  if (expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier') {
    return exportOf(ctx, expr.object as Node, GOLEVELUP_PACKAGE) === 'MessageHandlerErrorBehavior' ? expr.property.name : undefined;
  }
  return exportOf(ctx, expr, GOLEVELUP_PACKAGE);
}
