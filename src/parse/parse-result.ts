// What a parse gives: a tree (maybe of a text with its broken regions left out) or the error, shared by the parsers and recovery.
import type { File } from '@babel/types';

export interface ParseError {
  message: string;
  line: number;
  column: number;
}

/** `recovered`: the text does not parse, and the tree leaves out the regions that do not (see recover.ts). */
export type ParseResult = { ok: true; ast: File; recovered?: Recovery } | { ok: false; error: ParseError };


/** Offsets of a text, end exclusive. */
export interface Region {
  start: number;
  end: number;
}

/** A region left out of the tree because the text does not parse there, with the error found in it. */
export interface BrokenRegion extends Region {
  /** The parser's message, and where the error is (an offset of the text). */
  error: { message: string; offset: number };
}

/** A tree of a text that does not parse: `text` is the source with `regions` blanked, and the tree is of it. */
export interface Recovery {
  text: string;
  regions: BrokenRegion[];
}

