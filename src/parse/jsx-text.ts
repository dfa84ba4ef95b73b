/** JSX text and attribute strings hold HTML character references; Babel's tree has them decoded. */
const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '\u00a9', reg: '\u00ae', trade: '\u2122',
  hellip: '\u2026', mdash: '\u2014', ndash: '\u2013', laquo: '\u00ab', raquo: '\u00bb', middot: '\u00b7', bull: '\u2022',
  times: '\u00d7', euro: '\u20ac', lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', deg: '\u00b0',
};

/**
 * JSX text as Babel reads it: character references decoded (numeric ones, and the named ones in
 * ENTITIES; Babel knows every HTML name, a rarer one stays as written here: JSX text is never read).
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([a-zA-Z][a-zA-Z0-9]*));/g, (whole, hex, dec, name) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (dec) return String.fromCodePoint(parseInt(dec, 10));
    return ENTITIES[name] ?? whole;
  });
}
