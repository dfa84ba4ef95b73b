// oxc's ESTree tree turned into Babel's, in place.
import type { File } from '@babel/types';

/**
 * oxc's ESTree / TS-ESTree tree turned, in one post-order walk that mutates it in place, into the
 * tree @babel/parser gives with parseSource's options: Babel's node types (literals by kind,
 * ObjectProperty/ObjectMethod, Class* members, Optional* chains, PrivateName, `Import` callee,
 * directives, Babel 7 TS field names) and `extra` where Babel sets it (raw values, parentheses).
 * Fields oxc writes with a default value where Babel writes none (`decorators: []`, `optional:
 * false`, `typeAnnotation: null`, ...) are left: nothing reads an empty default differently from
 * an absent field (test/parse/oxc-equivalence.test.ts names each one).
 */

import { accessorProperty, classProperty, method, property } from './estree-members';
import { decodeEntities } from './jsx-text';
import { positionIn } from './babel-positions';
import type { EstreeNode, TextStart } from './estree-types';

export type { EstreeNode, TextStart };
// oxc's nodes: plain objects from JSON.parse, read and rewritten field by field.
type Any = EstreeNode;

interface Walk {
  text: string;
  /** An import or export (at any depth, as in a TS namespace) or `import.meta`: what makes Babel call a file a module. */
  sawModuleSyntax: boolean;
  /** oxc's TS-ESTree output (for .ts/.tsx): template elements span their delimiters too. */
  typescript: boolean;
  /** The fields of each node type that hold child nodes (oxc's `visitorKeys`, read nowhere else), and its conversion. */
  types: Map<string, NodeType>;
  /** Added to every offset: a slice of a file parsed at its place in the file. */
  shift: number;
}

export type ChildKeys = Record<string, readonly string[] | undefined>;

/** Where `text` starts in its file: 0-based offset and column, 1-based line. */
export interface OxcComment {
  type: 'Line' | 'Block';
  value: string;
  start: number;
  end: number;
}

/**
 * `sourceType`: as asked of Babel. An `unambiguous` program is a module when Babel would call it
 * one (top-level `await` alone does not make one, as it does for oxc).
 */
export function estreeToBabel(
  program: Any,
  comments: OxcComment[],
  text: string,
  options: { at: TextStart; sourceType: 'module' | 'script' | 'unambiguous'; typescript: boolean; childKeys: ChildKeys },
): File {
  const { at, sourceType } = options;
  const shift = at.index;
  const walk: Walk = { text, shift, sawModuleSyntax: false, typescript: options.typescript, types: typesFor(options.childKeys) };
  const converted = convertProgram(visit(program, walk), walk);
  converted.sourceType = sourceType !== 'unambiguous' ? sourceType : walk.sawModuleSyntax ? 'module' : 'script';
  const position = comments.length ? positionIn(text, at) : undefined;
  // oxc lists a `#!` line among the comments too; for Babel it is only the program's interpreter.
  const hashbangAt = converted.interpreter ? 0 : -1;
  const babelComments = comments.filter((c) => c.start !== hashbangAt).map((c) => ({
    type: c.type === 'Line' ? 'CommentLine' : 'CommentBlock', value: c.value, start: c.start + shift, end: c.end + shift,
    // Suppression comments are read by line (src/engine/suppressions.ts): comments keep Babel's `loc`.
    loc: { start: position!(c.start), end: position!(c.end) },
  }));
  return { type: 'File', start: shift, end: shift + text.length, program: converted, comments: babelComments } as unknown as File;
}

function visit(node: Any, walk: Walk): Any {
  const type = walk.types.get(node.type);
  const keys = type?.keys;
  if (keys) {
    for (let k = 0; k < keys.length; k++) visitField(node, keys[k], walk);
  } else {
    for (const key in node) visitField(node, key, walk);
  }
  if (walk.shift !== 0) {
    node.start += walk.shift;
    node.end += walk.shift;
  }
  return type?.convert ? type.convert(node, walk) : node;
}

/** Per node type: the fields holding child nodes, and the conversion (one lookup per node). */
interface NodeType {
  /** Undefined for a type oxc's keys do not list: every field is looked at. */
  keys?: readonly string[];
  convert?: (node: Any, walk: Walk) => Any;
}

const TYPES = new WeakMap<ChildKeys, Map<string, NodeType>>();

