// The resolver's contracts: the values it computes, a file's context, and what the resolver and the object
// tracker ask of each other and of the project. Every module of resolve/ reads these types from here, so
// that none of them needs another's implementation to be typed (no import cycle among them).
import type * as t from '@babel/types';
import type { Node, ParsedFile } from '../parse/ast';
import type { Span, UnlessSet } from '../model';
import type { Scopes } from './scope';
import type { SourceHost } from '../index/module-resolution';
import type { ProjectIndex } from '../index/project-index';

/** One call of a function: its arguments, resolved in the caller (for a method call on `new C(...)`, also C's constructor arguments). */
export interface CallSiteBinding {
  fn: t.Function;
  args: (Node | undefined)[];
  caller: Resolver;
  also?: { fn: t.Function; args: (Node | undefined)[] }[];
  /** No caller is known: parameters with a default take it, the others stay unknown. */
  defaultsOnly?: true;
  /**
   * A caller that passes nothing (library mode: what the library's own defaults give): parameters with a default take
   * it, those a caller may leave out are undefined (and so is every property read from them), the others stay unknown.
   */
  passesNothing?: true;
  /** Values a library passes the function (commander calling an `.action` handler), by parameter index, instead of `args`. */
  given?: Value[];
}

export type Primitive = string | number | boolean | null | undefined;

/** A function parameter a value comes from: each call site decides it. */
export interface ParamRef {
  fn: t.Function;
  index: number;
  name: string;
}

export type Value =
  | {
      kind: 'literal';
      value: Primitive;
      origin?: Span;
      /** the origin is a literal that an edit may replace */
      editable: boolean;
      /** Why no edit may replace the expression that reads it either (a command line option's default: the flag decides at run time). */
      readOnly?: string;
      /** An argument a caller leaves out (CallSiteBinding.passesNothing): reading a property of it gives undefined too. */
      omitted?: true;
      /** Read as a key the object does not hold (`opts.prefetchCount` of `{ prefetch: 10 }`): the key, and the object. */
      absentKey?: { key: string; holder: ObjectValue };
    }
  | { kind: 'object'; object: ObjectValue }
  | { kind: 'array'; items: Value[]; origin: Span }
  | { kind: 'function'; node: t.Function }
  | { kind: 'class'; node: t.ClassDeclaration }
  /** A module namespace (`import * as m`, `require('./m')`): its members are its exports. */
  | { kind: 'module'; absolute: string }
  | {
      kind: 'unknown';
      reason: string;
      origin?: Span;
      param?: ParamRef;
      notExported?: boolean;
      /** Certainly a string (a for-in key): it has no properties but String's. */
      string?: true;
      /** Certainly truthy (`x || 10`, `a || b || 1024`): never 0, '', false, null or undefined. */
      truthy?: true;
      /** Never left unset (`x ?? 100`, `config.getOrThrow(key)`): only a value set on purpose can be 0 or ''. */
      chosen?: true;
      /** Every value it can take, where the code names them all (a class field assigned `false` here and `true` there). */
      possible?: Primitive[];
      /** An object the code does not make whose named members are known (a command line's options): undefined for any other key. */
      members?: (key: string) => Value | undefined;
      /** Read from the project's configuration files (node-config): the reason says which files and variables decide it. */
      configured?: true;
      /** A value a configuration file sets unless an environment variable is set (node-config). */
      unlessSet?: UnlessSet;
      /** An object whose methods read a dotted key (node-config's `config.get('a.b')`, `config.has('a.b')`), read at `at`. */
      keyed?: (method: string, key: string, at: Span) => Value | undefined;
      /** A library's merge helper (lodash's `defaults`, `assign`): a call of it is read as that merge. */
      merge?: MergeKind;
    };

/** How a library merge helper merges: `defaults` fills only the keys the target leaves undefined; `assign` copies every source key over. */
export type MergeKind = 'defaults' | 'defaultsDeep' | 'assign';

export interface PropertyValue {
  key: string;
  /** The file that holds the property (spreads may bring properties from other modules). */
  file: ParsedFile;
  /** The property as written (in the object literal that holds it). */
  node: t.ObjectProperty | t.ObjectMethod;
  /** The object literal that holds the property. */
  holder: t.ObjectExpression;
  value(): Value;
  /** Why no edit may change it here (it stands for the same property of several objects). */
  readOnly?: string;
}

export interface ObjectValue {
  /** The file that holds the object literal. */
  file: ParsedFile;
  /** The object literal the value starts from. */
  node: t.ObjectExpression;
  origin: Span;
  props: Map<string, PropertyValue>;
  /** Why some keys may be missing from props (an unresolved spread or computed key). */
  open?: string;
  /** The parameter an unresolved spread comes from (`{ noAck: false, ...options }`): each call site decides it. */
  openParam?: ParamRef;
  /** Properties whose key is computed at run time (`[name]: {...}`), keyed by the key's source text in brackets. */
  computed?: PropertyValue[];
  /** Every object literal consulted to build this value (itself and spread sources). */
  reads: Span[];
  /** Why no edit may change it (it stands for several object literals: a loop's elements). */
  readOnly?: string;
}

