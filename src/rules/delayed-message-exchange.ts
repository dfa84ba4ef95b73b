// Rule delayed-message-exchange: the delayed-message plugin's exchanges and x-delay publishes.
import type { ExchangeDeclaration, Publish } from '../model';
import { atLeast, type ExchangeRule, type RuleContext, type Violation } from './types';

export const DELAYED_EXCHANGE_TYPE = 'x-delayed-message';

const REFUSAL = `406 PRECONDITION_FAILED - unknown exchange type '${DELAYED_EXCHANGE_TYPE}'`;

const ALTERNATIVES =
  "for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type, x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue' (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for arbitrary delays, an external scheduler";

/**
 * The community delayed-message exchange plugin: its last release supports 4.2 only, the repository
 * is archived, and without it 4.3 refuses the exchange type (catalogue H3; checked on 4.3.6).
 */
export const delayedMessageExchange: ExchangeRule = {
  meta: {
    id: 'delayed-message-exchange',
    title: "An x-delayed-message exchange, or a publish with its x-delay header: the delayed-message exchange plugin has no RabbitMQ 4.3 release",
    appliesTo: 'exchange-declaration',
    severity: { '4.0': 'warning', '4.1': 'warning', '4.2': 'warning', '4.3': 'error' },
    fixable: 'annotate',
    dependsOn: 'an x-delayed-message exchange: error on 4.3, warning before; a publish with the x-delay header: warning on 4.3, info (reported only) before',
    docs: 'delayed-message-exchange',
    brokerError: REFUSAL,
  },
  checkExchange(ex: ExchangeDeclaration, ctx: RuleContext): Violation[] {
    if (ex.type.kind === 'unknown' || ex.type.value !== DELAYED_EXCHANGE_TYPE) return [];
    const label = ex.name.kind === 'unknown' ? 'an exchange' : `exchange '${ex.name.value}'`;
    const is43 = atLeast(ctx.target, '4.3');
    return [
      {
        severity: is43 ? 'error' : 'warning',
        message: is43
          ? `${ex.callee} declares ${label} of type ${DELAYED_EXCHANGE_TYPE}: the delayed-message exchange plugin has no release for RabbitMQ 4.3 (it is archived), so the broker refuses the declaration (406, channel closed).`
          : `${ex.callee} declares ${label} of type ${DELAYED_EXCHANGE_TYPE}: the delayed-message exchange plugin is deprecated and archived, its last release supports 4.2 only, and RabbitMQ 4.3 refuses the exchange type (406).`,
        brokerError: is43 ? REFUSAL : undefined,
        focus: ex.type.kind === 'known' ? ex.type.origin : undefined,
        advice: `replace the delayed-message exchange before moving to RabbitMQ 4.3: ${ALTERNATIVES}`,
      },
    ];
  },
  checkPublish(p: Publish, ctx: RuleContext): Violation[] {
    const delay = p.headers?.find((h) => h.key === 'x-delay');
    if (!delay) return [];
    const is43 = atLeast(ctx.target, '4.3');
    return [
      {
        severity: is43 ? 'warning' : 'info',
        message: `${p.callee} sets the x-delay header, which only the delayed-message exchange plugin reads: ${
          is43 ? 'RabbitMQ 4.3 has no release of the plugin, so' : 'the plugin is archived and has no RabbitMQ 4.3 release; from 4.3'
        } no x-delayed-message exchange can be declared, and any other exchange ignores the header and routes the message at once.`,
        focus: delay.value.kind !== 'default' ? delay.value.origin : undefined,
        advice: `delay the message another way: ${ALTERNATIVES}`,
      },
    ];
  },
};