function typesFor(childKeys: ChildKeys): Map<string, NodeType> {
  let types = TYPES.get(childKeys);
  if (!types) {
    types = new Map();
    for (const [type, keys] of Object.entries(childKeys)) if (keys) types.set(type, { keys, convert: CONVERTERS[type] });
    for (const [type, convert] of Object.entries(CONVERTERS)) if (!types.has(type)) types.set(type, { convert });
    TYPES.set(childKeys, types);
  }
  return types;
}

/** Converts the child node(s) in one field of `node`, in place. */
function visitField(node: Any, key: string, walk: Walk): void {
  const value = node[key];
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (item !== null && typeof item === 'object' && item.type !== undefined) value[i] = visit(item, walk);
    }
  } else if (value.type !== undefined) {
    node[key] = visit(value, walk);
  }
}

const CONVERTERS: Record<string, (node: Any, walk: Walk) => Any> = {
  Literal: literal,
  ParenthesizedExpression: (node) => parenthesized(node.expression, node.start),
  ChainExpression: (node) => optionalChain(node.expression),
  PrivateIdentifier: (node) => ({ type: 'PrivateName', start: node.start, end: node.end, id: { type: 'Identifier', start: node.start + 1, end: node.end, name: node.name } }),
  ImportExpression: importCall,
  Property: property,
  MethodDefinition: method,
  TSAbstractMethodDefinition: method,
  PropertyDefinition: classProperty,
  TSAbstractPropertyDefinition: classProperty,
  AccessorProperty: accessorProperty,
  TSAbstractAccessorProperty: accessorProperty,
  BlockStatement: (node) => withDirectives(node),
  ExportAllDeclaration: exportAll,
  ExportNamedDeclaration: exportDeclaration,
  ExportDefaultDeclaration: exportDeclaration,
  ImportDeclaration: moduleSyntax,
  TSExportAssignment: moduleSyntax,
  TSNamespaceExportDeclaration: moduleSyntax,
  TSImportEqualsDeclaration: (node, walk) => {
    walk.sawModuleSyntax = true;
    if (node.isExport === undefined) node.isExport = false;
    return node;
  },
  MetaProperty: (node, walk) => {
    if (node.meta.name === 'import') walk.sawModuleSyntax = true;
    return node;
  },
  TSTemplateLiteralType: (node) => {
    templateElementsWithoutDelimiters(node.quasis);
    return { type: 'TSLiteralType', start: node.start, end: node.end, literal: { type: 'TemplateLiteral', start: node.start, end: node.end, expressions: node.types, quasis: node.quasis } };
  },
  TemplateLiteral: (node, walk) => {
    if (walk.typescript) templateElementsWithoutDelimiters(node.quasis);
    return node;
  },
  TSMappedType: (node) => {
    node.typeParameter = { type: 'TSTypeParameter', start: node.key.start, end: node.constraint.end, name: node.key.name, constraint: node.constraint };
    node.key = undefined;
    node.constraint = undefined;
    return node;
  },
  TSImportType: (node) => {
    node.argument = node.source;
    node.source = undefined;
    return typeArgumentsToParameters(node);
  },
  TSDeclareFunction: (node, walk) => {
    node.body = undefined;
    return functionNode(node, walk);
  },
  RestElement: (node) => {
    node.value = undefined;
    return node;
  },
  JSXText: (node) => {
    node.value = decodeEntities(node.value);
    return rawExtra(node, node.value);
  },
  JSXAttribute: (node) => {
    const value = node.value;
    if (value?.type === 'StringLiteral') value.value = value.extra.rawValue = decodeEntities(value.value);
    return node;
  },
  TSEnumDeclaration: (node) => {
    node.members = node.body.members;
    node.body = undefined;
    return node;
  },
  TSInterfaceHeritage: heritage,
  TSClassImplements: heritage,
  TSModuleDeclaration: moduleDeclaration,
  AssignmentExpression: (node) => {
    // `(a.b) = c`: oxc keeps no parentheses around an assignment target; Babel marks the target.
    if (node.left.start > node.start) parenthesized(node.left, node.start);
    return node;
  },
  UpdateExpression: (node) => {
    if (!node.prefix && node.argument.start > node.start) parenthesized(node.argument, node.start);
    return node;
  },
  ArrowFunctionExpression: functionNode,
  FunctionExpression: functionNode,
  FunctionDeclaration: functionNode,
  TSTypeParameter: (node) => {
    node.name = node.name.name;
    return node;
  },
};

