// Hover on a finding: what the rule is about, what the broker answers, what to do, and where the
// migration guide explains it.
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../model';
import type { DocumentAnalysis } from './analysis';
import { ruleDocsUrl, ruleMetaOf } from './rule-docs';
import { consumerHover } from './consumer-hover';

/** The hover at a position of the analysed document: every finding whose range holds it; null if none does. */
export function hoverAt(analysis: DocumentAnalysis, doc: TextDocument, position: Position, markdown: boolean): Hover | null {
  const offset = doc.offsetAt(position);
  const here = analysis.findings.filter((f) => f.start <= offset && offset <= f.end);
  const consumer = consumerHover(analysis.consumers, position.line + 1, markdown);
  if (!here.length && !consumer) return null;
  const start = here.length ? Math.min(...here.map((f) => f.start)) : doc.offsetAt({ line: position.line, character: 0 });
  const end = here.length ? Math.max(...here.map((f) => f.end)) : doc.offsetAt({ line: position.line + 1, character: 0 });
  const sections = [...here.map((f) => findingHover(f, markdown)), ...(consumer ? [consumer] : [])];
  return {
    contents: { kind: markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: sections.join(markdown ? '\n\n---\n\n' : '\n\n') },
    range: { start: doc.positionAt(start), end: doc.positionAt(end) },
  };
}

function findingHover(f: Finding, markdown: boolean): string {
  const meta = ruleMetaOf(f.ruleId);
  // Without a reply of its own (not refused at this target), the rule's: what RabbitMQ 4.3 answers.
  const reply = f.brokerError ?? withQueue(meta?.brokerError, f.queue);
  const replyLabel = f.brokerError ? 'The broker replies:' : 'RabbitMQ 4.3 replies:';
  const code = (s: string) => (markdown ? codeSpan(s) : s);
  const bold = (s: string) => (markdown ? `**${s}**` : s);
  const lines = [`${bold(meta?.title ?? f.ruleId)} (${code(f.ruleId)}, ${f.severity})`, f.message];
  if (reply) lines.push(`${bold(replyLabel)} ${code(reply)}`);
  const todo = f.fix.kind === 'rewrite' ? 'Quick fix:' : 'What to do:';
  if (f.fix.description) lines.push(`${bold(todo)} ${f.fix.description}`);
  if (f.fix.existingQueue) lines.push(`${bold('A queue that already exists:')} ${f.fix.existingQueue}`);
  const docs = ruleDocsUrl(f.ruleId);
  const section = `MIGRATION.md#${docs.split('#')[1]}`;
  lines.push(markdown ? `[${section}](${docs})` : `${section}: ${docs}`);
  return lines.join('\n\n');
}

/** A rule's reply for its main case names the queue `Q`: this finding's queue instead, when it is known. */
function withQueue(reply: string | undefined, queue: string | undefined): string | undefined {
  return reply && queue !== undefined ? reply.replaceAll("'Q'", `'${queue}'`) : reply;
}

/** Markdown code for text that may hold backticks (the broker's replies quote feature names in them): kept exactly. */
function codeSpan(s: string): string {
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${s} ${fence}` : `${fence}${s}${fence}`;
}
