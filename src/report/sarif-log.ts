// SARIF 2.1.0 documents as GitHub code scanning reads them.
import type { Severity, TargetVersion } from '../model';
import * as path from 'node:path';
import { migrationSection, migrationUrl, publicRepository } from './docs-url';
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

/** Where the report's paths start: the working directory's path from the repository root ('' at the root). */
export interface SarifPlace {
  repositoryPath?: string;
}

/** The base id of paths from the repository root, as CodeQL writes it (code scanning reads paths from there). */
export const SRCROOT = '%SRCROOT%';

/** A location's artifact: the path from the repository root, marked as such. */
type Artifact = (file: string) => { uri: string; uriBaseId?: string };

function artifactOf(place: SarifPlace): Artifact {
  const prefix = place.repositoryPath ?? '';
  return (file) => {
    const fromRoot = prefix ? path.posix.normalize(`${prefix}/${file}`) : file;
    // A path outside the repository cannot be said from its root.
    return fromRoot.startsWith('../') ? { uri: fileUri(fromRoot) } : { uri: fileUri(fromRoot), uriBaseId: SRCROOT };
  };
}

export function sarifLog(input: { rules: readonly RuleInfo[]; target: TargetVersion; results: SarifResultInput[]; notifications?: SarifNotification[]; place?: SarifPlace }): object {
  const index = new Map(input.rules.map((r, i) => [r.id, i]));
  const artifact = artifactOf(input.place ?? {});
  const repository = publicRepository();
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
            ...(repository ? { informationUri: repository } : {}),
            rules: input.rules.map((r) => rule(r, input.target)),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { description: { text: 'The root of the repository (the directory that holds .git); every path is relative to it.' } } },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: (input.notifications ?? []).map((n) => notification(n, artifact)),
          },
        ],
        results: input.results.map((r) => result(r, index.get(r.ruleId), artifact)),
        properties: { target: input.target },
      },
    ],
  };
}

function rule(r: RuleInfo, target: TargetVersion): object {
  const full = (r.brokerError ? `${r.title}. RabbitMQ 4.3 answers: ${r.brokerError}` : r.title).replace(/([^.])$/, '$1.');
  // The rule's MIGRATION.md section itself (what 4.x does, the broker's error, the fix, existing queues): the alert explains itself with no link.
  const section = migrationSection(r.docs);
  const url = migrationUrl(r.docs);
  return {
    id: r.id,
    name: r.id.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: r.title },
    fullDescription: { text: full },
    ...(url ? { helpUri: url } : {}),
    help: section ? { text: section.text, markdown: section.markdown } : { text: full, markdown: full },
    defaultConfiguration: { level: LEVEL[r.severity[target]] },
    properties: { fixable: r.fixable, severityByTarget: r.severity },
  };
}

function result(r: SarifResultInput, ruleIndex: number | undefined, artifact: Artifact): object {
  const out: Record<string, unknown> = {
    ruleId: r.ruleId,
    ...(ruleIndex === undefined ? {} : { ruleIndex }),
    level: LEVEL[r.severity],
    message: { text: r.message },
  };
  if (r.location) {
    out.locations = [
      {
        physicalLocation: { artifactLocation: artifact(r.location.file), ...(r.location.region ? { region: r.location.region } : {}) },
        ...(r.logical ? { logicalLocations: [r.logical] } : {}),
      },
    ];
  } else if (r.logical) {
    out.locations = [{ logicalLocations: [r.logical] }];
  }
  if (r.related?.length) {
    out.relatedLocations = r.related.map((l, id) => ({ id, physicalLocation: { artifactLocation: artifact(l.file), region: l.region }, message: { text: l.message } }));
  }
  if (r.fixes?.length) {
    out.fixes = r.fixes.map((f) => ({
      description: { text: f.description },
      artifactChanges: f.changes.map((c) => ({
        artifactLocation: artifact(c.uri),
        replacements: c.replacements.map((x) => ({ deletedRegion: x.deleted, insertedContent: { text: x.inserted } })),
      })),
    }));
  }
  if (r.properties && Object.keys(r.properties).length) out.properties = r.properties;
  return out;
}

function notification(n: SarifNotification, artifact: Artifact): object {
  return {
    level: LEVEL[n.severity],
    message: { text: n.message },
    ...(n.file
      ? { locations: [{ physicalLocation: { artifactLocation: artifact(n.file), ...(n.line ? { region: { startLine: n.line, ...(n.column ? { startColumn: n.column } : {}) } } : {}) } }] }
      : {}),
  };
}
