// SARIF 2.1.0 documents as GitHub code scanning reads them.
import type { Severity, TargetVersion } from '../model';
import { migrationLink, migrationUrl } from './docs-url';
import { TOOL_NAME, TOOL_VERSION } from './model';
import type { RuleInfo } from './rule-info';

/** SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), as GitHub code scanning reads it. */

/** 1-based; endColumn is the column after the region's last character (UTF-16 code units). */
export interface SarifRegion {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface SarifFix {
  description: string;
  changes: { uri: string; replacements: { deleted: SarifRegion; inserted: string }[] }[];
}

export interface SarifResultInput {
  ruleId: string;
  severity: Severity;
  message: string;
  /** A place in a file (path relative to the working directory, with `/`). */
  location?: { file: string; region?: SarifRegion };
  /** A broker object (a queue, a policy, a consumer), for results that have no file. */
  logical?: { name: string; fullyQualifiedName: string; kind: string };
  fixes?: SarifFix[];
  /** Other places the result refers to (the callers of a helper, where a value is written). */
  related?: { file: string; region: SarifRegion; message: string }[];
  properties?: Record<string, unknown>;
}

export interface SarifNotification {
  severity: Severity;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** A relative path as a URI reference: each segment percent-encoded, `/` kept. */
export function fileUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

export function sarifLog(input: { rules: readonly RuleInfo[]; target: TargetVersion; results: SarifResultInput[]; notifications?: SarifNotification[] }): object {
  const index = new Map(input.rules.map((r, i) => [r.id, i]));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            version: TOOL_VERSION,
            semanticVersion: TOOL_VERSION,
            rules: input.rules.map((r) => rule(r, input.target)),
          },
        },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: (input.notifications ?? []).map(notification),
          },
        ],
        results: input.results.map((r) => result(r, index.get(r.ruleId))),
        properties: { target: input.target },
      },
    ],
  };
}

function rule(r: RuleInfo, target: TargetVersion): object {
  const full = (r.brokerError ? `${r.title}. RabbitMQ 4.3 answers: ${r.brokerError}` : r.title).replace(/([^.])$/, '$1.');
  return {
    id: r.id,
    name: r.id.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: r.title },
    fullDescription: { text: full },
    helpUri: migrationUrl(r.docs),
    help: { text: `${full} What to do: ${migrationLink(r.docs)}`, markdown: `${full}\n\nWhat to do: [MIGRATION.md#${r.docs}](${migrationLink(r.docs)})` },
    defaultConfiguration: { level: LEVEL[r.severity[target]] },
    properties: { fixable: r.fixable, severityByTarget: r.severity },
  };
}

function result(r: SarifResultInput, ruleIndex: number | undefined): object {
  const out: Record<string, unknown> = {
    ruleId: r.ruleId,
    ...(ruleIndex === undefined ? {} : { ruleIndex }),
    level: LEVEL[r.severity],
    message: { text: r.message },
  };
  if (r.location) {
    out.locations = [
      {
        physicalLocation: { artifactLocation: { uri: fileUri(r.location.file) }, ...(r.location.region ? { region: r.location.region } : {}) },
        ...(r.logical ? { logicalLocations: [r.logical] } : {}),
      },
    ];
  } else if (r.logical) {
    out.locations = [{ logicalLocations: [r.logical] }];
  }
  if (r.related?.length) {
    out.relatedLocations = r.related.map((l, id) => ({ id, physicalLocation: { artifactLocation: { uri: fileUri(l.file) }, region: l.region }, message: { text: l.message } }));
  }
  if (r.fixes?.length) {
    out.fixes = r.fixes.map((f) => ({
      description: { text: f.description },
      artifactChanges: f.changes.map((c) => ({
        artifactLocation: { uri: fileUri(c.uri) },
        replacements: c.replacements.map((x) => ({ deletedRegion: x.deleted, insertedContent: { text: x.inserted } })),
      })),
    }));
  }
  if (r.properties && Object.keys(r.properties).length) out.properties = r.properties;
  return out;
}

function notification(n: SarifNotification): object {
  return {
    level: LEVEL[n.severity],
    message: { text: n.message },
    ...(n.file
      ? { locations: [{ physicalLocation: { artifactLocation: { uri: fileUri(n.file) }, ...(n.line ? { region: { startLine: n.line, ...(n.column ? { startColumn: n.column } : {}) } } : {}) } }] }
      : {}),
  };
}