/** The value resolver of one file, as the rest of the engine uses it (resolve/values.ts implements it). */
export interface Resolver {
  readonly file: ParsedFile;
  readonly scopes: Scopes;
  readonly project?: ProjectView;
  readonly absolute?: string;
  /** This resolver with a function's parameters bound to one call's arguments. */
  withCallSite(binding: CallSiteBinding): Resolver;
  /** What a declaration (a function, a class, an enum) is as a value. */
  resolveDeclaration(node: Node): Value;
  resolve(expr: Node | null | undefined, depth?: number): Value;
  /** A member of a value (`value.key`), read at `at`. */
  member(value: Value, key: string, at: Node): Value;
  /** `this.name` where `at` (a `this`) is read: the class's field, as the class sets it. */
  thisMember(at: Node, name: string, depth?: number): Value;
  /** The resolver of the file a function is written in: this one, or a module's the project has loaded. */
  homeOf(fn: t.Function): Resolver | undefined;
}

/** Per-file state shared by the clients that analyse the file. */
export interface FileContext {
  file: ParsedFile;
  resolver: Resolver;
  /** Caches clients share (e.g. one channel tracker for amqplib and amqp-connection-manager). */
  shared: Map<string, unknown>;
}

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
  /**
   * Set when the object is not traced but inferred (the recognition ladder's rung b, resolve/objects/ladder.ts), or
   * made by one that is: why the receiver is taken as this library's object, as a finding says it.
   */
  inferred?: string;
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

/**
 * What an argument of a client's call must be for the call to fit its API: `name` a value that can be a queue or
 * exchange name (a string, a template, a name or member holding one, a call or concatenation making one; never a
 * number literal, a function or an object literal); `value` any value but a function or an object literal;
 * `number` a count (never a string, an object, an array, a boolean or a function); `options` an object literal or
 * a name or member holding one; `object` an object literal written in the call; `function` a function, a name of one, `f.bind(...)`, or a factory's call making one;
 * `any` anything.
 */
export type ArgumentKind = 'name' | 'value' | 'number' | 'options' | 'object' | 'function' | 'any';

/** One call of a client's API, as data: the method, the argument lists it takes, the object it is called on. */
export interface ApiShape {
  method: string;
  /** Each argument list the method takes, as kinds in order (an optional argument is a second form). */
  forms: readonly (readonly ArgumentKind[])[];
  /** The kind of the client's object the call is made on (as the client's ObjectShape names its kinds). */
  receiver: string;
  /** What the call is to the client: the subject it makes, or only an object (the library's `method` says which). */
  makes: 'declaration' | 'exchange' | 'binding' | 'consumer' | 'qos' | 'publish' | 'deletion' | 'check' | 'object';
  /** The call also gives an object, as its value or its callback's parameter (node-amqp's `connection.queue()` gives the queue). */
  gives?: true;
  /**
   * Only this client's objects have the method (amqplib's assertQueue, sendToQueue): another such call on the same
   * receiver says it is the client's object even where the project names no client (a library handed its channel).
   */
  only?: true;
}

/** A client's API as data, for the ladder's rung b: the package a module names it by, its calls, the facts its inferred objects carry. */
export interface ClientApi {
  /** The package as a module names it (for messages: "this file's use of 'amqp'"). */
  packageName: string;
  shapes: readonly ApiShape[];
  /** The facts an inferred object of `kind` carries (amqplib: a channel's client and its unknown confirm mode). */
  facts?(kind: string): Record<string, unknown>;
  /**
   * Where the client's use must show for a call to be taken as its: a module connected by imports to one that names it
   * (the default), or anywhere in the project (`project`: shapes distinctive enough that the dependency says it, as
   * amqplib's channel calls have proved on real code; a library handed its channel by a caller it never imports).
   */
  evidence?: 'module' | 'project';
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
  /** The client's calls as data, for receivers the tracker cannot follow (the recognition ladder's rung b). */
  api?: ClientApi;
  /** Classes the library exports that a project's class may extend, by export name: the fields their constructor sets from its options. */
  classFields?: Readonly<Record<string, LibraryClassFields>>;
}

/** One field a library class's constructor sets from an option of its options argument. */
export interface LibraryClassField {
  /** The option it takes. */
  option: string;
  /** Its value when the option is left out (`{}`: an empty object), unless the library's default is `unsettled`. */
  default?: Primitive | Readonly<Record<string, never>>;
  /** Why the default is not one value (it differs between the library's versions). */
  unsettled?: string;
  /** The constructor writes `option || default`: a falsy option takes the default too (otherwise only one left out does). */
  orDefault?: true;
}

/** What a library class's constructor makes of its options argument: the fields it sets, as data. */
export interface LibraryClassFields {
  /** The constructor's parameter that holds the options. */
  optionsParam: number;
  fields: Readonly<Record<string, LibraryClassField>>;
}

