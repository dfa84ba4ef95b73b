// A queue declaration as the broker compares it, and where it is: the facts one declaration needs of every other.
import type { QueueType, RelatedLocation } from '../model';

/** A value the code settles (written, or the library's default), or what leaves it to run time. */
export type Settled<T> = { value: T } | { unknown: string };

/** A queue as the broker compares it: its flags, its type (the default queue type applied) and the x-arguments it is declared with. */
export interface QueueShape {
  durable: Settled<boolean>;
  exclusive: Settled<boolean>;
  autoDelete: Settled<boolean>;
  type: Settled<QueueType>;
  /** Every x-argument but x-queue-type, by key. */
  arguments: [string, Settled<unknown>][];
  /** Why some arguments cannot be listed (a spread of a run-time object), if so. */
  argumentsIncomplete?: string;
}

/** Where a declaration is: a reported path, offsets and 1-based positions. */
export type DeclaredPlace = Omit<RelatedLocation, 'message'>;

/**
 * A named, non-passive queue declaration of the project as the broker will compare it: the facts one
 * declaration needs of every other (they cross the worker threads of a parallel run).
 */
export interface DeclaredQueue {
  name: string;
  /** Where the code names its vhost. */
  vhost?: string;
  shape: QueueShape;
  client: string;
  callee: string;
  place: DeclaredPlace;
  /** Declared in a test file: compared with no other declaration (see canMeet). */
  test?: boolean;
  /** The library chooses the name, which stands for several queues (moleculer's `MOL.*`): it gives a type, and is compared with nothing. */
  libraryNamed?: boolean;
  /** Declared in a standalone script: a file no module of the project imports and that exports nothing (see StandaloneScript). */
  script?: StandaloneScript;
}

/**
 * A program of its own (`node 01_recv.js`): where it is, and the lesson number its name starts with (`01_recv.js`,
 * `4-routing.js`), which numbered tutorial steps use. Two such scripts share no module, so only the way they are run
 * decides whether they meet one broker.
 */
export interface StandaloneScript {
  /** Its folder, as reported. */
  folder: string;
  /** The folder of its nearest package.json (its package), as reported; '' for none. */
  pkg: string;
  lesson?: string;
}

