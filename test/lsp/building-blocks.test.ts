import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding, TextEdit } from '../../src/model';
import type { DocumentAnalysis } from '../../src/lsp/analysis';
import { codeActions } from '../../src/lsp/code-actions';
import { documentPath } from '../../src/lsp/document-path';
import { fixAllEdits } from '../../src/lsp/fix-all';
import { DEFAULT_SETTINGS, readSettings } from '../../src/lsp/settings';

const TEXT = `async function consume(ch: any) {\n  await ch.consume('jobs', handle, { noAck: true });\n}\n`;
const doc = TextDocument.create('file:///w/consumer.ts', 'typescript', 7, TEXT);

function finding(fix: object, start = TEXT.indexOf('noAck'), end = start + 'noAck: true'.length): Finding {
  const f = { ruleId: 'auto-ack-consumer', severity: 'warning', file: 'consumer.ts', start, end, anchor: TEXT.indexOf('await'), line: 2, column: 1, endLine: 2, endColumn: 1, message: 'm', client: 'amqplib', fix };
  return f as Finding;
}

const OTHER = TextDocument.create('file:///w/shared.ts', 'typescript', 3, `export const OPTIONS = { noAck: true };\n`);
const editTarget = (p: string) => (p === 'shared.ts' ? { doc: OTHER, version: 3 } : undefined);

function quickFixTitles(f: Finding, syntaxErrors: DocumentAnalysis['syntaxErrors'] = [], only = ['quickfix']) {
  const analysis: DocumentAnalysis = { uri: doc.uri, path: 'consumer.ts', absolute: '/w/consumer.ts', version: 7, findings: [f], related: new Map(), reads: new Set(), syntaxErrors };
  const range = { start: doc.positionAt(f.start), end: doc.positionAt(f.end) };
  return codeActions({ textDocument: { uri: doc.uri }, range, context: { diagnostics: [{ range, message: 'm', code: f.ruleId }], only } }, doc, analysis, { documentChanges: true, editTarget });
}

describe('lsp code actions for opt-in rewrites', () => {
  it('offers fix.optIn as a non-preferred quick fix', () => {
    const edit: TextEdit = { start: TEXT.indexOf('true'), end: TEXT.indexOf('true') + 4, text: 'false' };
    const actions = quickFixTitles(finding({ kind: 'annotate', description: 'ack manually', optIn: { description: 'ack after the handler, prefetch 10', edits: [edit] } }));
    expect(actions.map((a) => a.title)).toEqual(['Opt-in fix: ack after the handler, prefetch 10', 'Annotate for review (auto-ack-consumer)', 'Suppress auto-ack-consumer here']);
    expect(actions[0].isPreferred).toBeUndefined();
    expect(actions[0].edit).toEqual({
      documentChanges: [{ textDocument: { uri: doc.uri, version: 7 }, edits: [{ range: { start: doc.positionAt(edit.start), end: doc.positionAt(edit.end) }, newText: 'false' }] }],
    });
  });

  it('offers nothing for a missing or malformed optIn', () => {
    for (const optIn of [undefined, { description: 'x' }, { description: 'x', edits: [] }, 'yes']) {
      expect(quickFixTitles(finding({ kind: 'none', description: 'advice', optIn })).map((a) => a.title)).not.toContainEqual(expect.stringMatching(/^Opt-in/));
    }
  });
});

describe('lsp code actions for edits in other files', () => {
  it('puts an edit that names another file into that document, with its version', () => {
    const inShared = { start: 33, end: 37, text: 'false', file: 'shared.ts' };
    const own = { start: TEXT.indexOf('true'), end: TEXT.indexOf('true') + 4, text: 'false', file: 'consumer.ts' };
    const [fix] = quickFixTitles(finding({ kind: 'rewrite', description: 'noAck: false', edits: [own, inShared] }));
    expect(fix.title).toBe('Fix in this file and shared.ts: noAck: false (auto-ack-consumer)');
    expect(fix.edit?.documentChanges).toEqual([
      { textDocument: { uri: doc.uri, version: 7 }, edits: [{ range: { start: doc.positionAt(own.start), end: doc.positionAt(own.end) }, newText: 'false' }] },
      { textDocument: { uri: OTHER.uri, version: 3 }, edits: [{ range: { start: { line: 0, character: 33 }, end: { line: 0, character: 37 } }, newText: 'false' }] },
    ]);
  });

  it('leaves out a fix whose other file cannot be found, and keeps the rest', () => {
    const titles = quickFixTitles(finding({ kind: 'rewrite', description: 'd', edits: [{ start: 0, end: 1, text: 'x', file: 'missing.ts' }] })).map((a) => a.title);
    expect(titles).toEqual(['Annotate for review (auto-ack-consumer)', 'Suppress auto-ack-consumer here']);
  });
});

