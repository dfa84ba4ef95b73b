// @nestjs/microservices' RMQ message handlers: @EventPattern / @MessagePattern methods that take the RmqContext.
import type * as t from '@babel/types';
import { calleeMethod, isCall, type Node } from '../../parse/ast';
import type { FileModel, MessageHandler } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { handlerFacts, type HandlerLibrary } from '../../handlers/facts';
import { AMQPLIB_MESSAGES } from '../amqplib-family/handler-library';
import { exportOf } from '../nestjs-family/config';
import { lineAnchor } from '../nestjs-family/edits';
import { NESTJS_MICROSERVICES } from './sites';
import { NESTJS_LIBRARY } from './model';

const PATTERN_DECORATORS = new Set(['EventPattern', 'MessagePattern']);

/**
 * A Nest RMQ handler's message is `context.getMessage()`, an amqplib message, settled on `context.getChannelRef()`, the
 * server's amqplib channel (ctx-host/rmq.context.js). The server returns before dispatching a null message and, with
 * noAck: false, settles nothing for the handler (server/server-rmq.js handleMessage, 11.2.6).
 */
function nestRmqHandler(contextIndex: number): HandlerLibrary {
  return { name: NESTJS_LIBRARY, nullOnCancel: false, handlerSettles: true, ...AMQPLIB_MESSAGES, params: [{ index: contextIndex, base: [], via: 'getMessage' }] };
}

/**
 * Every method of the file with `@EventPattern(...)` or `@MessagePattern(...)` (from @nestjs/microservices) and a
 * parameter that is the RMQ context: typed `RmqContext`, or `@Ctx()` used for `getChannelRef()` (only RmqContext has
 * it). Its facts are what it does with `context.getMessage()`; which microservice dispatches to it is not read here.
 */
export function addMessageHandlers(ctx: FileContext, model: FileModel): void {
  const { file } = ctx;
  for (const node of file.nodes) {
    if (node.type !== 'ClassMethod' || !node.decorators?.length) continue;
    const decorator = node.decorators.find((d) => isCall(d.expression) && PATTERN_DECORATORS.has(exportOf(ctx, d.expression.callee as Node, NESTJS_MICROSERVICES) ?? ''));
    if (!decorator) continue;
    const index = node.params.findIndex((p) => isRmqContext(ctx, node, p as Node));
    if (index < 0) continue;
    const handler: MessageHandler = {
      kind: 'message-handler',
      id: `${NESTJS_LIBRARY}:handler:${node.start}`,
      client: NESTJS_LIBRARY,
      at: file.span(node),
      statementStart: lineAnchor(file, decorator),
      callee: file.source(decorator).replace(/\s+/g, ' '),
      handlerFacts: handlerFacts(ctx, node, nestRmqHandler(index)),
      syntax: { decorator },
    };
    (model.handlers ??= []).push(handler);
  }
}

/** A parameter typed `RmqContext`, or decorated `@Ctx()` and used for `getChannelRef()`. */
function isRmqContext(ctx: FileContext, method: t.ClassMethod, param: Node): boolean {
  if (param.type !== 'Identifier') return false;
  const annotation = param.typeAnnotation?.type === 'TSTypeAnnotation' ? param.typeAnnotation.typeAnnotation : undefined;
  if (annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier') return exportOf(ctx, annotation.typeName, NESTJS_MICROSERVICES, method) === 'RmqContext';
  const decorated = (param.decorators ?? []).some((d) => isCall(d.expression) && exportOf(ctx, d.expression.callee as Node, NESTJS_MICROSERVICES) === 'Ctx');
  return decorated && ctx.file.nodesUnder(method).some((n) => isCall(n) && calleeMethod(n)?.method === 'getChannelRef' && isNamed(calleeMethod(n)!.object, param.name));
}

const isNamed = (expr: Node, name: string): boolean => expr.type === 'Identifier' && expr.name === name;
