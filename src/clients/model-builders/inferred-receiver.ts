// The recognition ladder's second rung, one piece of code for every client: a call whose receiver the tracker
// cannot follow is taken as a client's when its method and argument kinds match that client's API (declared as
// data by the client) in a file that names the client, in a package that depends on it.
import type * as t from '@babel/types';
import { calleeMethod, isFunction, unwrap, type Node } from '../../parse/ast';
import { shared, type FileContext } from '../../resolve/file-context';

/** What an argument must be: a string-like value (a literal, a name, a call), an options object, a callable. */
export type ArgumentKind = 'string' | 'object' | 'function';

/** One call of a client's API: the method, the argument lists it takes, the object it is called on, what it makes. */
export interface ApiShape {
  method: string;
  /** Each argument list the method takes, as kinds in order (an optional middle argument is a second form). */
  forms: readonly (readonly ArgumentKind[])[];
  /** The client's object the call is made on (as the client's object shapes name it). */
  receiver: string;
  makes: 'declaration' | 'exchange' | 'consumer' | 'qos' | 'publish';
}

/** A client's API as data: its name (as the project's dependencies name clients), its package, the module text a file names it by. */
export interface ClientApi {
  library: string;
  packageName: string;
  /** How a file names the client (its `require`/`import` specifier). */
  mentions: RegExp;
  shapes: readonly ApiShape[];
}

export interface InferredCall {
  shape: ApiShape;
  /** Why the receiver is taken as the client's object, for the finding's message. */
  untraced: string;
}

type CallNode = t.CallExpression | t.OptionalCallExpression;

/**
 * The shape of `api` this call has when its receiver is not traced to anything (not a library object, not a
 * project object with that method), the file names the client and its package depends on it; else undefined.
 */
export function inferredCall(ctx: FileContext, call: CallNode, api: ClientApi): InferredCall | undefined {
  // Cheapest first: most calls have no method of the client's API (one Set lookup), and the file's text is read once.
  const m = calleeMethod(call);
  if (!m || !methodsOf(api).has(m.method)) return undefined;
  const project = ctx.resolver.project;
  if (!project || !project.packages.has(api.library) || !shared(ctx, `names:${api.library}`, () => api.mentions.test(ctx.file.text))) return undefined;
  const args = call.arguments as Node[];
  const shape = api.shapes.find((s) => s.method === m.method && s.forms.some((form) => matches(form, args)));
  if (!shape || !untraceable(ctx, m.object, m.method)) return undefined;
  const receiver = ctx.file.source(m.object).replace(/\s+/g, '');
  const shown = receiver.length > 40 ? `${receiver.slice(0, 39)}…` : receiver;
  const kinds = args.map(kindOf).join(', ');
  return {
    shape,
    untraced: `the receiver \`${shown}\` is not traced; it is inferred to be a ${api.library} ${shape.receiver} from the call's shape (${m.method}(${kinds}) is ${api.library}'s), this file's use of '${api.packageName}' and the package's dependency on it`,
  };
}

const METHODS = new WeakMap<ClientApi, ReadonlySet<string>>();
const methodsOf = (api: ClientApi): ReadonlySet<string> => METHODS.get(api) ?? METHODS.set(api, new Set(api.shapes.map((s) => s.method))).get(api)!;

/** Nothing the tracker knows: not a library object, and not a project object whose own method this is (a wrapper). */
export function untraceable(ctx: FileContext, receiver: Node, method: string): boolean {
  const tracker = ctx.resolver.project!.objects;
  const v = tracker.trace(receiver, ctx);
  if (!v) return true;
  if (v.t === 'lib' || v.t === 'function' || v.t === 'class') return false;
  return !tracker.memberOf(v, method, ctx, receiver);
}

function matches(form: readonly ArgumentKind[], args: Node[]): boolean {
  return form.length === args.length && form.every((kind, i) => isKind(kind, args[i]));
}

function isKind(kind: ArgumentKind, arg: Node): boolean {
  if (arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder') return false;
  const u = unwrap(arg);
  if (kind === 'function') return isFunction(u) || u.type === 'Identifier' || u.type === 'MemberExpression' || isBindCall(u);
  if (kind === 'object') return u.type === 'ObjectExpression' || u.type === 'Identifier' || u.type === 'MemberExpression';
  // A string: a literal, a template, a name or a member holding one; never a function, an object or another literal.
  return u.type === 'StringLiteral' || u.type === 'TemplateLiteral' || u.type === 'Identifier' || u.type === 'MemberExpression' || u.type === 'BinaryExpression';
}

/** `f.bind(this, ...)`: a function. */
function isBindCall(n: Node): boolean {
  if (n.type !== 'CallExpression') return false;
  const m = calleeMethod(n);
  return m?.method === 'bind';
}

function kindOf(arg: Node): string {
  const u = unwrap(arg);
  if (isFunction(u) || isBindCall(u)) return 'function';
  if (u.type === 'ObjectExpression') return 'options';
  if (u.type === 'StringLiteral' || u.type === 'TemplateLiteral') return 'name';
  return 'value';
}