describe('lsp code actions in a document that does not parse', () => {
  const edit: TextEdit = { start: TEXT.indexOf('true'), end: TEXT.indexOf('true') + 4, text: 'false' };
  const rewrite = finding({ kind: 'rewrite', description: 'noAck: false', edits: [edit] });
  const brokenAt = (start: number, end: number) => [{ message: 'Unexpected token', offset: start, region: { start, end } }];

  it('leaves out a fix whose edit touches the part that does not parse (its text is not what the fix was computed on)', () => {
    const titles = quickFixTitles(rewrite, brokenAt(edit.end, edit.end + 3)).map((a) => a.title);
    expect(titles).toEqual(['Annotate for review (auto-ack-consumer)', 'Suppress auto-ack-consumer here']);
  });

  it('offers the fixes away from it, and never fix-all', () => {
    const elsewhere = brokenAt(TEXT.length - 2, TEXT.length - 1);
    expect(quickFixTitles(rewrite, elsewhere).map((a) => a.title)).toEqual(['Fix: noAck: false (auto-ack-consumer)', 'Annotate for review (auto-ack-consumer)', 'Suppress auto-ack-consumer here']);
    expect(quickFixTitles(rewrite, elsewhere, ['source.fixAll'])).toEqual([]);
    expect(quickFixTitles(rewrite, [], ['source.fixAll']).map((a) => a.kind)).toEqual(['source.fixAll.rabbitmq4-codemod']);
  });
});

describe('fixAllEdits', () => {
  const rewrite = (edits: TextEdit[]) => finding({ kind: 'rewrite', description: 'd', edits });

  it('applies the shared rewrite of two findings on one declaration once', () => {
    const shared = [{ start: 10, end: 15, text: 'true' }, { start: 20, end: 20, text: ', exclusive: true' }];
    expect(fixAllEdits([rewrite(shared), rewrite([...shared])], 'a.ts')).toEqual(shared);
  });

  it('leaves out a whole rewrite that overlaps one already taken, and ignores annotations', () => {
    const first = rewrite([{ start: 10, end: 15, text: 'a' }]);
    const clashing = rewrite([{ start: 30, end: 31, text: 'b' }, { start: 12, end: 18, text: 'c' }]);
    const sameInsertPoint = rewrite([{ start: 40, end: 40, text: 'x' }]);
    const otherInsert = rewrite([{ start: 40, end: 40, text: 'y' }]);
    const annotation = finding({ kind: 'annotate', description: 'd', edits: [{ start: 0, end: 0, text: '// c\n' }] });
    expect(fixAllEdits([first, clashing, sameInsertPoint, otherInsert, annotation], 'a.ts')).toEqual([
      { start: 10, end: 15, text: 'a' },
      { start: 40, end: 40, text: 'x' },
    ]);
  });

  it("takes the file's own rewrites only: an edit without file belongs to it, a rewrite that edits another file is left out whole", () => {
    const here = rewrite([{ start: 10, end: 15, text: 'a' }]);
    const sameFileNamed = rewrite([{ start: 10, end: 15, text: 'a', file: 'a.ts' }]);
    const elsewhere = rewrite([{ start: 20, end: 24, text: 'b', file: 'b.ts' }]);
    const both = rewrite([{ start: 30, end: 31, text: 'c', file: 'a.ts' }, { start: 40, end: 41, text: 'd', file: 'b.ts' }]);
    expect(fixAllEdits([here, sameFileNamed, elsewhere, both], 'a.ts')).toEqual([{ start: 10, end: 15, text: 'a' }]);
  });
});

describe('documentPath', () => {
  const root = path.resolve('/work/app');
  const uri = (p: string) => pathToFileURL(path.resolve(p)).href;

  it('is relative to the workspace root with /, like the CLI reports it, and absolute outside it', () => {
    expect(documentPath(uri('/work/app/src/a b.ts'), 'typescript', root)).toBe('src/a b.ts');
    expect(documentPath(uri('/elsewhere/b.mjs'), 'javascript', root)).toBe(path.resolve('/elsewhere/b.mjs').split(path.sep).join('/'));
  });

  it('gives a buffer without a source extension one from its language, since the parser is picked by extension', () => {
    expect(documentPath('untitled:Untitled-1', 'typescriptreact', root)).toBe('Untitled-1.tsx');
    expect(documentPath(uri('/work/app/bin/worker'), 'javascript', root)).toBe('bin/worker.js');
  });
});

describe('readSettings', () => {
  it('takes the section nested or flat, and a target given as a number', () => {
    expect(readSettings({ 'rabbitmq4-codemod': { target: '4.0' } }, DEFAULT_SETTINGS).settings).toEqual({ target: '4.0', disabledRules: [] });
    expect(readSettings({ target: 4.2, disabledRules: ['quorum-delivery-limit-default'] }, DEFAULT_SETTINGS)).toEqual({ settings: { target: '4.2', disabledRules: ['quorum-delivery-limit-default'] }, warnings: [] });
  });

  it('changes nothing for a payload that is not about this server', () => {
    expect(readSettings({ eslint: { enable: true } }, { target: '4.1', disabledRules: [] })).toEqual({ warnings: [] });
    expect(readSettings(null, DEFAULT_SETTINGS)).toEqual({ warnings: [] });
  });
});
