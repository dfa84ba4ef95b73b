// The plan as Markdown (a pull-request comment or a ticket): a summary, a table of the queues, then each queue's changes and steps.
import { cell, code, plural, table } from '../report/markdown-table';
import type { PlanReport } from './model';
import { consumeLabel, defaultLabel, formLabel, VERDICT_LABEL } from './labels';
import type { Verified } from './model';

export function renderPlanMarkdown(r: PlanReport): string {
  const n = r.summary;
  const out: string[] = [];
  out.push(`## Moving to quorum queues: the plan`, '');
  out.push(
    `Under ${cell(defaultLabel(r.defaultQueueType))} (target RabbitMQ ${r.target}): **${plural(n.queues, 'queue')}**, ${n.already + n.ready} ready, ${n['after-changes']} after the changes, ${n.decide} to decide, ${n['stays-classic']} staying classic, ${n.conflict} in conflict, ${n.unknown} unknown. See [moving to quorum queues](${r.docs}).`,
  );
  if (r.broker) out.push('', `Broker: ${code(r.broker.source)}${r.broker.version ? ` (RabbitMQ ${cell(r.broker.version)})` : ''}${r.broker.nodes !== undefined ? `, ${plural(r.broker.nodes, 'node')}` : ''}.`);
  const v = r.verification;
  if (v) {
    out.push('', `Verified on the broker in ${v.vhosts.map((x) => code(x.name)).join(', ') || 'no scratch vhost'} (deleted after the run)${v.amqp ? `, over AMQP at ${code(v.amqp.url)} (${cell(v.amqp.from)})` : ''}: ${v.asPredicted} as predicted, ${v.otherwise} otherwise, ${v.notDeclared} not declared, ${v.notVerified} not verified; consumers: ${v.consumers.asPredicted} as predicted, ${v.consumers.otherwise} otherwise, ${v.consumers.notDeclared} not started, ${v.consumers.notVerified} not verified.`);
    if (v.problem) out.push('', `**Not verified:** ${cell(v.problem)}`);
  }
  for (const w of r.warnings) out.push('', `> **Warning:** ${cell(w)}`);
  out.push('');
  out.push(
    ...table(
      ['queue', 'vhost', 'verdict', 'declarations', 'on the broker'],
      r.queues.map((q) => [q.name ? code(q.name) : 'server-named', q.vhost !== undefined ? code(q.vhost) : '', VERDICT_LABEL[q.verdict], q.declarations.map((d) => code(`${d.file}:${d.line}`)).join('<br>'), q.existing ? cell(`${q.existing.type}${q.existing.messages !== undefined ? `, ${q.existing.messages} messages` : ''}`) : '']),
    ),
  );
  for (const q of r.queues) {
    out.push('', `### ${q.name ? code(q.name) : 'A server-named queue'}: ${VERDICT_LABEL[q.verdict]}`, '', cell(q.summary));
    for (const d of q.declarations) {
      out.push('', `- ${code(`${d.file}:${d.line}`)} ${code(d.callee)} (${cell(d.client)}; ${d.today === d.planned ? d.planned : `${d.today} today, ${d.planned} under the plan`})`);
      for (const f of d.findings) out.push(`  - ${code(f.ruleId)} (${f.severity}): ${cell(f.fix.kind === 'rewrite' ? `rewrite: ${f.fix.description}` : f.fix.kind === 'annotate' ? `decide: ${f.fix.description}` : f.fix.description)}`);
      out.push(`  - after the changes: ${cell(formLabel(d.after))}`);
      if (d.verified) out.push(`  - broker: ${brokerCell(d.verified, 'not declared')}`);
    }
    if (q.existing) {
      out.push('', `On the broker: ${cell(q.existing.step)}`);
      if (q.existing.commands.length) out.push('', '```sh', ...q.existing.commands, '```');
    }
  }
  if (r.consumers.length) {
    out.push('', '### Consumers', '');
    for (const x of r.consumers) {
      out.push(`- ${code(`${x.file}:${x.line}`)} ${code(x.callee)} (${cell(x.client)}; ${x.queue === null ? 'queue known at run time' : x.queue === '' ? 'server-named queue' : code(x.queue)})`);
      for (const f of x.findings) out.push(`  - ${code(f.ruleId)} (${f.severity}): ${cell(f.fix.kind === 'rewrite' ? `rewrite: ${f.fix.description}` : f.fix.kind === 'annotate' ? `decide: ${f.fix.description}` : f.fix.description)}`);
      out.push(`  - after the changes: ${cell(consumeLabel(x.after))}`);
      if (x.verified) out.push(`  - broker: ${brokerCell(x.verified, 'not started')}`);
    }
  }
  if (r.policies.length) out.push('', '### Policies', '', '```sh', ...r.policies.map((p) => p.command), '```');
  out.push('', '### Steps', '', ...r.steps.map((s, i) => `${i + 1}. ${cell(s)}`));
  if (r.errors.length) out.push('', '### Files not analysed', '', ...r.errors.map((e) => `- ${code(e.file)}: ${cell(e.message)}`));
  return `${out.join('\n')}\n`;
}

function brokerCell(v: Verified, unsent: string): string {
  if (v.notVerified) return cell(`not verified: ${v.notVerified}`);
  if (v.notDeclared) return cell(`${unsent}: ${v.notDeclared}`);
  return `${code(v.reply)}${v.type ? ` (${v.type})` : ''}, ${v.asPredicted ? 'as predicted' : `predicted ${code(v.predicted)}`}`;
}
