import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

/** The official SARIF 2.1.0 schema (see test/schemas/README.md), compiled once. */
const schema = JSON.parse(fs.readFileSync(path.join(__dirname, 'schemas', 'sarif-2.1.0-rtm.5.json'), 'utf8'));
// unicodeRegExp: false: the schema's `language` pattern has a stray `]` that is legal only without the u flag.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** The schema's complaints about a SARIF log (empty when it is valid). */
export function sarifErrors(log: unknown): string[] {
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
