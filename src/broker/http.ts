// The management HTTP API of a broker the user names: requests over http or https (the system's CAs, and a
// given CA file), basic auth from the endpoint, one-line errors that never show the password.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as tls from 'node:tls';
import { shownUrl, type BrokerEndpoint } from './endpoint';

/** The management API could not be used: one line, credentials hidden. */
export class ManagementError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 30_000;

/** Where the operating system keeps its CA bundle (OpenSSL's SSL_CERT_FILE first). */
const SYSTEM_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/ca-bundle.pem', '/etc/ssl/cert.pem'];

let systemCas: string[] | undefined;

/** Node's own roots and the system's bundle: what an https URL is trusted with when no CA file is given. */
function trusted(extra?: string): string[] {
  if (!systemCas) {
    const file = [process.env.SSL_CERT_FILE, ...SYSTEM_BUNDLES].find((f) => !!f && fs.existsSync(f));
    let bundle: string[] = [];
    try {
      bundle = file ? (fs.readFileSync(file, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []) : [];
    } catch {
      bundle = [];
    }
    systemCas = [...tls.rootCertificates, ...bundle];
  }
  return extra ? [...systemCas, extra] : systemCas;
}

export interface HttpReply {
  status: number;
  statusText: string;
  body: string;
}

/** One request; rejects with a ManagementError when the API cannot be reached (never for an HTTP status). */
export function request(e: BrokerEndpoint, method: string, apiPath: string, body?: unknown): Promise<HttpReply> {
  const base = shownUrl(e.management);
  const url = new URL(`${base}${apiPath}`);
  const secure = url.protocol === 'https:';
  // Some handlers (PUT /api/vhost-limits) answer 406 Not Acceptable to anything narrower than */*.
  const headers: Record<string, string> = { accept: method === 'GET' ? 'application/json' : '*/*' };
  if (e.username !== undefined) headers.authorization = `Basic ${Buffer.from(`${e.username}:${e.password ?? ''}`).toString('base64')}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const what = `${method} ${apiPath.replace(/\?.*$/, '')}`;
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = { method, headers, timeout: TIMEOUT_MS, ...(secure ? { ca: trusted(e.ca?.pem) } : {}) };
    const req = (secure ? https : http).request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => reject(new ManagementError(`the management API at ${base} (${what}) broke off: ${err.message}`)));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (err: NodeJS.ErrnoException) => reject(new ManagementError(`cannot reach the management API at ${base} (${what}): ${describeError(err, e)}`)));
    req.end(payload);
  });
}

function describeError(err: NodeJS.ErrnoException, e: BrokerEndpoint): string {
  const code = err.code ?? '';
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code)) {
    return `${code}: the server's certificate is not trusted${e.ca ? ` by ${e.ca.file} or the system's CAs` : ' by the system\'s CAs (give its CA with --ca-file)'}`;
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `${code}: the certificate is not for ${e.management.hostname}`;
  return code || err.message;
}

/** A GET whose answer must be 200 and JSON. `notFound`: what a 404 means here. */
export async function getJson(e: BrokerEndpoint, apiPath: string, notFound?: string): Promise<unknown> {
  const r = await request(e, 'GET', apiPath);
  const where = `${shownUrl(e.management)} (GET ${apiPath.replace(/\?.*$/, '')})`;
  if (r.status === 401) throw new ManagementError(`the management API at ${where} refused the credentials (401 Unauthorized): ${e.username === undefined ? 'give them' : 'check them'} (${credentialsHint()})`, 401);
  if (r.status === 404 && notFound) throw new ManagementError(`the management API at ${where} answered 404: ${notFound}`, 404);
  if (r.status !== 200) throw new ManagementError(`the management API at ${where} answered ${r.status} ${r.statusText}`.trim(), r.status);
  try {
    return JSON.parse(r.body) as unknown;
  } catch {
    throw new ManagementError(`the management API at ${where} did not answer JSON: is this the management port?`);
  }
}

/** How credentials may be given, for messages. */
export const credentialsHint = () => 'RABBITMQ4_CODEMOD_USERNAME and RABBITMQ4_CODEMOD_PASSWORD, or username/password in --broker-config FILE';
