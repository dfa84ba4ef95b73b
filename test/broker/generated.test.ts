import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECLARATION_RULES } from '../../src/rules';
import { brokerAvailable, strictUrl, WHEN_STRICT } from './broker-env';
import { execute, showOutcome } from './drivers';
import { codemod, declarationModule, queueName } from './harness';
import { brokerScope } from './scope';

/**
 * A sample of generated declarations (flags, queue types and x-arguments): whenever the codemod's
 * rules find nothing left to refuse after `fix`, the real RabbitMQ 4.3 broker must accept the result.
 */
const tri = fc.constantFrom<boolean | undefined>(undefined, true, false);
const generated = fc.record({
  durable: tri,
  exclusive: tri,
  autoDelete: tri,
  type: fc.constantFrom(undefined, 'classic', 'quorum', 'stream'),
  args: fc.uniqueArray(
    fc.constantFrom(['x-max-priority', '10'], ['x-delivery-limit', '5'], ['x-max-age', "'1h'"], ['x-queue-master-locator', "'min-masters'"], ['x-queue-version', '1'], ['x-message-ttl', '60000'], ['x-max-length-bytes', '100000'], ['x-consumer-timeout', '60000']),
    { selector: (a) => a[0], maxLength: 3 },
  ),
  maxPriority: fc.boolean(),
});

type Generated = fc.Arbitrary<unknown> extends never ? never : (typeof generated extends fc.Arbitrary<infer T> ? T : never);
function options(g: Generated): string {
  const parts: string[] = [];
  for (const f of ['durable', 'exclusive', 'autoDelete'] as const) if (g[f] !== undefined) parts.push(`${f}: ${g[f]}`);
  if (g.maxPriority) parts.push('maxPriority: 5');
  const args = [...(g.type ? [[`'x-queue-type'`, `'${g.type}'`]] : []), ...g.args.map(([k, v]) => [`'${k}'`, v])];
  if (args.length) parts.push(`arguments: { ${args.map(([k, v]) => `${k}: ${v}`).join(', ')} }`);
  return `{ ${parts.join(', ')} }`;
}

const SAMPLE = fc.sample(generated, { seed: 4306, numRuns: 40 });
const RULE_IDS = new Set(DECLARATION_RULES.map((r) => r.meta.id));

describe.skipIf(!brokerAvailable())(`generated declarations after fix are accepted by the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const scope = brokerScope('rmq4-broker-', strictUrl);
  const created = scope.created;

  it('every fixed declaration the rules call legal is accepted', async () => {
    let checked = 0;
    for (const [i, g] of SAMPLE.entries()) {
      const name = queueName(`gen-${i}`);
      created.add(name);
      const source = declarationModule('amqplib', name, options(g));
      const fixed = codemod(source, `gen-${i}.js`);
      const again = codemod(fixed.output, `gen-${i}.js`);
      const refusedStill = again.findings.some((f) => RULE_IDS.has(f.ruleId) && f.severity === 'error');
      if (refusedStill) continue;
      const outcome = await execute(scope.sandbox, 'amqplib', fixed.output, strictUrl());
      expect(showOutcome(outcome), `generated ${options(g)}\nfixed:\n${fixed.output}`).toMatch(/^accepted/);
      checked++;
    }
    // Most of the sample must have been fixable, or this test proves little.
    expect(checked).toBeGreaterThan(25);
  });
});
