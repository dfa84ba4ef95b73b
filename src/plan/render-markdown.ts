// The plan as Markdown (a pull-request comment or a ticket): a summary, a table of the queues, then each queue's changes and steps.
import { cell, code, plural, table } from '../report/markdown-table';
import type { PlanReport } from './model';
import { defaultLabel, formLabel, VERDICT_LABEL } from './labels';

export function renderPlanMarkdown(r: PlanReport): string {
  const n = r.summary;
  const out: string[] = [];
  out.push(`## Moving to quorum queues: the plan`, '');
  out.push(
    `Under ${cell(defaultLabel(r.defaultQueueType))} (target RabbitMQ ${r.target}): **${plural(n.queues, 'queue')}**, ${n.already + n.ready} ready, ${n['after-changes']} after the changes, ${n.decide} to decide, ${n['stays-classic']} staying classic, ${n.conflict} in conflict, ${n.unknown} unknown. See [moving to quorum queues](${r.docs}).`,
  );
  if (r.broker) out.push('', `Broker: ${code(r.broker.source)}${r.broker.version ? ` (RabbitMQ ${cell(r.broker.version)})` : ''}${r.broker.nodes !== undefined ? `, ${plural(r.broker.nodes, 'node')}` : ''}.`);
  if (r.verification) out.push('', `Verified on the broker in ${r.verification.vhosts.map((v) => code(v.name)).join(', ')} (deleted after the run): ${r.verification.asPredicted} as predicted, ${r.verification.otherwise} otherwise, ${r.verification.notDeclared} not declared.`);
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
      if (d.verified) out.push(`  - broker: ${d.verified.notDeclared ? cell(`not declared: ${d.verified.notDeclared}`) : `${code(d.verified.reply)}${d.verified.type ? ` (${d.verified.type})` : ''}, ${d.verified.asPredicted ? 'as predicted' : `predicted ${code(d.verified.predicted)}`}`}`);
    }
    if (q.existing) {
      out.push('', `On the broker: ${cell(q.existing.step)}`);
      if (q.existing.commands.length) out.push('', '```sh', ...q.existing.commands, '```');
    }
  }
  if (r.policies.length) out.push('', '### Policies', '', '```sh', ...r.policies.map((p) => p.command), '```');
  out.push('', '### Steps', '', ...r.steps.map((s, i) => `${i + 1}. ${cell(s)}`));
  if (r.errors.length) out.push('', '### Files not analysed', '', ...r.errors.map((e) => `- ${code(e.file)}: ${cell(e.message)}`));
  return `${out.join('\n')}\n`;
}