function typeArgumentsToParameters(node: Any): Any {
  node.typeParameters = node.typeArguments ?? undefined;
  node.typeArguments = undefined;
  return node;
}
for (const type of ['CallExpression', 'NewExpression', 'TaggedTemplateExpression', 'JSXOpeningElement', 'TSTypeReference', 'TSTypeQuery', 'TSInstantiationExpression']) {
  CONVERTERS[type] = typeArgumentsToParameters;
}
const classNode = (node: Any) => {
  node.superTypeParameters = node.superTypeArguments ?? undefined;
  node.superTypeArguments = undefined;
  return node;
};
CONVERTERS.ClassDeclaration = classNode;
CONVERTERS.ClassExpression = classNode;
const signature = (node: Any) => {
  node.parameters = node.params;
  node.params = undefined;
  node.typeAnnotation = node.returnType;
  node.returnType = undefined;
  return node;
};
for (const type of ['TSFunctionType', 'TSConstructorType', 'TSMethodSignature', 'TSCallSignatureDeclaration', 'TSConstructSignatureDeclaration']) {
  CONVERTERS[type] = signature;
}

/** ESTree's `expression` flag of functions: Babel has none. */
function functionNode(node: Any, walk: Walk): Any {
  node.expression = undefined;
  for (const param of node.params ?? []) afterDecorators(param, walk);
  return node;
}

/**
 * A decorated parameter (`@Query('p') p?: string`, `@Query('p') p = 'daily'`) starts, for Babel, after its
 * decorators; oxc starts some at the first decorator (an optional one in its JSON, one with a default in both
 * transfers).
 */
function afterDecorators(param: Any, walk: Walk): void {
  // A parameter property (`@Inject(T) private readonly t: T`) starts at its first decorator for Babel too.
  if (param.type === 'TSParameterProperty') return;
  const target = param.type === 'AssignmentPattern' ? param.left : param;
  const decorators = param.decorators?.length ? param.decorators : target.decorators;
  if (!decorators?.length) return;
  // Babel keeps a defaulted parameter's decorators on its name when the name has a type (`@Q() page: number = 1`).
  if (param !== target && param.decorators?.length && target.typeAnnotation) {
    target.decorators = param.decorators;
    param.decorators = undefined;
  }
  const after = skipTrivia(walk.text, decorators[decorators.length - 1].end - walk.shift) + walk.shift;
  if (target.start < after) target.start = after;
  if (param !== target && param.start < after) param.start = target.start;
}

/** The offset of the first character at or after `from` that is neither whitespace nor a comment. */
function skipTrivia(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else if (c === 47 && text.charCodeAt(i + 1) === 47) i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === 47 && text.charCodeAt(i + 1) === 42) i = text.indexOf('*/', i + 2) === -1 ? text.length : text.indexOf('*/', i + 2) + 2;
    else break;
  }
  return i;
}

/** `namespace A.B {}` is, for Babel, `A` holding a declaration of `B`. */
function moduleDeclaration(node: Any): Any {
  let body = node.body;
  let id = node.id;
  for (; id.type === 'TSQualifiedName'; id = id.left) {
    body = { type: 'TSModuleDeclaration', start: id.right.start, end: node.end, id: id.right, body };
  }
  node.id = id;
  node.body = body;
  return node;
}

function rawExtra(node: Any, rawValue: unknown): Any {
  node.extra = { rawValue, raw: node.raw };
  node.raw = undefined;
  return node;
}

function literal(node: Any): Any {
  const value = node.value;
  if (typeof value === 'string') {
    node.type = 'StringLiteral';
    return rawExtra(node, value);
  }
  if (typeof value === 'number') {
    node.type = 'NumericLiteral';
    return rawExtra(node, value);
  }
  if (typeof value === 'boolean') {
    node.type = 'BooleanLiteral';
    node.raw = undefined;
    return node;
  }
  if (node.regex) {
    // The flags as written (oxc sorts them).
    const flags = node.raw.slice(node.raw.lastIndexOf('/') + 1);
    return { type: 'RegExpLiteral', start: node.start, end: node.end, extra: { raw: node.raw }, pattern: node.regex.pattern, flags };
  }
  if (node.bigint !== undefined && node.bigint !== null) {
    return { type: 'BigIntLiteral', start: node.start, end: node.end, extra: { rawValue: node.raw.slice(0, -1), raw: node.raw }, value: node.raw.slice(0, -1) };
  }
  return { type: 'NullLiteral', start: node.start, end: node.end };
}

function parenthesized(expression: Any, parenStart: number): Any {
  if (expression.extra) {
    expression.extra.parenthesized = true;
    expression.extra.parenStart = parenStart;
  } else {
    expression.extra = { parenthesized: true, parenStart };
  }
  return expression;
}

