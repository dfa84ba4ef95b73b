// The parsed file: Babel's tree with parent links, node lists, line positions and small AST helpers.
import type * as t from '@babel/types';
import { LineIndex } from '../text';
import type { Span } from '../model';
import { VISITOR_KEYS } from './visitor-keys';


/** The index key of member assignments whose key is computed at run time (not a name a member can have). */
const COMPUTED_MEMBER = '[]';
export type Node = t.Node;

const SKIP_KEYS = new Set([
  'type', 'start', 'end', 'loc', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments',
  'comments', 'tokens', 'typeAnnotation', 'returnType', 'typeParameters', 'superTypeParameters', 'typeArguments',
]);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** The child nodes of a node, in source order, without type annotations. */
export function childrenOf(node: Node): Node[] {
  const keys = VISITOR_KEYS[node.type];
  const out = keys ? childrenByKeys(node, keys) : childrenByFields(node);
  // Usually the keys are already in source order: sort only when they are not.
  for (let i = 1; i < out.length; i++) {
    if ((out[i].start ?? 0) < (out[i - 1].start ?? 0)) return out.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
  }
  return out;
}

/** A known node type: only the fields that hold children are read (most nodes have one or two). */
function childrenByKeys(node: Node, keys: readonly string[]): Node[] {
  const out: Node[] = [];
  const fields = node as unknown as Record<string, unknown>;
  for (let k = 0; k < keys.length; k++) {
    const value = fields[keys[k]];
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) out.push(item);
    } else if (isNode(value)) {
      out.push(value);
    }
  }
  return out;
}

/** A node type the table does not know (a newer parser's): every field holding nodes. */
function childrenByFields(node: Node): Node[] {
  const out: Node[] = [];
  const fields = node as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (typeof value !== 'object' || value === null || SKIP_KEYS.has(key)) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) out.push(item);
    } else if (isNode(value)) {
      out.push(value);
    }
  }
  return out;
}

/**
 * The nodes of a subtree in pre-order by subtree root, and every node's parent. Only a top-level
 * statement's own parent (the program) changes when the incremental parser reuses the statement (an
 * edit elsewhere: same node objects, offsets moved), so a re-analysis walks only the statements that
 * were parsed again. A tree the parse cache replaced is never analysed again.
 */
const SUBTREE_NODES = new WeakMap<Node, Node[]>();
/** The same for the roots below a statement that `nodesUnder` was asked about. */
const NESTED_NODES = new WeakMap<Node, Node[]>();
/**
 * A node's parent, and the top-level statement it is in (a file answers only for nodes of its own
 * statements), kept on the node itself: a WeakMap entry per node made whole-file scans ~35% slower.
 */
const PARENT = Symbol('parent');
const STATEMENT = Symbol('statement');
type Linked = Node & { [PARENT]?: Node; [STATEMENT]?: Node };

function link(node: Node, parent: Node, statement: Node): void {
  (node as Linked)[PARENT] = parent;
  (node as Linked)[STATEMENT] = statement;
}

function subtreeNodes(root: Node): Node[] {
  let nodes = SUBTREE_NODES.get(root);
  if (nodes) return nodes;
  nodes = [];
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    nodes.push(node);
    // Offsets are all the engine reads (lines come from `lines`). A location is three objects per
    // node; dropped before the tree leaves the young generation, they are never copied by the GC.
    (node as { loc?: unknown }).loc = undefined;
    const kids = childrenOf(node);
    for (let i = kids.length - 1; i >= 0; i--) {
      link(kids[i], node, root);
      stack.push(kids[i]);
    }
  }
  SUBTREE_NODES.set(root, nodes);
  return nodes;
}

/** `Channel` or `amqp.Channel` in a type annotation: the name, and the namespace it is read from. */
export function typeReferenceName(type: t.TSTypeReference): { local: string; qualifier?: string } | undefined {
  const name = type.typeName;
  if (name.type === 'Identifier') return { local: name.name };
  if (name.type === 'TSQualifiedName' && name.left.type === 'Identifier') return { local: name.right.name, qualifier: name.left.name };
  return undefined;
}

/** A parsed file with parent links and line positions. */
export class ParsedFile {
  readonly lines: LineIndex;
  /** Every node in source order (pre-order). */
  readonly nodes: Node[];
  /** The program's children: a node of another file has no parent here. */
  private readonly statements = new Set<Node>();

