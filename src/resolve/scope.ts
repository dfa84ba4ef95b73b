// Scopes and bindings of a parsed file, built lazily along the lookups that need them.
import type * as t from '@babel/types';
import { isFunction, type Node, type ParsedFile } from '../parse/ast';

export type BindingKind = 'const' | 'let' | 'var' | 'param' | 'function' | 'class' | 'import' | 'enum' | 'catch';

export interface Binding {
  name: string;
  kind: BindingKind;
  /** The identifier that declares the name. */
  id: t.Identifier;
  /** The declarator, parameter, function, class or import specifier. */
  declaration: Node;
  /** The value assigned at declaration (const/let/var initializer, parameter default). */
  init?: t.Expression;
  /** For destructuring: the property path from init to this name. */
  path: string[];
  /** For destructuring: the default the pattern gives this name when the property is absent (`{ durable = false }`). */
  patternDefault?: t.Expression;
  /** The function whose parameter this is, and the parameter's position. */
  fn?: t.Function;
  paramIndex?: number;
  /** For imports: module specifier and imported name ('default', '*' or a name). */
  importSource?: string;
  importedName?: string;
}

/**
 * Bindings by scope node, shared by every analysis of a tree. A scope's bindings come from its own
 * subtree, which an incremental re-parse keeps as it was (same node objects) unless the edit touched
 * it; the program's come from each top-level statement's, kept the same way (see `statementBindings`).
 */
const SCOPE_BINDINGS = new WeakMap<Node, Map<string, Binding>>();
const STATEMENT_BINDINGS = new WeakMap<Node, Binding[]>();

/** Finds the declaration a name refers to, by walking outwards through enclosing scopes. */
export class Scopes {
  private assigned?: Set<string>;

  constructor(private readonly file: ParsedFile) {}

  lookup(name: string, from: Node): Binding | undefined {
    // Most names looked up and found nowhere are globals (String, JSON, console): no walk for them.
    if (!this.declaredNames().has(name)) return undefined;
    let cur: Node | undefined = from;
    while (cur) {
      const bindings = this.bindingsOf(cur);
      const found = bindings?.get(name);
      if (found) return found;
      cur = this.file.parentOf(cur);
    }
    return undefined;
  }

  /** Names assigned anywhere after their declaration (x = ..., x += ..., x++). */
  isReassigned(name: string): boolean {
    if (!this.assigned) {
      this.assigned = new Set();
      for (const node of this.file.nodes) {
        if (node.type === 'AssignmentExpression' && node.left.type === 'Identifier') this.assigned.add(node.left.name);
        if (node.type === 'UpdateExpression' && node.argument.type === 'Identifier') this.assigned.add(node.argument.name);
      }
    }
    return this.assigned.has(name);
  }

  private declared?: Set<string>;

  /** Every name the file declares anywhere (a superset of what any scope's bindings hold). */
  private declaredNames(): Set<string> {
    if (!this.declared) {
      this.declared = new Set();
      for (const statement of this.file.ast.program.body) for (const name of namesDeclaredIn(statement, this.file)) this.declared.add(name);
    }
    return this.declared;
  }

  private bindingsOf(node: Node): Map<string, Binding> | undefined {
    if (!isScope(node)) return undefined;
    let map = SCOPE_BINDINGS.get(node);
    if (!map) SCOPE_BINDINGS.set(node, (map = scopeBindings(node)));
    return map;
  }
}

function scopeBindings(scope: Node): Map<string, Binding> {
  const map = new Map<string, Binding>();
  if (scope.type === 'Program') {
    for (const stmt of scope.body) for (const b of statementBindings(stmt)) map.set(b.name, b);
  } else {
    collectScope(scope, map);
  }
  return map;
}

/**
 * The names declared anywhere in a top-level statement, read off its nodes without building any
 * scope; kept per statement like SCOPE_BINDINGS (an incremental re-parse keeps unchanged statements).
 */
const NAMES_DECLARED_IN = new WeakMap<Node, string[]>();

function namesDeclaredIn(statement: Node, file: ParsedFile): string[] {
  let names = NAMES_DECLARED_IN.get(statement);
  if (!names) {
    names = [];
    for (const node of file.nodesUnder(statement)) declaredBy(node, names);
    NAMES_DECLARED_IN.set(statement, names);
  }
  return names;
}

/** The names one node declares, as addStatement and collectScope bind them. */
function declaredBy(node: Node, out: string[]): void {
  if (isFunction(node)) {
    for (const param of node.params) patternNames(param.type === 'TSParameterProperty' ? param.parameter : param, out);
    if ((node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression') && node.id) out.push(node.id.name);
    return;
  }
  switch (node.type) {
    case 'VariableDeclarator':
      patternNames(node.id, out);
      return;
    case 'ClassDeclaration':
    case 'TSEnumDeclaration':
      if (node.id) out.push(node.id.name);
      return;
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ImportSpecifier':
      out.push(node.local.name);
      return;
    case 'CatchClause':
      if (node.param) patternNames(node.param, out);
      return;
  }
}

function patternNames(pattern: Node, out: string[]): void {
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern.name);
      return;
    case 'AssignmentPattern':
      patternNames(pattern.left, out);
      return;
    case 'ObjectPattern':
      for (const prop of pattern.properties) patternNames(prop.type === 'RestElement' ? prop.argument : prop.value, out);
      return;
    case 'ArrayPattern':
      for (const el of pattern.elements) if (el) patternNames(el, out);
      return;
    case 'RestElement':
      patternNames(pattern.argument, out);
      return;
  }
}

