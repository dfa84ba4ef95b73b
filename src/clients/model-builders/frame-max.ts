// The frameMax a connection call sets (an option or a URL parameter) and the text a fix may replace.
import { known, unknown, type Resolved, type Span } from '../../model';
import type { Node, ParsedFile } from '../../parse/ast';
import type { Value } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';

/** The frameMax a connection call sets, how it is spelled, and the exact text a fix may replace. */
export interface FrameMaxSetting {
  value: Resolved<number>;
  via: 'option' | 'url';
  /** The digits to replace, when they are written once in this file as a literal. */
  edit?: Span;
}

const URL_PARAM = /[?&]frameMax=([^&#'"`\s]*)/;

/** The libraries read the parameter with parseInt, which also takes `0x1000`. */
const parseParam = (text: string): number => parseInt(decodeURIComponent(text));

/** `frameMax=<digits>` written once in the source of a string literal or template in this file. */
function urlParamSpan(file: ParsedFile, origin: Span | undefined): Span | undefined {
  if (!origin || origin.file !== file.path) return undefined;
  const source = file.text.slice(origin.start, origin.end);
  const all = [...source.matchAll(new RegExp(URL_PARAM.source, 'g'))];
  if (all.length !== 1 || !/^(0x[0-9a-fA-F]+|\d+)$/.test(all[0][1])) return undefined;
  const start = origin.start + all[0].index! + all[0][0].length - all[0][1].length;
  return { file: file.path, start, end: start + all[0][1].length };
}

function fromUrl(file: ParsedFile, value: Value): FrameMaxSetting | undefined {
  if (value.kind === 'literal' && typeof value.value === 'string') {
    const m = URL_PARAM.exec(value.value);
    if (!m) return undefined;
    const at = urlParamSpan(file, value.origin);
    const n = parseParam(m[1]);
    if (Number.isNaN(n)) return { value: unknown(`the URL parameter frameMax=${m[1]} is not a number`, value.origin), via: 'url' };
    return { value: known(n, at ?? value.origin ?? { file: file.path, start: 0, end: 0 }), via: 'url', ...(at && value.editable ? { edit: at } : {}) };
  }
  if (value.kind === 'unknown') {
    // A template built from run-time parts may still spell the parameter literally: `${host}?frameMax=4096`.
    const at = urlParamSpan(file, value.origin);
    if (!at) return undefined;
    return { value: known(parseParam(file.text.slice(at.start, at.end)), at), via: 'url', edit: at };
  }
  return undefined;
}

function fromOptions(file: ParsedFile, value: Value): FrameMaxSetting | undefined {
  if (value.kind !== 'object') return undefined;
  const prop = value.object.props.get('frameMax');
  if (!prop) return undefined;
  const v = prop.value();
  if (v.kind === 'literal' && typeof v.value === 'number' && v.origin) {
    // Only a literal written as the property's own value is edited: a named constant may serve other purposes.
    const own = prop.file === file && prop.node.type === 'ObjectProperty' && prop.node.value.start === v.origin.start && v.origin.file === file.path;
    return { value: known(v.value, v.origin), via: 'option', ...(own && v.editable ? { edit: v.origin } : {}) };
  }
  if (v.kind === 'literal' && v.value === undefined) return undefined;
  return { value: unknown(v.kind === 'unknown' ? v.reason : `frameMax is \`${file.source(prop.node)}\``, v.kind === 'unknown' ? v.origin : undefined), via: 'option' };
}

/**
 * The frameMax a connection argument sets: an options object with `frameMax` (amqplib's URL object,
 * rabbitmq-client's ConnectionOptions) or, where the library reads it (`urls`: amqplib, not
 * rabbitmq-client), a URL with `?frameMax=`. Undefined when it sets none (the library's default
 * applies, which is a matter of its version). An array of URLs (amqp-connection-manager) or `{ url }`
 * entries: the first one that sets it.
 */
export function frameMaxOf(ctx: FileContext, arg: Node | undefined, urls: boolean): FrameMaxSetting | undefined {
  if (!arg) return undefined;
  return fromValue(ctx.file, ctx.resolver.resolve(arg), urls);
}

function fromValue(file: ParsedFile, value: Value, urls: boolean): FrameMaxSetting | undefined {
  if (value.kind === 'array') {
    for (const item of value.items) {
      const found = fromValue(file, item, urls);
      if (found) return found;
    }
    return undefined;
  }
  if (value.kind === 'object' && !value.object.props.has('frameMax')) {
    const url = value.object.props.get('url');
    return url && urls ? fromValue(file, url.value(), urls) : undefined;
  }
  return (urls ? fromUrl(file, value) : undefined) ?? fromOptions(file, value);
}