  constructor(
    readonly path: string,
    readonly text: string,
    readonly ast: t.File,
  ) {
    this.lines = new LineIndex(text);
    const program = ast.program;
    (program as { loc?: unknown }).loc = undefined;
    const subtrees: Node[][] = [];
    for (const child of childrenOf(program)) {
      // The program node is new after every incremental re-parse: its children's parent is set anew.
      link(child, program, child);
      this.statements.add(child);
      subtrees.push(subtreeNodes(child));
    }
    this.nodes = [program as Node].concat(...subtrees);
  }

  parentOf(node: Node): Node | undefined {
    const statement = (node as Linked)[STATEMENT];
    return statement && this.statements.has(statement) ? (node as Linked)[PARENT] : undefined;
  }

  *ancestors(node: Node): Generator<Node> {
    let cur = this.parentOf(node);
    while (cur) {
      yield cur;
      cur = this.parentOf(cur);
    }
  }

  /** The class a node is written in (the nearest one), if any. */
  enclosingClass(node: Node): t.ClassDeclaration | t.ClassExpression | undefined {
    for (const a of this.ancestors(node)) if (a.type === 'ClassDeclaration' || a.type === 'ClassExpression') return a;
    return undefined;
  }

  /**
   * A node and every node below it, in pre-order: what a scan of `nodes` by offsets finds, without the
   * scan. Kept per root (a handler's function is walked by several checks, and by every analysis of
   * an unchanged statement): a subtree's shape never changes, the incremental parser only moves it.
   */
  nodesUnder(root: Node): Node[] {
    const kept = SUBTREE_NODES.get(root) ?? NESTED_NODES.get(root);
    if (kept) return kept;
    const out: Node[] = [];
    const stack: Node[] = [root];
    while (stack.length) {
      const node = stack.pop()!;
      out.push(node);
      const kids = childrenOf(node);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
    NESTED_NODES.set(root, out);
    return out;
  }

  private functionList?: t.Function[];

  /** Every function of the file, sorted by start (indexed once per file). */
  functions(): readonly t.Function[] {
    if (!this.functionList) this.functionList = this.nodes.filter(isFunction).sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
    return this.functionList;
  }

  /** The node that spans exactly `at` (the outermost, if several do), found by offsets in the pre-order list. */
  nodeAt(at: { start: number; end: number }): Node | undefined {
    const nodes = this.nodes;
    let lo = 0;
    let hi = nodes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((nodes[mid].start ?? 0) < at.start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < nodes.length && (nodes[i].start ?? 0) === at.start; i++) if (nodes[i].end === at.end) return nodes[i];
    return undefined;
  }

  /** The functions whose text holds the span, innermost first. */
  functionsAround(at: { start: number; end: number }): t.Function[] {
    const node = this.nodeAt(at);
    if (node) return [node, ...this.ancestors(node)].filter((a): a is t.Function => isFunction(a) && (a.start ?? 0) <= at.start && at.end <= (a.end ?? 0));
    // A span no node has exactly: the functions sorted by start, the holders among those that start before it.
    const fns = this.functions();
    let lo = 0;
    let hi = fns.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((fns[mid].start ?? 0) <= at.start) lo = mid + 1;
      else hi = mid;
    }
    const out: t.Function[] = [];
    for (let i = lo - 1; i >= 0; i--) if ((fns[i].end ?? 0) >= at.end) out.push(fns[i]);
    return out;
  }

  /** The innermost function whose text holds the span, if any. */
  innermostFunction(at: { start: number; end: number }): t.Function | undefined {
    return this.functionsAround(at)[0];
  }

  span(node: Node): Span {
    return { file: this.path, start: node.start ?? 0, end: node.end ?? 0 };
  }

  source(node: Node): string {
    return this.text.slice(node.start ?? 0, node.end ?? 0);
  }

  /** The statement (or class member / object property in a class body) that contains the node. */
  statementOf(node: Node): Node {
    let cur: Node = node;
    for (const parent of this.ancestors(node)) {
      if (isStatementList(parent)) return cur;
      cur = parent;
    }
    return cur;
  }

  comments(): t.Comment[] {
    return this.ast.comments ?? [];
  }

  private identifierAssignments?: Map<string, t.AssignmentExpression[]>;

  /** `name = value` assignments anywhere in the file (indexed once per file). */
  assignmentsTo(name: string): t.AssignmentExpression[] {
    if (!this.identifierAssignments) {
      this.identifierAssignments = new Map();
      for (const node of this.nodes) {
        if (node.type !== 'AssignmentExpression' || node.left.type !== 'Identifier') continue;
        const list = this.identifierAssignments.get(node.left.name) ?? [];
        list.push(node);
        this.identifierAssignments.set(node.left.name, list);
      }
    }
    return this.identifierAssignments.get(name) ?? [];
  }

