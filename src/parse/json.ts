// A JSON document as a Babel AST, so the resolver and the object editor read it like code.
import type * as t from '@babel/types';
import type { ParseResult } from '.';
import { babelParser } from './babel-parser';

/**
 * A JSON document as a Babel AST (one expression statement), so the value resolver and the object
 * editor work on it unchanged. Offsets match the text exactly.
 */
export function parseJson(text: string): ParseResult {
  try {
    const expression = babelParser().parseExpression(text, { plugins: [], errorRecovery: false }) as t.Expression;
    const statement = { type: 'ExpressionStatement', expression, start: expression.start, end: expression.end } as t.ExpressionStatement;
    const program = { type: 'Program', body: [statement], directives: [], sourceType: 'script', start: 0, end: text.length } as unknown as t.Program;
    return { ok: true, ast: { type: 'File', program, comments: [], start: 0, end: text.length } as unknown as t.File };
  } catch (e) {
    const err = e as Error & { loc?: { line: number; column: number } };
    return { ok: false, error: { message: err.message.replace(/\s*\(\d+:\d+\)\s*$/, ''), line: err.loc?.line ?? 1, column: (err.loc?.column ?? 0) + 1 } };
  }
}
