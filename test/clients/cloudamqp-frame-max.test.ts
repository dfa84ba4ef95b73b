/**
 * client-frame-max for @cloudamqp/amqp-client: the library refuses a frameMax below 8192 itself.
 * The error text the rule quotes is checked against the installed library, not copied from it.
 */
import { describe, expect, it } from 'vitest';
import { AMQPClient } from '@cloudamqp/amqp-client';
import { analyze } from '../../src/engine/analyze';
import { CLOUDAMQP_FRAME_MAX_MINIMUM } from '../../src/clients/cloudamqp-amqp-client/frame-max';

const findings = (text: string) => analyze([{ path: 'c.ts', text }], { target: '4.3', followImports: false }).files[0].findings.filter((f) => f.ruleId === 'client-frame-max');

describe('@cloudamqp/amqp-client frameMax', () => {
  it.each(['4096', '0', '8191'])('the library itself throws the quoted error for ?frameMax=%s, before any socket', (value) => {
    expect(() => new AMQPClient(`amqp://localhost/?frameMax=${value}`)).toThrow(CLOUDAMQP_FRAME_MAX_MINIMUM.error);
  });

  it('accepts the minimum and its own default', () => {
    expect(() => new AMQPClient(`amqp://localhost/?frameMax=${CLOUDAMQP_FRAME_MAX_MINIMUM.value}`)).not.toThrow();
    expect(() => new AMQPClient('amqp://localhost/')).not.toThrow();
  });

  it('reports the URL parameter and the session option as a client-side error, without a broker error', () => {
    const text = `import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';
export async function go() {
  const c = new AMQPClient('amqp://h/?frameMax=4096');
  await c.connect();
  await new AMQPClient('amqp://h/?frameMax=0').connect();
  await AMQPSession.connect('amqp://h/?frameMax=4096', { frameMax: 65536 });
}
`;
    const found = findings(text);
    expect(found.map((f) => [f.severity, f.line, f.brokerError])).toEqual([
      ['error', 4, undefined],
      ['error', 5, undefined],
    ]);
    expect(found[0].message).toContain('throws "frameMax must be 8192 or larger"');
    expect(found[0].message).toContain('not a broker refusal');
  });
});