/**
 * `a.b?.c.d()`: Babel has no chain node; every member or call from the first `?.` outwards is an
 * OptionalMemberExpression / OptionalCallExpression, the ones inside it stay plain.
 */
function optionalChain(top: Any): Any {
  const links: Any[] = [];
  let deepest = -1;
  for (let node = top; ; ) {
    if (node.type === 'MemberExpression' || node.type === 'CallExpression') {
      if (node.extra?.parenthesized && node !== top) break;
      links.push(node);
      if (node.optional) deepest = links.length - 1;
      node = node.type === 'MemberExpression' ? node.object : node.callee;
    } else if (node.type === 'TSNonNullExpression' && !node.extra?.parenthesized) {
      links.push(node);
      node = node.expression;
    } else break;
  }
  for (let i = 0; i <= deepest; i++) {
    const node = links[i];
    if (node.type === 'MemberExpression') node.type = 'OptionalMemberExpression';
    else if (node.type === 'CallExpression') node.type = 'OptionalCallExpression';
  }
  return top;
}

function importCall(node: Any): Any {
  const args = node.options ? [node.source, node.options] : [node.source];
  return { type: 'CallExpression', start: node.start, end: node.end, callee: { type: 'Import', start: node.start, end: node.start + 6 }, arguments: args };
}

/** Leading `"use strict";` statements of a program or function body are Babel's directives. */
function withDirectives(node: Any): Any {
  const body: Any[] = node.body;
  let count = 0;
  while (count < body.length && typeof body[count].directive === 'string') count++;
  node.directives = count === 0 ? [] : body.splice(0, count).map(directive);
  return node;
}

function directive(statement: Any): Any {
  const literal = statement.expression;
  const raw = literal.extra.raw as string;
  return {
    type: 'Directive', start: statement.start, end: statement.end,
    value: { type: 'DirectiveLiteral', start: literal.start, end: literal.end, extra: { rawValue: raw.slice(1, -1), raw, expressionValue: literal.value }, value: raw.slice(1, -1) },
  };
}

function convertProgram(program: Any, walk: Walk): Any {
  withDirectives(program);
  const hashbang = program.hashbang;
  program.interpreter = hashbang ? { type: 'InterpreterDirective', start: hashbang.start + walk.shift, end: hashbang.end + walk.shift, value: hashbang.value } : null;
  program.hashbang = undefined;
  return program;
}

function moduleSyntax(node: Any, walk: Walk): Any {
  walk.sawModuleSyntax = true;
  return node;
}

/** Babel's template elements span only their text; oxc's TS-ESTree ones include `\``, `${` and `}`. */
function templateElementsWithoutDelimiters(quasis: Any[]): void {
  for (const quasi of quasis) {
    quasi.start += 1;
    quasi.end -= quasi.tail ? 1 : 2;
  }
}

/** `@dec export class A {}`: Babel starts the export (and the class) at the first decorator. */
function exportDeclaration(node: Any, walk: Walk): Any {
  walk.sawModuleSyntax = true;
  const declaration = node.declaration;
  if (declaration?.type === 'TSImportEqualsDeclaration') {
    // `export import A = B.C`: Babel marks the declaration instead of wrapping it.
    declaration.isExport = true;
    declaration.start = node.start;
    return declaration;
  }
  const decorators = declaration?.decorators;
  if (decorators?.length && decorators[0].start < node.start) {
    node.start = decorators[0].start;
    declaration.start = decorators[0].start;
  }
  return node;
}

/** `export * as ns from 'x'` is, for Babel, a named export with a namespace specifier. */
function exportAll(node: Any, walk: Walk): Any {
  walk.sawModuleSyntax = true;
  if (!node.exported) return node;
  const star = walk.text.indexOf('*', node.start - walk.shift) + walk.shift;
  return {
    type: 'ExportNamedDeclaration', start: node.start, end: node.end, exportKind: node.exportKind,
    specifiers: [{ type: 'ExportNamespaceSpecifier', start: star, end: node.exported.end, exported: node.exported }],
    source: node.source, attributes: node.attributes, declaration: null,
  };
}

/** `implements A.B<T>`: Babel 7 names the heritage with TSQualifiedName, not member expressions. */
function heritage(node: Any): Any {
  return { type: 'TSExpressionWithTypeArguments', start: node.start, end: node.end, expression: qualifiedName(node.expression), typeParameters: node.typeArguments ?? undefined };
}

function qualifiedName(node: Any): Any {
  if (node.type !== 'MemberExpression') return node;
  return { type: 'TSQualifiedName', start: node.start, end: node.end, left: qualifiedName(node.object), right: node.property };
}