export type ClassNode = t.ClassDeclaration | t.ClassExpression;
/** A class, or a constructor function of pre-ES2015 code (`function Broker() {...}; Broker.prototype.m = function ...`). */
export type ClassLike = ClassNode | t.FunctionDeclaration | t.FunctionExpression;

export type Traced =
  | { t: 'lib'; obj: LibObject }
  /** An instance of a class of the project (`new C()`, `this`, a DI-injected `C`). */
  | { t: 'instance'; cls: ClassLike; ctx: FileContext }
  | { t: 'class'; cls: ClassLike; ctx: FileContext }
  /** An array literal of the project's (its elements, and what `push` adds to it). */
  /** `map`: a `new Map([[key, value], ...])` made from the array literal (its entries are the array's [key, value] tuples). */
  | { t: 'array'; node: t.ArrayExpression; ctx: FileContext; map?: true }
  /** A module of the project (`import * as m`, a relative `require`, a dynamic `import()`). */
  | { t: 'namespace'; absolute: string }
  | { t: 'object'; node: t.ObjectExpression; ctx: FileContext }
  | { t: 'function'; fn: t.Function; ctx: FileContext };

/** What the project's object tracker answers the rest of the engine (resolve/objects/tracker.ts implements it). */
export interface TrackerView {
  /** The library object an expression is, if it is one. */
  of(expr: Node, ctx: FileContext): LibObject | undefined;
  /** What an expression is: a library object, or one of the project's classes, instances, modules, objects and functions. */
  trace(expr: Node, ctx: FileContext): Traced | undefined;
  /** `value.name` of what the tracker follows (a class's instance: its method or field). */
  memberOf(value: Traced, name: string, ctx: FileContext, at: Node): Traced | undefined;
  /**
   * The recognition ladder for a method call's receiver: (a) the library object the tracker follows it to; else (b)
   * the objects of the clients whose API the call fits, inferred (`LibObject.inferred` says from what), more than one
   * when several clients fit; else nothing (c: no client's call, or nothing says the receiver is a client's).
   */
  receiversOf(call: CallNode, ctx: FileContext): readonly LibObject[];
  /** The library class an expression names (a class's `extends` clause), with the fields its constructor sets, if a library describes them. */
  libraryClass(expr: Node, ctx: FileContext): { name: string; fields: LibraryClassFields } | undefined;
  readonly providers: {
    providersOf(decorators: readonly t.Decorator[] | null | undefined, ctx: FileContext): { node: t.ObjectExpression; ctx: FileContext }[];
    /** The provider objects of the token an expression names (`app.get(TOKEN)`). */
    providersOfToken(token: Node, ctx: FileContext): { node: t.ObjectExpression; ctx: FileContext }[];
  };
}

/**
 * What the tracker's own parts (parameters and returns, type names, providers: resolve/objects/) ask of it,
 * so that they take the tracker they work for without importing it.
 */
export interface ObjectTracking extends TrackerView {
  readonly project: ProjectView | undefined;
  readonly shapes: readonly ObjectShape[];
  readonly types: {
    annotation(type: t.Identifier['typeAnnotation'] | undefined | null, at: Located, received: string): Traced | undefined;
    jsdoc(text: string, at: Located, received: string): Traced | undefined;
  };
  readonly params: { returns(fn: t.Function, ctx: FileContext): Traced | undefined };
  shapeOf(library: string): ObjectShape | undefined;
  make(shape: ObjectShape, kind: LibKind, origin: Located, handedIn?: boolean, from?: LibObject): Traced;
  firstOf(nodes: Node[], ctx: FileContext): Traced | undefined;
  elementOf(expr: Node, ctx: FileContext, depth?: number): Traced | undefined;
  path(value: Traced | undefined, keys: readonly string[], ctx: FileContext, at: Node): Traced | undefined;
  imported(source: string, name: string, at: Located): Traced | undefined;
  exported(absolute: string, name: string, depth?: number): Traced | undefined;
  calledFunction(call: t.CallExpression | t.OptionalCallExpression, ctx: FileContext): { fn: t.Function; ctx: FileContext } | undefined;
}

/** The files of one analysis as the resolver and the tracker read them (resolve/project.ts implements it). */
export interface ProjectView {
  readonly host: SourceHost;
  readonly index: ProjectIndex;
  readonly libraries: ReadonlySet<string>;
  readonly packages: ReadonlySet<string>;
  readonly objects: TrackerView;
  callerFiles(absolute: string): string[];
  providerFiles(): string[];
  injectorFiles(): string[];
  add(absolute: string, ctx: FileContext): void;
  opened(absolute: string): FileContext | undefined;
  context(absolute: string): FileContext | undefined;
  loaded(): [string, FileContext][];
  resolveSpecifier(fromAbsolute: string, specifier: string): string | undefined;
  imported(fromAbsolute: string, specifier: string, name: string, depth?: number): Value;
  exported(absolute: string, name: string, depth?: number): Value;
}
