// A broker the user names (audit, plan --verify): its management API and AMQP addresses, credentials and CA,
// from the flags, the environment, or a config file in rabbitmqadmin's format, never only from a URL.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A broker's address is missing or wrong: one line, credentials hidden. */
export class EndpointError extends Error {}

export interface BrokerEndpoint {
  /** The management API's base (scheme, host, port, path prefix), without credentials. */
  management: URL;
  /** The AMQP URL without credentials (plan --verify), when the user gives one, and where it was given. */
  amqp?: URL;
  amqpFrom?: string;
  username?: string;
  password?: string;
  /** PEM text of the CA certificates to trust besides the system's, and where they came from. */
  ca?: { file: string; pem: string };
  /** Where the address and the credentials came from, for messages ("--broker-config ~/.rabbitmqadmin.conf [prod]"). */
  from: string;
}

/** What the command line says about the broker. */
export interface EndpointFlags {
  managementUrl?: string;
  amqpUrl?: string;
  brokerConfig?: string;
  node?: string;
  caFile?: string;
}

/** The environment variables a broker's address and credentials may come from (read in this order, after the flags). */
export const ENV = {
  managementUrl: 'RABBITMQ4_CODEMOD_MANAGEMENT_URL',
  amqpUrl: 'RABBITMQ4_CODEMOD_AMQP_URL',
  username: 'RABBITMQ4_CODEMOD_USERNAME',
  password: 'RABBITMQ4_CODEMOD_PASSWORD',
  caFile: 'RABBITMQ4_CODEMOD_CA_FILE',
  brokerConfig: 'RABBITMQ4_CODEMOD_BROKER_CONFIG',
} as const;

/** http://user:***@host:port, for messages and reports. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@');
}

/** The address without user info, as reports show it. */
export const shownUrl = (u: URL) => `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;

/**
 * The broker from, in order: the flags, the environment, the config file (`--broker-config FILE`, its
 * section `--node NAME`, default `default`; as rabbitmqadmin reads `~/.rabbitmqadmin.conf`). Credentials
 * in a URL still work, but the environment and the file keep them out of `ps` and the shell history.
 * Undefined when nothing names a broker.
 */
export function resolveEndpoint(flags: EndpointFlags, env: NodeJS.ProcessEnv, cwd: string): BrokerEndpoint | undefined {
  const configFile = flags.brokerConfig ?? env[ENV.brokerConfig];
  const section = configFile ? readSection(path.resolve(cwd, expandHome(configFile)), flags.node ?? 'default', configFile) : undefined;
  if (flags.node && !configFile) throw new EndpointError('--node names a section of a broker config file: give --broker-config FILE too');
  const managementText = flags.managementUrl ?? env[ENV.managementUrl] ?? (section ? managementFromSection(section, configFile!) : undefined);
  if (!managementText) return undefined;
  const management = parseUrl(managementText, ['http:', 'https:'], flags.managementUrl ? '--management-url' : env[ENV.managementUrl] ? ENV.managementUrl : `${configFile} [${flags.node ?? 'default'}]`);
  const amqpText = flags.amqpUrl ?? env[ENV.amqpUrl] ?? section?.get('amqp_url');
  const amqp = amqpText ? parseUrl(amqpText, ['amqp:', 'amqps:'], flags.amqpUrl ? '--amqp-url' : env[ENV.amqpUrl] ? ENV.amqpUrl : `${configFile} amqp_url`) : undefined;
  const username = decodedUser(management) ?? env[ENV.username] ?? section?.get('username') ?? (amqp ? decodedUser(amqp) : undefined);
  const password = decodedPassword(management) ?? env[ENV.password] ?? section?.get('password') ?? (amqp ? decodedPassword(amqp) : undefined);
  const caText = flags.caFile ?? env[ENV.caFile] ?? section?.get('ssl_ca_cert_file') ?? section?.get('ca_certificate_bundle_path');
  const ca = caText ? readCa(path.resolve(cwd, expandHome(caText)), caText) : undefined;
  for (const u of [management, amqp]) {
    if (!u) continue;
    u.username = '';
    u.password = '';
  }
  const from = flags.managementUrl ? '--management-url' : env[ENV.managementUrl] ? ENV.managementUrl : `--broker-config ${configFile} [${flags.node ?? 'default'}]`;
  const amqpFrom = flags.amqpUrl ? '--amqp-url' : env[ENV.amqpUrl] ? ENV.amqpUrl : `--broker-config ${configFile} [${flags.node ?? 'default'}] amqp_url`;
  return { management: new URL(management.toString().replace(/\/+$/, '')), ...(amqp ? { amqp, amqpFrom } : {}), ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password } : {}), ...(ca ? { ca } : {}), from };
}

function parseUrl(text: string, protocols: string[], what: string): URL {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new EndpointError(`${what}: ${redactUrl(text)} is not a URL`);
  }
  if (!protocols.includes(u.protocol)) throw new EndpointError(`${what} must be an ${protocols.map((p) => `${p}//`).join(' or ')} URL (got ${u.protocol})`);
  return u;
}

const decodedUser = (u: URL) => (u.username ? decodeURIComponent(u.username) : undefined);
const decodedPassword = (u: URL) => (u.username ? decodeURIComponent(u.password) : undefined);

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p;
}

function readCa(file: string, shown: string): { file: string; pem: string } {
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new EndpointError(`CA file ${shown}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new EndpointError(`CA file ${shown}: no PEM certificate in it (-----BEGIN CERTIFICATE-----)`);
  return { file: shown, pem };
}

/**
 * One section of an INI file as rabbitmqadmin reads it (`[name]`, then `key = value` lines; `#` and `;`
 * start comments); a value in double quotes (rabbitmqadmin v2's TOML) loses its quotes.
 */
function readSection(file: string, name: string, shown: string): Map<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new EndpointError(`--broker-config ${shown}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[([^\]]+)\]$/.exec(line);
    if (head) {
      current = new Map();
      sections.set(head[1].trim(), current);
      continue;
    }
    const kv = /^([A-Za-z0-9_.-]+)\s*[=:]\s*(.*)$/.exec(line);
    if (!kv || !current) throw new EndpointError(`--broker-config ${shown}:${i + 1}: expected [section] or key = value`);
    current.set(kv[1].toLowerCase(), kv[2].trim().replace(/^"(.*)"$/, '$1'));
  }
  const section = sections.get(name);
  if (!section) throw new EndpointError(`--broker-config ${shown}: no section [${name}] (it has ${[...sections.keys()].map((s) => `[${s}]`).join(', ') || 'none'})`);
  return section;
}

/** rabbitmqadmin's keys: base_uri, or hostname, port (15672), ssl / scheme, path_prefix. */
function managementFromSection(s: Map<string, string>, shown: string): string {
  const base = s.get('base_uri') ?? s.get('management_url');
  if (base) return base;
  const host = s.get('hostname') ?? s.get('host');
  if (!host) throw new EndpointError(`--broker-config ${shown}: the section names no hostname (or base_uri)`);
  const tls = /^(true|yes|1)$/i.test(s.get('ssl') ?? '') || s.get('scheme') === 'https';
  const port = s.get('port') ?? (tls ? '15671' : '15672');
  const prefix = (s.get('path_prefix') ?? '').replace(/\/+$/, '');
  return `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}${prefix}`;
}
