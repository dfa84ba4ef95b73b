// The plan as text for a terminal: each queue with its verdict, declarations, changes and broker replies, then the policies, steps and warnings.
import type { Colors } from '../colors';
import type { PlannedConsumer, PlannedDeclaration, PlanReport, QueueVerdict, Verified } from './model';
import { consumeLabel, defaultLabel, formLabel, VERDICT_LABEL } from './labels';

export function renderPlanText(r: PlanReport, c: Colors): string {
  const lines: string[] = [];
  const tone: Record<QueueVerdict, (s: string) => string> = { already: c.green, ready: c.green, 'after-changes': c.cyan, decide: c.yellow, 'stays-classic': c.dim, conflict: c.red, unknown: c.yellow };
  lines.push(c.bold(`Plan: moving to ${defaultLabel(r.defaultQueueType)} (target RabbitMQ ${r.target}). See ${r.docs}.`));
  if (r.broker) lines.push(c.dim(`Broker: ${r.broker.source}${r.broker.version ? ` (RabbitMQ ${r.broker.version})` : ''}${r.broker.nodes !== undefined ? `, ${r.broker.nodes} node${r.broker.nodes === 1 ? '' : 's'}` : ''}`));
  const rv = r.verification;
  if (rv && rv.vhosts.length) lines.push(c.dim(`Verified in the scratch vhost${rv.vhosts.length === 1 ? '' : 's'} ${rv.vhosts.map((v) => `${v.name} (${v.defaultQueueType})`).join(', ')}, deleted after the run${rv.limitsFrom ? `, with the limits of vhost '${rv.limitsFrom}'` : ''}.`));
  if (rv?.amqp) lines.push(c.dim(`AMQP endpoint: ${rv.amqp.url} (${rv.amqp.from}).`));
  if (rv?.problem) lines.push(`${c.yellow('Not verified:')} ${rv.problem}`);
  for (const q of r.queues) {
    lines.push('');
    const name = q.name ? `queue '${q.name}'` : 'a server-named queue';
    lines.push(`${c.bold(name)}${q.vhost !== undefined ? ` (vhost '${q.vhost}')` : ''}  ${tone[q.verdict](VERDICT_LABEL[q.verdict])}`);
    lines.push(`    ${q.summary}`);
    for (const d of q.declarations) declaration(lines, d, c);
    if (q.existing) {
      lines.push(`    ${c.dim('on the broker:')} ${q.existing.step}`);
      for (const cmd of q.existing.commands) lines.push(`      ${c.cyan('$')} ${cmd}`);
    }
  }
  if (r.consumers.length) {
    lines.push('', c.bold('Consumers:'));
    for (const x of r.consumers) consumer(lines, x, c);
  }
  if (r.undeclared.length) {
    lines.push('', c.bold('Classic queues on the broker that no scanned code declares:'));
    for (const u of r.undeclared) lines.push(`  queue '${u.name}' (vhost '${u.vhost}')${u.messages !== undefined ? `: ${u.messages} messages, ${u.consumers ?? 0} consumers` : ''}. ${u.step}`);
  }
  if (r.policies.length) {
    lines.push('', c.bold('Policies that keep what the removed arguments did:'));
    for (const p of r.policies) lines.push(`  ${c.cyan('$')} ${p.command}`);
  }
  lines.push('', c.bold('Steps:'));
  r.steps.forEach((s, i) => lines.push(`  ${i + 1}. ${s}`));
  for (const w of r.warnings) lines.push('', `${c.yellow('warning')} ${w}`);
  for (const e of r.errors) lines.push(`${c.bold(e.file)}${e.line ? `:${e.line}:${e.column}` : ''}  ${c.red('error')}  ${e.message}`);
  const n = r.summary;
  const v = r.verification;
  lines.push(
    '',
    `${n.queues} queues (${n.declarations} declarations): ${n.already} already typed, ${n.ready} ready as written, ${n['after-changes']} after the changes, ${n.decide} to decide, ${n['stays-classic']} stay classic, ${n.conflict} in conflict, ${n.unknown} unknown` +
      `${n.existing === null ? '' : `; ${n.existing} queue${n.existing === 1 ? '' : 's'} on the broker`}${v ? `; verified: ${v.asPredicted} as predicted, ${v.otherwise} otherwise, ${v.notDeclared} not declared, ${v.notVerified} not verified; consumers: ${v.consumers.asPredicted} as predicted, ${v.consumers.otherwise} otherwise, ${v.consumers.notDeclared} not started, ${v.consumers.notVerified} not verified` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

function declaration(lines: string[], d: PlannedDeclaration, c: Colors): void {
  const type = d.today === d.planned ? `${d.planned}` : `${d.today} today, ${d.planned} under the plan`;
  lines.push(`    ${d.file}:${d.line}:${d.column}  ${d.callee}  ${c.dim(`(${d.client}; ${type})`)}`);
  for (const f of d.findings) lines.push(`      ${f.severity === 'error' ? c.red(f.ruleId) : f.severity === 'warning' ? c.yellow(f.ruleId) : c.dim(f.ruleId)}: ${f.fix.kind === 'rewrite' ? `${c.green('rewrite:')} ${f.fix.description}` : f.fix.kind === 'annotate' ? `${c.yellow('decide:')} ${f.fix.description}` : f.fix.description}`);
  lines.push(`      ${c.dim('declares after the changes:')} ${formLabel(d.after)}`);
  if (d.verified) verifiedLine(lines, d.verified, 'not declared', c);
}

function consumer(lines: string[], x: PlannedConsumer, c: Colors): void {
  const queue = x.queue === null ? 'a queue known at run time' : x.queue === '' ? `the server-named queue${x.declaredAt ? ` of ${x.declaredAt.file}:${x.declaredAt.line}` : ''}` : `queue '${x.queue}'`;
  lines.push(`  ${x.file}:${x.line}:${x.column}  ${x.callee}  ${c.dim(`(${x.client}; ${queue})`)}`);
  for (const f of x.findings) lines.push(`      ${f.severity === 'error' ? c.red(f.ruleId) : f.severity === 'warning' ? c.yellow(f.ruleId) : c.dim(f.ruleId)}: ${f.fix.kind === 'rewrite' ? `${c.green('rewrite:')} ${f.fix.description}` : f.fix.kind === 'annotate' ? `${c.yellow('decide:')} ${f.fix.description}` : f.fix.description}`);
  lines.push(`      ${c.dim('consumes after the changes:')} ${consumeLabel(x.after)}`);
  if (x.verified) verifiedLine(lines, x.verified, 'not started', c);
}

/** The broker's reply and whether it was predicted; or why it was not sent, or not verified. */
function verifiedLine(lines: string[], v: Verified, unsent: string, c: Colors): void {
  const mark = v.notVerified ? c.yellow('not verified') : v.notDeclared ? c.yellow(unsent) : v.asPredicted ? c.green('as predicted') : c.red('not as predicted');
  const said = v.notVerified ?? v.notDeclared ?? `${v.reply}${v.type ? ` (${v.type})` : ''}`;
  lines.push(`      ${c.dim('broker:')} ${said}  ${mark}${!v.asPredicted && !v.notDeclared && !v.notVerified ? ` (predicted: ${v.predicted})` : ''}`);
}