/** The names a top-level statement declares, in the order `addStatement` sets them. */
function statementBindings(stmt: t.Statement): Binding[] {
  let list = STATEMENT_BINDINGS.get(stmt);
  if (!list) {
    const map = new Map<string, Binding>();
    addStatement(stmt, map);
    list = [...map.values()];
    STATEMENT_BINDINGS.set(stmt, list);
  }
  return list;
}

function isScope(node: Node): boolean {
  return (
    node.type === 'Program' ||
    node.type === 'BlockStatement' ||
    node.type === 'StaticBlock' ||
    node.type === 'SwitchStatement' ||
    node.type === 'ForStatement' ||
    node.type === 'ForInStatement' ||
    node.type === 'ForOfStatement' ||
    node.type === 'CatchClause' ||
    node.type === 'TSModuleBlock' ||
    isFunction(node)
  );
}

function collectScope(node: Node, map: Map<string, Binding>): void {
  if (isFunction(node)) {
    node.params.forEach((param, index) => addParam(param, node, index, map));
    if ((node.type === 'FunctionExpression') && node.id) {
      map.set(node.id.name, { name: node.id.name, kind: 'function', id: node.id, declaration: node, path: [] });
    }
    return;
  }
  switch (node.type) {
    case 'Program':
    case 'BlockStatement':
    case 'StaticBlock':
    case 'TSModuleBlock':
      for (const stmt of node.body) addStatement(stmt, map);
      return;
    case 'SwitchStatement':
      for (const c of node.cases) for (const stmt of c.consequent) addStatement(stmt, map);
      return;
    case 'ForStatement':
      if (node.init?.type === 'VariableDeclaration') addVariables(node.init, map);
      return;
    case 'ForInStatement':
    case 'ForOfStatement':
      if (node.left.type === 'VariableDeclaration') addVariables(node.left, map);
      return;
    case 'CatchClause':
      if (node.param) addPattern(node.param, { kind: 'catch', declaration: node, path: [] }, map);
      return;
  }
}

function addStatement(stmt: t.Statement, map: Map<string, Binding>): void {
  let decl: Node = stmt;
  if ((stmt.type === 'ExportNamedDeclaration' || stmt.type === 'ExportDefaultDeclaration') && stmt.declaration) {
    decl = stmt.declaration;
  }
  switch (decl.type) {
    case 'VariableDeclaration':
      addVariables(decl, map);
      return;
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
      if (decl.id) {
        map.set(decl.id.name, {
          name: decl.id.name,
          kind: decl.type === 'FunctionDeclaration' ? 'function' : 'class',
          id: decl.id,
          declaration: decl,
          path: [],
        });
      }
      return;
    case 'TSEnumDeclaration':
      map.set(decl.id.name, { name: decl.id.name, kind: 'enum', id: decl.id, declaration: decl, path: [] });
      return;
    case 'ImportDeclaration':
      for (const spec of decl.specifiers) {
        const importedName =
          spec.type === 'ImportDefaultSpecifier'
            ? 'default'
            : spec.type === 'ImportNamespaceSpecifier'
              ? '*'
              : spec.imported.type === 'Identifier'
                ? spec.imported.name
                : spec.imported.value;
        map.set(spec.local.name, {
          name: spec.local.name,
          kind: 'import',
          id: spec.local,
          declaration: spec,
          path: [],
          importSource: decl.source.value,
          importedName,
        });
      }
      return;
  }
}

function addVariables(decl: t.VariableDeclaration, map: Map<string, Binding>): void {
  const kind: BindingKind = decl.kind === 'const' ? 'const' : decl.kind === 'var' ? 'var' : 'let';
  for (const d of decl.declarations) {
    addPattern(d.id, { kind, declaration: d, init: d.init ?? undefined, path: [] }, map);
  }
}

function addParam(param: Node, fn: t.Function, index: number, map: Map<string, Binding>): void {
  if (param.type === 'TSParameterProperty') param = param.parameter;
  let init: t.Expression | undefined;
  if (param.type === 'AssignmentPattern') {
    init = param.right;
    param = param.left;
  }
  addPattern(param, { kind: 'param', declaration: fn, init, path: [], fn, paramIndex: index }, map);
}

type BindingBase = Omit<Binding, 'name' | 'id'>;

function addPattern(pattern: Node, base: BindingBase, map: Map<string, Binding>): void {
  switch (pattern.type) {
    case 'Identifier':
      map.set(pattern.name, { ...base, name: pattern.name, id: pattern });
      return;
    case 'AssignmentPattern':
      // A default inside a destructuring pattern: it applies when the property is absent (undefined).
      addPattern(pattern.left, base.path.length ? { ...base, patternDefault: pattern.right } : base, map);
      return;
    case 'ObjectPattern':
      for (const prop of pattern.properties) {
        if (prop.type === 'RestElement') {
          // `{ name, ...params }`: the rest is the object without the keys its siblings take.
          const taken = pattern.properties.flatMap((p) => (p.type === 'ObjectProperty' && !p.computed && p.key.type === 'Identifier' ? [p.key.name] : p.type === 'ObjectProperty' && p.key.type === 'StringLiteral' ? [p.key.value] : []));
          addPattern(prop.argument, { ...base, path: [...base.path, `...${taken.join(',')}`] }, map);
          continue;
        }
        const key = !prop.computed && prop.key.type === 'Identifier' ? prop.key.name : prop.key.type === 'StringLiteral' ? prop.key.value : '?';
        addPattern(prop.value, { ...base, path: [...base.path, key] }, map);
      }
      return;
    case 'ArrayPattern':
      pattern.elements.forEach((el, i) => {
        if (el) addPattern(el, { ...base, path: [...base.path, String(i)] }, map);
      });
      return;
    case 'RestElement':
      addPattern(pattern.argument, { ...base, path: [...base.path, '...'] }, map);
      return;
  }
}
