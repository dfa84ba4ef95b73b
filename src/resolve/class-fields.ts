// Every write to a class's fields: `this.a.b = v` in any method (the constructor too), `Object.assign(this.a, ...)`,
// `this.a.n++`, and `obj.a.b = v` on an instance (`const obj = new C()`) in the class's file. A field's value is all of them.
import { memberName, unwrap, type Node, type ParsedFile } from '../parse/ast';
import { thisOwner } from './this-owner';

export interface FieldWrite {
  /** The member path below the instance (`this.options.names = ...`: ['options', 'names']); cut at a computed key. */
  path: string[];
  /** The value written, when the write is a plain `=` of the whole path; otherwise the write makes it unknown. */
  value?: Node;
  /** The write as it stands (for the reason a value is unknown). */
  node: Node;
  /** The path ends at a computed key or the write merges (`Object.assign`): everything below the path is unknown. */
  open?: true;
  /** An unconditional statement of the constructor's own body: nothing before it is ever read by a method. */
  constructorTop?: true;
}

const cache = new WeakMap<ParsedFile, Map<Node, FieldWrite[]>>();

/** A member chain's names below its root, and the root (`this.a.b` → this, ['a', 'b']); `open` where a computed key cuts it. */
function chainOf(node: Node): { root: Node; path: string[]; open?: true } | undefined {
  const path: string[] = [];
  let open: true | undefined;
  let cur = unwrap(node);
  while (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression') {
    const name = memberName(cur);
    if (name === undefined) {
      path.length = 0;
      open = true;
    } else path.unshift(name);
    cur = unwrap(cur.object as Node);
  }
  return cur === node ? undefined : { root: cur, path, open };
}

/**
 * The class a write belongs to: `this` inside its methods (arrow functions keep it; a constructor function's own body
 * and its prototype methods too, resolve/this-owner.ts), or an instance made by `new C(...)` in the file.
 */
function ownerOf(file: ParsedFile, root: Node, at: Node, instances: Map<string, Node>): Node | undefined {
  if (root.type === 'ThisExpression') return file.enclosingClass(at) ?? thisOwner(file, root);
  return root.type === 'Identifier' ? instances.get(root.name) : undefined;
}

/** `new C(...)` or `await new C(...)`: the class's name. */
function newOf(node: Node): string | undefined {
  const n = node.type === 'AwaitExpression' ? unwrap(node.argument as Node) : node;
  return n.type === 'NewExpression' && n.callee.type === 'Identifier' ? n.callee.name : undefined;
}

function isConstructorTop(file: ParsedFile, assignment: Node, cls: Node): boolean {
  const statement = file.parentOf(assignment);
  const body = statement?.type === 'ExpressionStatement' ? file.parentOf(statement) : undefined;
  const ctor = body?.type === 'BlockStatement' ? file.parentOf(body) : undefined;
  // A constructor function's own body (`function Consumer() { this.options = {...} }`).
  if (cls.type === 'FunctionDeclaration') return ctor === cls;
  return ctor?.type === 'ClassMethod' && ctor.kind === 'constructor' && file.parentOf(file.parentOf(ctor)!) === cls;
}

/** Every write to the fields of each class of the file, by class (indexed once per file). */
function index(file: ParsedFile): Map<Node, FieldWrite[]> {
  let byClass = cache.get(file);
  if (byClass) return byClass;
  byClass = new Map();
  const classesByName = new Map<string, Node>();
  for (const n of file.nodes) if ((n.type === 'ClassDeclaration' || n.type === 'ClassExpression') && n.id) classesByName.set(n.id.name, n);
  // Variables the file makes with `new C(...)` of one of its classes (by the variable's name: any such variable counts).
  const instances = new Map<string, Node>();
  for (const n of file.nodes) {
    if (n.type !== 'VariableDeclarator' || n.id.type !== 'Identifier' || !n.init) continue;
    const cls = classesByName.get(newOf(unwrap(n.init as Node)) ?? '');
    if (cls) instances.set(n.id.name, cls);
  }
  const add = (target: Node, at: Node, write: Omit<FieldWrite, 'path'>) => {
    const chain = chainOf(target);
    if (!chain) return;
    const cls = ownerOf(file, chain.root, at, instances);
    if (!cls || !chain.path.length) return;
    const open = write.open || chain.open;
    const entry: FieldWrite = { ...write, path: chain.path, ...(open ? { open: true, value: undefined } : {}) };
    if (!open && chain.root.type === 'ThisExpression' && isConstructorTop(file, at, cls)) entry.constructorTop = true;
    byClass!.get(cls)?.push(entry) ?? byClass!.set(cls, [entry]);
  };
  for (const node of file.nodes) {
    if (node.type === 'AssignmentExpression' && (node.left.type === 'MemberExpression' || node.left.type === 'OptionalMemberExpression')) {
      add(node.left as Node, node, node.operator === '=' ? { value: node.right as Node, node } : { node });
    } else if (node.type === 'UpdateExpression' || (node.type === 'UnaryExpression' && node.operator === 'delete')) {
      add(node.argument as Node, node, { node });
    } else if (node.type === 'CallExpression' && node.arguments[0]) {
      const callee = unwrap(node.callee as Node);
      const isAssign = callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'Object' && memberName(callee) === 'assign';
      if (isAssign) add(node.arguments[0] as Node, node, { node, open: true });
    }
  }
  cache.set(file, byClass);
  return byClass;
}

/** The writes to `this.<name>` and below it in the class (its methods, its instances in the file). */
export function fieldWrites(file: ParsedFile, cls: Node, name: string): FieldWrite[] {
  return (index(file).get(cls) ?? []).filter((w) => w.path[0] === name);
}
