// The ESTree shapes the conversion to Babel's tree works on, shared by its modules.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EstreeNode = Record<string, any>;

export interface TextStart {
  index: number;
  line: number;
  column: number;
}

