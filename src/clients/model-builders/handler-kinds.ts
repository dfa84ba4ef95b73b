// The handlers that run once per unit of work: a consumed message, an HTTP or RPC request, an item of a loop.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, memberName, propertyKeyName, unwrap, type Node, type ParsedFile } from '../../parse/ast';

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'all', 'head', 'options']);
/** Method decorators of request, RPC and message handlers (NestJS, @golevelup/nestjs-rabbitmq, @nestjs/graphql). */
const DECORATORS: Record<string, string> = {
  Get: 'the HTTP route handler',
  Post: 'the HTTP route handler',
  Put: 'the HTTP route handler',
  Patch: 'the HTTP route handler',
  Delete: 'the HTTP route handler',
  All: 'the HTTP route handler',
  Head: 'the HTTP route handler',
  Options: 'the HTTP route handler',
  MessagePattern: 'the RPC handler',
  EventPattern: 'the event handler',
  RabbitSubscribe: 'the consume handler',
  RabbitRPC: 'the RPC handler',
  Mutation: 'the GraphQL resolver',
  Query: 'the GraphQL resolver',
};
/** Calls that hand a function each message of a consumer (the function after the queue or options). */
const CONSUME_METHODS = new Set(['consume', 'basicConsume', 'createConsumer', 'subscribe']);
/** Array methods whose callback runs once per item. */
export const ITERATION_METHODS = new Set(['forEach', 'map', 'flatMap', 'filter', 'reduce', 'some', 'every', 'find']);
/** Handler properties of a route or consumer config object (`{ method, url, handler }`, kafkajs `run({ eachMessage })`). */
const HANDLER_PROPERTIES: Record<string, string> = { handler: 'the HTTP route handler', eachMessage: 'the consume handler', eachBatch: 'the consume handler' };

const isPath = (node: Node | undefined): boolean => !!node && (node.type === 'StringLiteral' || node.type === 'TemplateLiteral' || node.type === 'RegExpLiteral');

/**
 * What a function handed to `call` as argument `index` handles once per run, if it is one of those handlers:
 * `app.post('/x', fn)`, `router.use('/x', fn)`, an `app.use((req, res, next) => ...)` middleware,
 * `http.createServer(fn)`, `ch.consume(q, fn)` and the other consume calls, `x.on('message', fn)`.
 */
export function registrationKind(call: t.CallExpression | t.OptionalCallExpression | t.NewExpression, index: number, fn: Node | undefined): string | undefined {
  const m = call.type === 'NewExpression' ? undefined : calleeMethod(call);
  const callee = unwrap(call.callee as Node);
  const name = m?.method ?? (callee.type === 'Identifier' ? callee.name : undefined);
  const args = call.arguments as Node[];
  if (!name) return undefined;
  if (HTTP_METHODS.has(name) && m && index > 0 && isPath(args[0])) return 'the HTTP route handler';
  if (name === 'use' && m && index > 0 && isPath(args[0])) return 'the HTTP route handler';
  if (name === 'use' && m && index === 0 && fn && isFunction(fn) && fn.params.length >= 2) return 'the HTTP middleware';
  if (name === 'createServer') return 'the HTTP request handler';
  if (CONSUME_METHODS.has(name) && m && index > 0) return 'the consume handler';
  if (name === 'activateConsumer' && m && index === 0) return 'the consume handler';
  if ((name === 'on' || name === 'once' || name === 'addListener') && m && index === 1 && args[0]?.type === 'StringLiteral' && ['message', 'request'].includes(args[0].value)) {
    return `the '${args[0].value}' handler`;
  }
  return undefined;
}

/** What a function handles once per run by where it is written: a decorated method, an argument of a registration, a handler property. */
export function handlerKindOf(file: ParsedFile, fn: t.Function): string | undefined {
  if (fn.type === 'ClassMethod') {
    for (const d of fn.decorators ?? []) {
      const name = decoratorName(d.expression as Node);
      if (name && Object.hasOwn(DECORATORS, name)) return `${DECORATORS[name]} (@${name})`;
    }
    return undefined;
  }
  const parent = file.parentOf(fn);
  if (!parent) return undefined;
  if ((isCall(parent) || parent.type === 'NewExpression') && parent.arguments.includes(fn as never)) return registrationKind(parent, parent.arguments.indexOf(fn as never), fn);
  if ((parent.type === 'ObjectProperty' && parent.value === fn) || (parent.type === 'ObjectMethod' && parent === fn)) return propertyHandler(file, parent as t.ObjectProperty);
  if (fn.type === 'ObjectMethod') return propertyHandler(file, fn);
  return undefined;
}

/** `route({ method, url, handler })`, `server.route({ path, handler })`, `consumer.run({ eachMessage })`. */
function propertyHandler(file: ParsedFile, prop: t.ObjectProperty | t.ObjectMethod): string | undefined {
  const key = propertyKeyName(prop);
  if (!key || !Object.hasOwn(HANDLER_PROPERTIES, key)) return undefined;
  const obj = file.parentOf(prop);
  const call = obj && file.parentOf(obj);
  const method = call && isCall(call) ? calleeMethod(call)?.method : undefined;
  if (key === 'handler') return method === 'route' ? HANDLER_PROPERTIES.handler : undefined;
  return method === 'run' ? HANDLER_PROPERTIES[key] : undefined;
}

/** Methods that register a listener for an emitter's event (`emitter.on('block', fn)`). */
const LISTEN_METHODS = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']);

/**
 * The event a function listens to: it is handed to `emitter.on('block', fn)` (or once, addListener) where it is
 * written, or by the name it is declared with, in its own file (`const onBlock = async (block) => ...;
 * sync.on('block', onBlock)`). `refersTo` tells whether an identifier argument names the function.
 */
export function eventListened(file: ParsedFile, fn: t.Function, refersTo: (id: t.Identifier) => boolean): string | undefined {
  const eventOf = (call: Node, arg: Node): string | undefined => {
    if (!isCall(call)) return undefined;
    const m = calleeMethod(call);
    const args = call.arguments as Node[];
    return m && LISTEN_METHODS.has(m.method) && args[1] === arg && args[0]?.type === 'StringLiteral' ? args[0].value : undefined;
  };
  const parent = file.parentOf(fn);
  if (parent && isCall(parent)) return eventOf(parent, fn);
  const id = 'id' in fn && fn.id ? fn.id : parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' && parent.init === fn ? parent.id : undefined;
  if (!id) return undefined;
  for (const call of file.callsWithArgumentNamed(id.name)) {
    const arg = (call.arguments as Node[])[1];
    const ref = arg && unwrap(arg);
    if (ref?.type === 'Identifier' && ref.name === id.name && refersTo(ref)) {
      const event = eventOf(call, arg);
      if (event) return event;
    }
  }
  return undefined;
}

function decoratorName(expr: Node): string | undefined {
  if (expr.type === 'CallExpression') return decoratorName(expr.callee as Node);
  if (expr.type === 'Identifier') return expr.name;
  if (expr.type === 'MemberExpression') return memberName(expr);
  return undefined;
}
