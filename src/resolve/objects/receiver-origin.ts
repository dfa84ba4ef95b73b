// The package a receiver the tracker cannot follow comes from, read from the syntax alone: `new Queue()` of 'bull',
// `kafka.consumer()` of a `new Kafka()` from 'kafkajs', `this.queue` assigned one of those. Another package's object
// is never taken for a client's by the ladder, whatever its calls look like.
import { memberName, unwrap, type Node } from '../../parse/ast';
import type { FileContext } from '../contracts';

const MAX_STEPS = 12;

/** The bare module specifier (a package, a Node built-in) the receiver's value is made from, if the code says. */
export function originPackage(receiver: Node, ctx: FileContext): string | undefined {
  let node: Node | undefined = unwrap(receiver);
  for (let step = 0; node && step < MAX_STEPS; step++) {
    switch (node.type) {
      case 'Identifier': {
        const b = ctx.resolver.scopes.lookup(node.name, node);
        if (!b) return undefined;
        if (b.kind === 'import') return bare(b.importSource);
        if (b.kind !== 'const' && b.kind !== 'let' && b.kind !== 'var') return undefined;
        node = b.init ? unwrap(b.init as Node) : firstAssigned(ctx, b.name, node);
        break;
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        const object = unwrap(node.object as Node);
        const name = memberName(node);
        if (object.type === 'ThisExpression' && name) {
          const cls = ctx.file.enclosingClass(node);
          const assigned = cls ? ctx.file.thisAssignments(cls, name)[0] : undefined;
          node = assigned ? unwrap(assigned.right as Node) : undefined;
        } else node = object;
        break;
      }
      case 'CallExpression':
      case 'OptionalCallExpression': {
        const callee = unwrap(node.callee as Node);
        const first = node.arguments[0];
        if (callee.type === 'Identifier' && callee.name === 'require' && first?.type === 'StringLiteral') return bare(first.value);
        if (callee.type === 'Import' && first?.type === 'StringLiteral') return bare(first.value);
        node = callee;
        break;
      }
      case 'NewExpression':
        node = unwrap(node.callee as Node);
        break;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** `let q; ... q = new Queue()`: the first value the file assigns to the name (the same binding). */
function firstAssigned(ctx: FileContext, name: string, at: Node): Node | undefined {
  const b = ctx.resolver.scopes.lookup(name, at);
  const a = ctx.file.assignmentsTo(name).find((x) => ctx.resolver.scopes.lookup(name, x.left) === b);
  return a ? unwrap(a.right as Node) : undefined;
}

const bare = (specifier: string | undefined): string | undefined => (specifier && !specifier.startsWith('.') && !specifier.startsWith('/') ? specifier : undefined);