  private assignmentIndex?: Map<Node, Map<string, t.AssignmentExpression[]>>;

  /** `this.name = value` assignments inside a class, by name (indexed once per file). */
  thisAssignments(cls: Node, name: string): t.AssignmentExpression[] {
    if (!this.assignmentIndex) {
      this.assignmentIndex = new Map();
      for (const node of this.nodes) {
        if (node.type !== 'AssignmentExpression' || node.left.type !== 'MemberExpression' || node.left.object.type !== 'ThisExpression') continue;
        const member = memberName(node.left);
        const owner = this.enclosingClass(node);
        if (!member || !owner) continue;
        let byName = this.assignmentIndex.get(owner);
        if (!byName) this.assignmentIndex.set(owner, (byName = new Map()));
        const list = byName.get(member) ?? [];
        list.push(node);
        byName.set(member, list);
      }
    }
    return this.assignmentIndex.get(cls)?.get(name) ?? [];
  }

  private objectAssignmentIndex?: Map<string, t.AssignmentExpression[]>;

  /** `name.key = value` and `name[key] = value` assignments anywhere in the file, by the object's name. */
  assignmentsToMembersOf(name: string): t.AssignmentExpression[] {
    if (!this.objectAssignmentIndex) {
      this.objectAssignmentIndex = new Map();
      for (const node of this.nodes) {
        if (node.type !== 'AssignmentExpression' || node.left.type !== 'MemberExpression' || node.left.object.type !== 'Identifier') continue;
        const list = this.objectAssignmentIndex.get(node.left.object.name) ?? [];
        list.push(node);
        this.objectAssignmentIndex.set(node.left.object.name, list);
      }
    }
    return this.objectAssignmentIndex.get(name) ?? [];
  }

  private memberAssignmentIndex?: Map<string, t.AssignmentExpression[]>;

  /** `x.name = value` assignments anywhere in the file, whatever `x` is (indexed once per file). */
  memberAssignments(name: string): t.AssignmentExpression[] {
    if (!this.memberAssignmentIndex) {
      this.memberAssignmentIndex = new Map();
      for (const node of this.nodes) {
        if (node.type !== 'AssignmentExpression' || node.left.type !== 'MemberExpression') continue;
        // A key computed at run time (`map[key] = v`) is indexed under `[]` (see computedMemberAssignments).
        const member = memberName(node.left) ?? (node.left.computed ? COMPUTED_MEMBER : undefined);
        if (!member) continue;
        const list = this.memberAssignmentIndex.get(member) ?? [];
        list.push(node);
        this.memberAssignmentIndex.set(member, list);
      }
    }
    return this.memberAssignmentIndex.get(name) ?? [];
  }

  /** Assignments to a member whose key is computed at run time: `this.queues[name] = {}`, `channels[id] = ch`. */
  computedMemberAssignments(): t.AssignmentExpression[] {
    return this.memberAssignments(COMPUTED_MEMBER);
  }

  private callIndex?: Map<string, (t.CallExpression | t.OptionalCallExpression)[]>;

  /**
   * Calls by the name they call: `name(...)` under `name`, `this.name(...)` under `this.name`, and any
   * other `x.name(...)` under `.name`. Built once per file: looking callers up must not walk the whole file each time.
   */
  private argumentIndex?: Map<string, (t.CallExpression | t.OptionalCallExpression | t.NewExpression)[]>;

  /**
   * The calls and `new` expressions one of whose arguments names `name`: an identifier `name`, a member
   * `x.name` (`this.onMessage`), either possibly `.bind(...)`-ed (indexed once per file).
   */
  callsWithArgumentNamed(name: string): readonly (t.CallExpression | t.OptionalCallExpression | t.NewExpression)[] {
    if (!this.argumentIndex) {
      const index = new Map<string, (t.CallExpression | t.OptionalCallExpression | t.NewExpression)[]>();
      for (const call of this.callsAndConstructions()) {
        const names = new Set<string>();
        for (const arg of call.arguments) {
          let node = unwrap(arg as Node);
          if (isCall(node) && calleeMethod(node)?.method === 'bind') node = unwrap(calleeMethod(node)!.object);
          if (node.type === 'Identifier') names.add(node.name);
          else if (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') {
            const m = memberName(node);
            if (m) names.add(m);
          }
        }
        for (const n of names) {
          const list = index.get(n);
          if (list) list.push(call);
          else index.set(n, [call]);
        }
      }
      this.argumentIndex = index;
    }
    return this.argumentIndex.get(name) ?? [];
  }

