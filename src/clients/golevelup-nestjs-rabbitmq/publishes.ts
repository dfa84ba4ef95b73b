// @golevelup/nestjs-rabbitmq's AmqpConnection publishes.
import type * as t from '@babel/types';
import { calleeMethod, isCall, memberName, unwrap, type Node } from '../../parse/ast';
import type { FileModel } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { amqplibPublish } from '../amqplib-family/calls';
import { exportOf } from '../nestjs-family/config';
import { GOLEVELUP, GOLEVELUP_PACKAGE } from './names';

/**
 * `amqpConnection.publish(exchange, routingKey, message, options)` on an AmqpConnection (injected as
 * a typed constructor parameter, a typed field or a typed parameter): the library publishes on an
 * amqp-connection-manager confirm channel, and the promise settles with the broker's confirm.
 */
export function addPublishes(ctx: FileContext, model: FileModel): void {
  for (const node of ctx.file.nodes) {
    if (!isCall(node)) continue;
    const m = calleeMethod(node);
    if (m?.method !== 'publish' || !isAmqpConnection(ctx, m.object)) continue;
    model.publishes.push(amqplibPublish(ctx, node, GOLEVELUP, `${GOLEVELUP}:${ctx.file.source(m.object)}`, true, 'confirm'));
  }
}

function isAmqpConnection(ctx: FileContext, expr: Node): boolean {
  const node = unwrap(expr);
  if (node.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(node.name, node);
    return !!b && isTyped(ctx, b.id.typeAnnotation, b.id);
  }
  if (node.type === 'MemberExpression' && node.object.type === 'ThisExpression') {
    const name = memberName(node);
    const body = enclosingClassBody(ctx, node);
    return !!name && !!body && body.body.some((member) => memberTyped(ctx, member, name));
  }
  return false;
}

function enclosingClassBody(ctx: FileContext, node: Node): t.ClassBody | undefined {
  for (const a of ctx.file.ancestors(node)) if (a.type === 'ClassBody') return a;
  return undefined;
}

/** A field `name: AmqpConnection`, or a constructor parameter property `private name: AmqpConnection`. */
function memberTyped(ctx: FileContext, member: Node, name: string): boolean {
  if (member.type === 'ClassProperty' && member.key.type === 'Identifier' && member.key.name === name) return isTyped(ctx, member.typeAnnotation, member);
  if (member.type !== 'ClassMethod' || member.kind !== 'constructor') return false;
  return member.params.some((p) => {
    if (p.type !== 'TSParameterProperty') return false;
    const id = p.parameter.type === 'AssignmentPattern' ? p.parameter.left : p.parameter;
    return id.type === 'Identifier' && id.name === name && isTyped(ctx, id.typeAnnotation, member);
  });
}

function isTyped(ctx: FileContext, annotation: t.Identifier['typeAnnotation'] | t.ClassProperty['typeAnnotation'], anchor: Node): boolean {
  if (!annotation || annotation.type !== 'TSTypeAnnotation') return false;
  const type = annotation.typeAnnotation;
  if (type.type !== 'TSTypeReference') return false;
  const name = type.typeName;
  if (name.type === 'Identifier') return exportOf(ctx, name, GOLEVELUP_PACKAGE, anchor) === 'AmqpConnection';
  return name.type === 'TSQualifiedName' && name.right.name === 'AmqpConnection' && name.left.type === 'Identifier' && exportOf(ctx, name.left, GOLEVELUP_PACKAGE, anchor) === '*';
}
