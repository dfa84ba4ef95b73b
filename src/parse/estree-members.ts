// ESTree's object and class members turned into Babel's (part of the oxc conversion).
import type { EstreeNode as Any } from './estree-types';

/** ESTree's object and class members as Babel's: ObjectProperty/ObjectMethod, Class*, TSDeclareMethod. */

export function property(node: Any): Any {
  if (node.method || node.kind === 'get' || node.kind === 'set') {
    const fn = node.value;
    return {
      type: 'ObjectMethod', start: node.start, end: node.end, method: node.method, key: node.key, computed: node.computed,
      kind: node.method ? 'method' : node.kind, id: null, generator: fn.generator, async: fn.async, params: fn.params, body: fn.body,
      ...functionTypes(fn),
    };
  }
  node.type = 'ObjectProperty';
  node.kind = undefined;
  if (node.shorthand) node.extra = { shorthand: true };
  return node;
}

function functionTypes(fn: Any): Any {
  const out: Any = {};
  if (fn.typeParameters) out.typeParameters = fn.typeParameters;
  if (fn.returnType) out.returnType = fn.returnType;
  return out;
}

export function method(node: Any): Any {
  const fn = node.value;
  const declared = fn.type === 'TSEmptyBodyFunctionExpression';
  const type = declared ? 'TSDeclareMethod' : node.key.type === 'PrivateName' ? 'ClassPrivateMethod' : 'ClassMethod';
  const out: Any = { type, start: node.start, end: node.end, ...decoratorsOf(node), static: node.static, key: node.key, computed: node.computed, kind: node.kind, id: null, generator: fn.generator, async: fn.async, params: fn.params, ...functionTypes(fn) };
  if (!declared) out.body = fn.body;
  return classModifiers(node, out);
}

/** Decorators first: the engine reads a node's children in key order, and they come first in the text. */
function decoratorsOf(node: Any): Any | undefined {
  return node.decorators?.length ? { decorators: node.decorators } : undefined;
}

/** The TS modifiers Babel writes only when present. */
function classModifiers(node: Any, out: Any): Any {
  if (node.type.startsWith('TSAbstract')) out.abstract = true;
  if (node.accessibility) out.accessibility = node.accessibility;
  if (node.override) out.override = true;
  if (node.optional) out.optional = true;
  if (node.readonly) out.readonly = true;
  if (node.declare) out.declare = true;
  if (node.definite) out.definite = true;
  return out;
}

export function classProperty(node: Any): Any {
  const type = node.key.type === 'PrivateName' ? 'ClassPrivateProperty' : 'ClassProperty';
  const out: Any = { type, start: node.start, end: node.end, ...decoratorsOf(node), static: node.static, key: node.key, computed: node.computed, value: node.value };
  if (node.typeAnnotation) out.typeAnnotation = node.typeAnnotation;
  return classModifiers(node, out);
}

export function accessorProperty(node: Any): Any {
  const out: Any = { type: 'ClassAccessorProperty', start: node.start, end: node.end, ...decoratorsOf(node), static: node.static, key: node.key, computed: node.computed, value: node.value };
  if (node.typeAnnotation) out.typeAnnotation = node.typeAnnotation;
  return classModifiers(node, out);
}
