// Rule amqp10-v1-address: AMQP 1.0 links attached to v1 addresses, refused from 4.3.
import { atLeast, type LinkRule, type Violation } from './types';
import { v1Address } from './amqp-addresses';

const refusal = (address: string) => `amqp:invalid-field - Attach refused: {amqp_address_v1_not_permitted,{utf8,<<"${address}">>}}`;

export const amqp10V1Address: LinkRule = {
  meta: {
    id: 'amqp10-v1-address',
    title: 'An AMQP 1.0 link attached to a v1 address (/queue/Q, /exchange/X/RK, /topic/RK, /amq/queue/Q, a bare name): refused by default from 4.3',
    appliesTo: 'amqp10-link',
    severity: { '4.0': 'warning', '4.1': 'warning', '4.2': 'warning', '4.3': 'error' },
    fixable: 'rewrite',
    docs: 'amqp10-v1-address',
    brokerError: refusal('/queue/Q'),
  },
  checkLink(link, ctx): Violation[] {
    if (link.address.kind !== 'known') return [];
    const address = link.address.value;
    const v1 = v1Address(address, link.role);
    if (!v1) return [];
    const refused = atLeast(ctx.target, '4.3');
    const effect = refused
      ? 'RabbitMQ 4.3 refuses the attach (the deprecated feature amqp_address_v1 is denied by default)'
      : 'v1 addresses are deprecated since RabbitMQ 4.0 (amqp_address_v1) and refused by default from 4.3';
    const message = `${link.callee} attaches a ${link.role} to the v1 address '${address}' (${v1.form}): ${effect}.`;
    const common = { severity: refused ? ('error' as const) : ('warning' as const), brokerError: refused ? refusal(address) : undefined };
    if (v1.exact) {
      return [{ ...common, message, intents: [{ kind: 'set-address', address: v1.exact }], advice: `attach to the v2 address '${v1.exact}'` }];
    }
    if (v1.close) {
      return [
        {
          ...common,
          message: `${message} Its v2 form is '${v1.close.address}', but ${v1.close.caveat}.`,
          intents: [{ kind: 'set-address', address: v1.close.address }],
          unsafeIntents: true,
          advice: `make sure the queue exists (declare it before attaching), then attach to '${v1.close.address}'`,
        },
      ];
    }
    return [{ ...common, message, advice: v1.otherwise! }];
  },
};
