// Small readers of JSON object nodes (a JSON document parsed as a Babel AST).
import type * as t from '@babel/types';

/** The properties of a JSON object node by key (JSON keys are string literals). */
export function jsonProps(node: t.Node | undefined): Map<string, t.ObjectProperty> {
  const out = new Map<string, t.ObjectProperty>();
  if (node?.type !== 'ObjectExpression') return out;
  for (const p of node.properties) {
    if (p.type !== 'ObjectProperty') continue;
    const key = p.key.type === 'StringLiteral' ? p.key.value : p.key.type === 'Identifier' ? p.key.name : undefined;
    if (key !== undefined) out.set(key, p);
  }
  return out;
}

/** The string value of a JSON property, if it is a string. */
export function jsonString(prop: t.ObjectProperty | undefined): { value: string; node: t.StringLiteral } | undefined {
  return prop?.value.type === 'StringLiteral' ? { value: prop.value.value, node: prop.value } : undefined;
}

/** The root object of a document parsed by parseJson. */
export function jsonRoot(ast: t.File): t.Node | undefined {
  const statement = ast.program.body[0];
  return statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
}