  private callList?: (t.CallExpression | t.OptionalCallExpression | t.NewExpression)[];

  /** Every call and `new` expression of the file, in source order (indexed once per file). */
  callsAndConstructions(): readonly (t.CallExpression | t.OptionalCallExpression | t.NewExpression)[] {
    this.callList ??= this.nodes.filter((n): n is t.CallExpression | t.OptionalCallExpression | t.NewExpression => isCall(n) || n.type === 'NewExpression');
    return this.callList;
  }

  callsNamed(name: string): (t.CallExpression | t.OptionalCallExpression)[] {
    if (!this.callIndex) {
      this.callIndex = new Map();
      for (const node of this.nodes) {
        if (!isCall(node)) continue;
        const callee = unwrap(node.callee);
        let key: string | undefined;
        if (callee.type === 'Identifier') key = callee.name;
        else if (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') {
          const m = memberName(callee);
          if (m) key = callee.object.type === 'ThisExpression' ? `this.${m}` : `.${m}`;
        }
        if (!key) continue;
        const list = this.callIndex.get(key) ?? [];
        list.push(node);
        this.callIndex.set(key, list);
      }
    }
    return this.callIndex.get(name) ?? [];
  }
}

function isStatementList(node: Node): boolean {
  return (
    node.type === 'Program' ||
    node.type === 'BlockStatement' ||
    node.type === 'StaticBlock' ||
    node.type === 'SwitchCase' ||
    node.type === 'ClassBody' ||
    node.type === 'TSModuleBlock'
  );
}

/** Strip wrappers that do not change a value: parentheses, `as`, `satisfies`, `!`, `<T>x`, Flow's `(x: T)`. */
export function unwrap(node: Node): Node {
  let cur = node;
  for (;;) {
    switch (cur.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'TSInstantiationExpression':
      case 'TypeCastExpression':
      case 'ParenthesizedExpression':
        cur = cur.expression;
        continue;
      case 'AwaitExpression':
        if (cur.argument) {
          cur = cur.argument;
          continue;
        }
        return cur;
      default:
        return cur;
    }
  }
}

/** The name of a non-computed property key or a string-literal key. */
export function propertyKeyName(node: t.ObjectProperty | t.ObjectMethod | t.ClassProperty | t.ClassMethod | t.ClassAccessorProperty): string | undefined {
  const key = node.key;
  if (!node.computed && key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  if (key.type === 'NumericLiteral') return String(key.value);
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/** The `key: value` property an object literal writes for `key` (not a spread, a method or an unresolved computed key). */
export function ownProperty(obj: t.ObjectExpression, key: string): t.ObjectProperty | undefined {
  return obj.properties.find((p): p is t.ObjectProperty => p.type === 'ObjectProperty' && propertyKeyName(p) === key);
}

/** The identifier a parameter binds when it is a plain name (`x`, `x = 1`, `private readonly x`), if it is. */
export function paramIdentifier(p: t.Function['params'][number] | undefined): t.Identifier | undefined {
  const inner = p?.type === 'TSParameterProperty' ? p.parameter : p;
  const id = inner?.type === 'AssignmentPattern' ? inner.left : inner;
  return id?.type === 'Identifier' ? id : undefined;
}

/** `a.b` or `a['b']` property name of a member expression. */
export function memberName(node: t.MemberExpression | t.OptionalMemberExpression): string | undefined {
  const p = node.property;
  if (!node.computed && p.type === 'Identifier') return p.name;
  if (p.type === 'StringLiteral') return p.value;
  return undefined;
}

/** The method name of a call like `x.assertQueue(...)` or `x?.assertQueue(...)`. */
export function calleeMethod(call: t.CallExpression | t.OptionalCallExpression): { object: Node; method: string } | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') {
    const method = memberName(callee);
    if (method) return { object: callee.object, method };
  }
  return undefined;
}

export function isCall(node: Node): node is t.CallExpression | t.OptionalCallExpression {
  return node.type === 'CallExpression' || node.type === 'OptionalCallExpression';
}

export function isFunction(node: Node): node is t.Function {
  return (
    node.type === 'FunctionDeclaration' ||
    node.type === 'FunctionExpression' ||
    node.type === 'ArrowFunctionExpression' ||
    node.type === 'ObjectMethod' ||
    node.type === 'ClassMethod' ||
    node.type === 'ClassPrivateMethod'
  );
}
