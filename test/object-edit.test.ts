import { describe, expect, it } from 'vitest';
import { parseSource } from '../src/parse';
import { applyEdits, editObject, type ObjectSpan } from '../src/fix/object-edit';

/** Edits the first object literal in `code`: removes the named properties and appends `insert`. */
function edit(code: string, remove: string[], insert: string[], eol = '\n'): string {
  const parsed = parseSource(`(${code})`, 'x.ts');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const stmt = parsed.ast.program.body[0] as { expression: { start: number; end: number; properties: { start: number; end: number; key: { name?: string; value?: string } }[] } };
  const obj = stmt.expression;
  const span: ObjectSpan = { start: obj.start - 1, end: obj.end - 1, properties: obj.properties.map((p) => ({ start: p.start - 1, end: p.end - 1 })) };
  const removed = obj.properties.filter((p) => remove.includes(p.key.name ?? p.key.value ?? '')).map((p) => ({ start: p.start - 1, end: p.end - 1 }));
  return applyEdits(code, editObject(code, span, removed, insert, eol));
}

describe('editObject', () => {
  it('edits one-line objects', () => {
    expect(edit('{ a: 1, b: 2 }', ['b'], [])).toBe('{ a: 1 }');
    expect(edit('{ a: 1, b: 2 }', ['a'], [])).toBe('{ b: 2 }');
    expect(edit('{ a: 1, b: 2, c: 3 }', ['b'], [])).toBe('{ a: 1, c: 3 }');
    expect(edit('{ a: 1, b: 2, c: 3 }', ['b', 'c'], [])).toBe('{ a: 1 }');
    expect(edit('{ a: 1, b: 2, }', ['b'], [])).toBe('{ a: 1, }');
    expect(edit('{ a: 1 }', ['a'], [])).toBe('{}');
    expect(edit('{ a: 1 }', [], ['d: true'])).toBe('{ a: 1, d: true }');
    expect(edit('{ a: 1, }', [], ['d: true'])).toBe('{ a: 1, d: true, }');
    expect(edit('{}', [], ['d: true'])).toBe('{ d: true }');
    expect(edit('{ a: 1 }', ['a'], ['d: true'])).toBe('{ d: true }');
    expect(edit('{ a: 1, b: 2 }', ['b'], ['d: true'])).toBe('{ a: 1, d: true }');
    expect(edit('{ a: 1, b: 2, }', ['b'], ['d: true'])).toBe('{ a: 1, d: true, }');
  });

  it('edits multi-line objects line by line, keeping trailing-comma style and indentation', () => {
    expect(edit('{\n  a: 1,\n  b: 2,\n}', ['b'], [])).toBe('{\n  a: 1,\n}');
    expect(edit('{\n  a: 1,\n  b: 2\n}', ['b'], [])).toBe('{\n  a: 1\n}');
    expect(edit('{\n  a: 1,\n  b: 2,\n  c: 3,\n}', ['a', 'b'], [])).toBe('{\n  c: 3,\n}');
    expect(edit('{\n    a: 1,\n}', [], ['d: true'])).toBe('{\n    a: 1,\n    d: true,\n}');
    expect(edit('{\n\ta: 1\n}', [], ['d: true'])).toBe('{\n\ta: 1,\n\td: true\n}');
    expect(edit('{\n  a: 1,\n  b: 2\n}', ['b'], ['d: true'])).toBe('{\n  a: 1,\n  d: true\n}');
    expect(edit('{\n  a: 1,\n  b: 2,\n}', ['b'], ['d: true'])).toBe('{\n  a: 1,\n  d: true,\n}');
    expect(edit('{\n  a: 1, // keep\n  b: 2, // goes\n  c: 3\n}', ['b'], [])).toBe('{\n  a: 1, // keep\n  c: 3\n}');
    expect(edit('{\n  a: 1, // keep\n  b: 2,\n  c: 3, // goes too\n  e: 5\n}', ['b', 'c'], [])).toBe('{\n  a: 1, // keep\n  e: 5\n}');
  });

  it('keeps comments with their properties', () => {
    expect(edit('{\n  a: 1, // why a\n  b: 2\n}', ['b'], [])).toBe('{\n  a: 1 // why a\n}');
    expect(edit('{\n  a: 1 // why a\n}', [], ['d: true'])).toBe('{\n  a: 1, // why a\n  d: true\n}');
  });

  it('keeps CRLF line endings', () => {
    expect(edit('{\r\n  a: 1,\r\n  b: 2,\r\n}', ['b'], [], '\r\n')).toBe('{\r\n  a: 1,\r\n}');
    expect(edit('{\r\n  a: 1,\r\n}', [], ['d: true'], '\r\n')).toBe('{\r\n  a: 1,\r\n  d: true,\r\n}');
  });

  it('refuses overlapping edits instead of corrupting text', () => {
    expect(() => applyEdits('abcdef', [{ start: 1, end: 4, text: 'x' }, { start: 2, end: 5, text: 'y' }])).toThrow(/overlapping/);
  });
});
