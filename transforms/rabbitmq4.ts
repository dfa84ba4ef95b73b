/**
 * jscodeshift adapter: the same engine and edits as `rabbitmq4-codemod fix`, one file at a time.
 *
 *   npx jscodeshift -t transforms/rabbitmq4.ts --parser=ts src/
 *   options: --target=4.0|4.1|4.2|4.3 (default 4.3), --safeOnly=true, --unsafeFixes=true
 *
 * Cross-file facts are limited to the file jscodeshift hands over; the CLI sees the whole project.
 * The edits are text edits on the original source, so jscodeshift's printer never reformats the file.
 */
import type { API, FileInfo, Options } from 'jscodeshift';
import { analyze } from '../src/engine/analyze';
import { applyEdits } from '../src/fix/object-edit';
import { TARGET_VERSIONS, type TargetVersion } from '../src/model';

export default function transform(file: FileInfo, api: API, options: Options): string | undefined {
  const target = String(options.target ?? '4.3') as TargetVersion;
  if (!TARGET_VERSIONS.includes(target)) throw new Error(`--target must be one of ${TARGET_VERSIONS.join(', ')}`);
  const [result] = analyze([{ path: file.path, text: file.source }], {
    target,
    safeOnly: isOn(options.safeOnly),
    unsafeFixes: isOn(options.unsafeFixes),
  }).files;
  if (result.status === 'parse-error') {
    throw new Error(`cannot parse ${file.path}: ${result.error!.message} (${result.error!.line}:${result.error!.column})`);
  }
  for (const f of result.findings) {
    if (f.fix.kind !== 'rewrite') api.report(`${file.path}:${f.line}:${f.column} ${f.ruleId}: ${f.message}`);
  }
  if (!result.edits.length) return undefined;
  const output = applyEdits(file.source, result.edits);
  return output === file.source ? undefined : output;
}

/** jscodeshift passes `--flag` as true and `--flag=x` as the string x. */
function isOn(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}

export const parser = 'ts';
