// Renders a dependency fix: a package.json range raised, its operator kept.
import type { DependencyPin, FixIntent } from '../model';
import type { RenderResult } from '../fix/render-result';
import { parseVersion, raiseRange } from './semver';

/** `"^0.8.0"` → `"^0.10.7"` in package.json: the range's text replaced, its operator kept. */
export function renderDependency(pin: DependencyPin, intents: FixIntent[], text: string): RenderResult {
  const intent = intents[0];
  if (intents.length !== 1 || intent.kind !== 'raise-dependency') return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} in ${pin.manifest}` };
  if (pin.manifest !== 'package.json' || pin.range === undefined) return { ok: false, reason: `${pin.manifest} is written by the package manager: refresh it instead` };
  // The range as written must be the text between the quotes (no JSON escapes in it).
  if (text.slice(pin.at.start, pin.at.end) !== pin.range) return { ok: false, reason: 'the range is not written plainly' };
  const minimum = parseVersion(intent.minimum);
  const raised = minimum && raiseRange(pin.range, minimum);
  if (!raised) return { ok: false, reason: `the range "${pin.range}" has no single version to raise` };
  return { ok: true, edits: [{ start: pin.at.start, end: pin.at.end, text: raised, file: pin.at.file }], touched: [pin.at] };
}
