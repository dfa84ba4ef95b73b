// Fix intents applied to the model (to prove a rewrite legal) and described for the user.
import { known, type FixIntent, type QueueDeclaration } from '../model';

/** The declaration as it would be after the intents: rules re-check it to prove the fix legal. */
export function applyIntents(decl: QueueDeclaration, intents: FixIntent[]): QueueDeclaration {
  let next: QueueDeclaration = { ...decl, arguments: [...decl.arguments] };
  for (const intent of intents) {
    if (intent.kind === 'set-flag') next = { ...next, [intent.flag]: known(intent.value, decl.at) };
    else if (intent.kind === 'remove-argument') next.arguments = next.arguments.filter((a) => a.key !== intent.key);
    else if (intent.kind === 'replace-argument') {
      next.arguments = next.arguments.map((a) =>
        a.key === intent.key ? { key: intent.newKey, value: known(intent.newValue, decl.at), via: 'arguments', spelledAs: intent.newKey } : a,
      );
    }
  }
  return next;
}

export function describeIntent(intent: FixIntent): string {
  switch (intent.kind) {
    case 'set-flag':
      return `set ${intent.flag}: ${intent.value}`;
    case 'remove-argument':
      return intent.key === 'x-queue-type' ? 'drop x-queue-type (declare a classic queue)' : `remove ${intent.key}`;
    case 'replace-argument':
      return `replace ${intent.key} with ${intent.newKey}: '${intent.newValue}'`;
    case 'drop-global-qos':
      return 'drop the global flag (prefetch per consumer)';
    case 'manual-ack':
      return `acknowledge manually: noAck: false, ack each message after the handler's work, and prefetch ${intent.prefetch} on the channel`;
    case 'set-address':
      return `attach to the v2 address '${intent.address}'`;
    case 'set-frame-max':
      return `set frameMax to ${intent.value}`;
    case 'raise-dependency':
      return `require ${intent.name} ${intent.minimum} or later (then refresh the lock file: npm install, yarn install or pnpm install)`;
    case 'set-stream-offset':
      return `send x-stream-offset as ${intent.text} (${intent.means})`;
    case 'guard-null-message':
      return `return early from the handler when the message is null: ${NULL_GUARD_DESCRIPTION}`;
  }
}

/** The statement the guard-null-message rewrite inserts, for a message parameter `name`. */
export const nullGuard = (name: string): string => `if (${name} === null) { /* consumer cancelled by the broker */ return; }`;

/** The guard as users read it in fix descriptions and advice. */
export const NULL_GUARD_DESCRIPTION = nullGuard('msg');

export const sameIntent = (a: FixIntent, b: FixIntent): boolean => JSON.stringify(a) === JSON.stringify(b);
