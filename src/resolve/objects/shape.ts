// How a client library describes its objects to the project-level tracker: which module it is, and
// which object each import, member, constructor, call and callback parameter of its API gives.
import type * as t from '@babel/types';
import type { Node } from '../../parse/ast';
import type { FileContext } from '../file-context';

export type CallNode = t.CallExpression | t.OptionalCallExpression;

/** A node and the file it is written in (objects and their facts may come from other modules). */
export interface Located<N extends Node = Node> {
  node: N;
  ctx: FileContext;
}

/** An object of a library, as the tracker follows it through the project. */
export interface LibObject {
  /** The library whose shape recognised it (a client library's name). */
  library: string;
  /** The library's own word for it: 'connection', 'channel', 'wrapper', 'module', ... */
  kind: string;
  /**
   * Its identity across the project: the place that makes it (`<file>#<offset>` of the call or `new`),
   * or, for an object the code only receives (a typed parameter or field), the place it is received.
   */
  key: string;
  /** Where it is made (or received): the call, `new`, import, parameter or field. */
  origin: Located;
  /** Received through a type annotation only: where it was made, and what was done to it there, is not known. */
  handedIn?: boolean;
  /**
   * Made anew by each call of a project function (`openChannel()` returning `conn.createChannel()`): the call
   * that handed this one out. Its key is then the factory's object's key plus that call (`perCallKey`).
   */
  perCall?: Located;
  /** What the library's shape attached (amqplib: confirm mode; rabbitmq-client: a publisher's props). */
  facts: Record<string, unknown>;
}

/** What a shape says an expression is. Without `key`, a call or `new` makes a new object (keyed by that call). */
export interface LibKind {
  kind: string;
  facts?: Record<string, unknown>;
  /** Another library's object (amqp-connection-manager's setup function receives an amqplib channel). */
  library?: string;
  /** The identity to use instead of a new one: e.g. the object the call is made on (`client.connect()` gives the client). */
  key?: string;
  /** Where the object is made, when that is not the expression itself (the object `target` was made by). */
  origin?: Located;
}

/** Describes one library's objects. Every method is optional but `source` and `imported`. */
export interface ObjectShape {
  library: string;
  /** The library's module specifiers. */
  source: RegExp;
  /** An import (or `require`) of `name` from the library: 'default', '*' or an export's name. */
  imported(name: string, at: Located): LibKind | undefined;
  /** `x.name` on one of its objects. */
  member?(of: LibObject, name: string): LibKind | undefined;
  /** `new X(...)` where X is one of its objects (a class). */
  construct?(callee: LibObject, call: Located<t.NewExpression>): LibKind | undefined;
  /** `x(...)` where x is one of its objects (a function such as `connect`). */
  call?(callee: LibObject, call: Located<CallNode>): LibKind | undefined;
  /** `x.method(...)`: what the call's value is (a promise's value counts as the value). */
  method?(target: LibObject, method: string, call: Located<CallNode>): LibKind | undefined;
  /**
   * Parameter `param` of a function passed as argument `arg` of `x.method(...)` (`method` is '' for a
   * call of `x` itself, e.g. `connect(url, (err, conn) => ...)`).
   */
  callbackParam?(target: LibObject, method: string, arg: number, param: number, call: Located<CallNode>): LibKind | undefined;
  /** Parameter `param` of a function in option `option` of argument `arg` of `x.method(...)` (`{ setup(channel) {...} }`). */
  optionCallbackParam?(target: LibObject, method: string, arg: number, option: string, param: number, call: Located<CallNode>): LibKind | undefined;
  /** A type the library exports (`Channel`; 'default' for a default import), named in an annotation or JSDoc. */
  typed?(exported: string, at: Located): LibKind | undefined;
  /** Type names JSDoc may use without importing them (`@param {Channel} ch`). */
  bareJsdocTypes?: readonly string[];
  /** Other libraries whose objects this one hands out (amqp-connection-manager's setup gets amqplib channels). */
  yields?: readonly string[];
}
