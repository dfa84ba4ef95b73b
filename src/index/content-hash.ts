// A file's content as a short digest: what the index and the cache key a file's facts and results by.
import { createHash } from 'node:crypto';

/** The digest of a text (its UTF-8 bytes): equal digests, equal texts. */
export function contentHash(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('base64url');
}
