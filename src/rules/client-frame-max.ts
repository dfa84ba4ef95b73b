// Rule client-frame-max: client versions and frameMax settings RabbitMQ 4.1+ cannot connect with.
import type { ConnectionOpen, DependencyPin, Severity, TargetVersion } from '../model';
import { admitsAtLeast, compareVersions, floorBelow, formatVersion, parseVersion, raiseRange, satisfies, type Version } from '../deps/semver';
import { addCommand, dirOf, frozenInstall, overrideSnippet, upgradeCommand } from './package-manager-commands';
import { atLeast, type DependencyRule, type Violation } from './types';

/** RabbitMQ 4.1 refuses a frame_max below this (it was 4096 before). */
export const MIN_FRAME_MAX = 8192;

/**
 * Per client library (catalogue G1, each library's history read from its source): the first release that no
 * longer offers frame_max 4096, the release to move to, and the frame_max it offers by default. amqplib 0.10.6
 * changed its default to 131072 (its changelog); RabbitMQ's 4.1.0 notes ask for 0.10.7, so fixes raise to 0.10.7
 * while only versions before 0.10.6 are refused. rabbitmq-client offered 4096 up to 5.0.2 (src/normalize.ts),
 * @cloudamqp/amqp-client up to 3.2.0 (its constructor's and URL parser's default; every release npm has before 3.2.1).
 */
const RELEASES: Readonly<Record<string, { connects: Version; recommended: Version; frameMax: number }>> = {
  amqplib: { connects: [0, 10, 6], recommended: [0, 10, 7], frameMax: 131072 },
  'rabbitmq-client': { connects: [5, 0, 3], recommended: [5, 0, 3], frameMax: 8192 },
  '@cloudamqp/amqp-client': { connects: [3, 2, 1], recommended: [3, 2, 1], frameMax: 8192 },
};
type Releases = (typeof RELEASES)[string];

/**
 * What 4.1.0+ does with a frame_max below 8192: measured on 4.3.6, it closes the socket during the
 * handshake without a connection.close (the client sees the socket reset), and logs the reason.
 */
const REFUSAL = (frameMax: number | string) =>
  `no reply: the broker closes the socket during the connection handshake (the client sees ECONNRESET) and logs "failed to negotiate connection parameters: negotiated frame_max = ${frameMax} is lower than the minimum allowed value (${MIN_FRAME_MAX})"`;

const severityFor = (target: TargetVersion): Severity => (atLeast(target, '4.1') ? 'error' : 'warning');
const consequence = (target: TargetVersion) => (atLeast(target, '4.1') ? 'RabbitMQ 4.1 and later refuse the connection' : 'RabbitMQ 4.0 still accepts it, 4.1 and later refuse the connection');

/** A move between 0.x minors or majors: the library's API may change, so --safe-only leaves it to a human. */
function crossesMajor(range: string, minimum: Version): boolean {
  const from = parseVersion(/\d+\.\d+\.\d+/.exec(range)?.[0] ?? '');
  return !from || from[0] !== minimum[0] || (from[0] === 0 && from[1] !== minimum[1]);
}

/** "bun.lockb cannot be read (...)": a lock file that decides what is installed but could not be read, if so. */
const unreadLock = (pin: DependencyPin): string | undefined => (pin.locked?.unread ? `${pin.locked.file} cannot be read (${pin.locked.unread})` : undefined);

/** The fix of a package.json range: its raised form, and whether the lock file beside it still pins a version that form excludes. */
function rangeFix(pin: DependencyPin, range: string, releases: Releases): { wanted: string; raised?: string; lockConflict?: string } {
  const raised = raiseRange(range, releases.recommended);
  const wanted = raised ?? `^${formatVersion(releases.recommended)}`;
  const locked = pin.locked?.version !== undefined ? parseVersion(pin.locked.version) : undefined;
  // A lock file that cannot be read (bun.lockb) may pin any version: it counts as pinning one the new range excludes.
  const lockConflict = unreadLock(pin)
    ? `${unreadLock(pin)}, so it may pin a version the new range excludes`
    : locked && satisfies(locked, wanted) === false
      ? `${pin.locked!.file} pins ${pin.client} ${pin.locked!.version}, which the new range excludes`
      : undefined;
  return { wanted, ...(raised ? { raised } : {}), ...(lockConflict ? { lockConflict } : {}) };
}

/** The advice for a range to raise: the rewrite and a lock file refresh, or (a lock file pinning an excluded version) one command that updates both. */
function rangeAdvice(pin: DependencyPin, fix: ReturnType<typeof rangeFix>): string {
  const command = addCommand(pin.locked?.manifest, pin.client, fix.wanted, pin.section, dirOf(pin.at.file));
  if (fix.lockConflict) {
    const asText = pin.locked!.manifest === 'bun.lockb' ? '; `bun install --save-text-lockfile --frozen-lockfile --lockfile-only` writes the lock as text (bun.lock), which is read' : '';
    return `run ${command}: it sets "${fix.wanted}" in package.json and updates ${pin.locked!.file} together (package.json is not rewritten alone: ${fix.lockConflict}, and ${frozenInstall(pin.locked!.manifest)} would refuse the pair)${asText}`;
  }
  if (pin.locked) return `require ${pin.client} "${fix.wanted}", then refresh ${pin.locked.file} (${command} does both)`;
  return `require ${pin.client} "${fix.wanted}" (or run ${command})`;
}

function checkRange(pin: DependencyPin, range: string, releases: Releases, target: TargetVersion): Violation[] {
  const connects = formatVersion(releases.connects);
  if (admitsAtLeast(range, releases.connects) !== false) {
    // The lock file decides what is installed: its own pin is judged.
    if (pin.locked?.version !== undefined) return [];
    // A peer range is the contract of a library for its users, whose own lock files decide.
    if (pin.section !== 'peerDependencies' && floorBelow(range, releases.connects)) return [floorRefused(pin, range, releases, target)];
    return admitsAtLeast(range, releases.recommended) === false ? [belowRecommended(pin, `${pin.client} "${range}" (${pin.section}) installs no release from ${formatVersion(releases.recommended)} on`, releases)] : [];
  }
  const fix = rangeFix(pin, range, releases);
  // Loaded by the package's code: the application cannot connect. Nothing imports it: whatever uses it cannot.
  const used = pin.imported !== false;
  const installed = pin.locked?.version !== undefined ? ` (${pin.locked.file} installs ${pin.locked.version})` : unreadLock(pin) ? ` (${unreadLock(pin)})` : ' and no lock file installs it';
  const unused = used ? '' : ` ${nothingImports(pin)}${installed}: if nothing uses it, remove it.`;
  return [
    {
      // Nothing loads it: no connection fails because of it (info at most), though an install still fetches it.
      severity: used ? severityFor(target) : 'info',
      message: `${pin.client} "${range}" (${pin.section}) installs only versions older than ${connects}, which offer frame_max 4096: ${consequence(target)} (minimum frame_max ${MIN_FRAME_MAX}), so ${used ? 'the application cannot connect at all' : 'whatever uses it cannot connect'}.${unused}`,
      brokerError: REFUSAL(4096),
      ...(fix.raised && !fix.lockConflict ? { intents: [{ kind: 'raise-dependency' as const, name: pin.client, minimum: formatVersion(releases.recommended) }], risky: crossesMajor(range, releases.recommended) } : {}),
      advice: rangeAdvice(pin, fix),
    },
  ];
}

/** "Nothing in services/api imports amqplib (or a library that loads it)", and the nested packages that load their own copy. */
function nothingImports(pin: DependencyPin): string {
  const dir = dirOf(pin.at.file);
  const own = pin.ownCopies?.length ? ` except ${listDirs(pin.ownCopies)}, which ${pin.ownCopies.length > 1 ? 'install copies of their own' : 'installs a copy of its own'}` : '';
  return `Nothing in ${dir === '.' ? 'the project' : dir} imports ${pin.client} (or a library that loads it)${own}`;
}

function listDirs(dirs: string[]): string {
  const shown = dirs.slice(0, 3).join(', ');
  return dirs.length > 3 ? `${shown} and ${dirs.length - 3} more` : shown;
}

/** A range that admits fixed releases, but whose floor is one that cannot connect, with no lock file to settle which one is installed. */
function floorRefused(pin: DependencyPin, range: string, releases: Releases, target: TargetVersion): Violation {
  const fix = rangeFix(pin, range, releases);
  const connects = formatVersion(releases.connects);
  return {
    severity: atLeast(target, '4.1') ? 'warning' : 'info',
    message: `${pin.client} "${range}" (${pin.section}) also admits versions older than ${connects}, which offer frame_max 4096, and ${pin.locked?.unread ? `${pin.locked.file}, which decides which one is installed, cannot be read (${pin.locked.unread})` : 'no lock file says which one is installed'}: a fresh install picks the newest match, but an install that settles on an older one (an existing node_modules, a copy another package brings, a lock file made elsewhere) cannot connect to RabbitMQ 4.1 and later.`,
    ...(fix.raised && !fix.lockConflict ? { intents: [{ kind: 'raise-dependency' as const, name: pin.client, minimum: formatVersion(releases.recommended) }], risky: crossesMajor(range, releases.recommended) } : {}),
    advice: `raise the range's floor: ${rangeAdvice(pin, fix)}`,
  };
}

function checkInstalled(pin: DependencyPin, version: string, releases: Releases, target: TargetVersion): Violation[] {
  const installed = parseVersion(version);
  if (!installed || compareVersions(installed, releases.recommended) >= 0) return [];
  // A workspace member's own lock file installs nothing (the root's does, and is judged for the member's range).
  if (pin.notUsedBy !== undefined) return [];
  if (compareVersions(installed, releases.connects) >= 0) return [belowRecommended(pin, `${pin.at.file.slice(pin.at.file.lastIndexOf('/') + 1)} installs ${pin.client} ${version}`, releases)];
  const fixed = releases.connects;
  const minimum = `^${formatVersion(releases.recommended)}`;
  // A wrapper whose own range admits no fixed version cannot connect until the copy is overridden.
  const stuck = pin.requiredBy.filter((r) => r.range !== undefined && admitsAtLeast(r.range, fixed) === false);
  const by = pin.requiredBy.length ? ` (required by ${pin.requiredBy.map((r) => (r.range ? `${r.name}: ${pin.client} ${r.range}` : r.name)).join(', ')})` : '';
  const lockFile = pin.at.file.slice(pin.at.file.lastIndexOf('/') + 1);
  const command = addCommand(pin.manifest, pin.client, minimum, undefined, dirOf(pin.at.file));
  let message = `${lockFile} installs ${pin.client} ${version}${by}, which offers frame_max 4096: ${consequence(target)} (minimum frame_max ${MIN_FRAME_MAX}).`;
  // The project's own copy that nothing in the project loads: whatever uses it cannot connect.
  const unused = pin.imported === false;
  if (unused) message += ` ${nothingImports(pin)}: if nothing uses it, remove it from package.json.`;
  let advice: string;
  if (stuck.length) {
    const names = stuck.map((r) => r.name).join(', ');
    message += ` ${names} ${stuck.length > 1 ? 'pin' : 'pins'} ${pin.client} below ${formatVersion(fixed)}, so ${names} cannot connect to RabbitMQ 4.1+ at all.`;
    advice = `replace ${names}, or override its ${pin.client}: ${overrideSnippet(pin.manifest, pin.client, minimum)} (test it: ${names} was written against an older ${pin.client})`;
  } else if (pin.requiredBy.length) {
    advice = `update the locked copy: ${upgradeCommand(pin.manifest, pin.client, minimum)}, or ${overrideSnippet(pin.manifest, pin.client, minimum)}`;
  } else {
    advice = `run ${command}: it requires ${pin.client} "${minimum}" in package.json and updates the lock file together`;
  }
  return [{ severity: unused ? 'info' : severityFor(target), message, brokerError: REFUSAL(4096), advice: `${advice} (lock files are not edited)` }];
}

/** A release that connects (its frame_max is large enough) but is older than the one RabbitMQ's notes ask for. */
function belowRecommended(pin: DependencyPin, what: string, releases: Releases): Violation {
  const recommended = formatVersion(releases.recommended);
  return {
    severity: 'info',
    message: `${what}: ${formatVersion(releases.connects)} and later connect to RabbitMQ 4.1+ (their default frame_max is ${releases.frameMax}), but RabbitMQ's 4.1.0 release notes ask for ${recommended} or later.`,
    advice: `require ${pin.client} "^${recommended}" when convenient and refresh the lock file`,
  };
}

function checkFrameMax(open: ConnectionOpen, target: TargetVersion): Violation[] {
  const frameMax = open.frameMax;
  if (!frameMax) return [];
  const where = open.frameMaxVia === 'url' ? 'the URL parameter frameMax' : 'frameMax';
  if (frameMax.kind === 'unknown') {
    return [
      {
        severity: 'warning',
        message: `${open.callee} sets ${where} to a value known only at run time (${frameMax.reason}): RabbitMQ 4.1 and later refuse a frame_max below ${MIN_FRAME_MAX}.`,
        ...(frameMax.origin ? { focus: frameMax.origin } : {}),
        advice: `make sure frameMax is 0 (let the broker choose) or at least ${MIN_FRAME_MAX}`,
      },
    ];
  }
  const own = open.frameMaxClientMinimum;
  if (own && frameMax.value < own.value) {
    return [
      {
        severity: 'error',
        message: `${open.callee} offers ${where} = ${frameMax.value}: ${open.client} itself throws "${own.error}" before it opens a socket (a client-side error on every RabbitMQ version, not a broker refusal), so the application cannot connect at all.`,
        ...(frameMax.kind === 'known' ? { focus: frameMax.origin } : {}),
        intents: [{ kind: 'set-frame-max', value: Math.max(own.value, MIN_FRAME_MAX) }],
        advice: `set frameMax to ${Math.max(own.value, MIN_FRAME_MAX)} or more (${open.client} accepts no 0)`,
      },
    ];
  }
  // 0 means "no limit of my own": the broker's 131072 applies.
  if (frameMax.value === 0 || frameMax.value >= MIN_FRAME_MAX) return [];
  return [
    {
      severity: severityFor(target),
      message: `${open.callee} offers ${where} = ${frameMax.value}: ${consequence(target)} with a frame_max below ${MIN_FRAME_MAX}.`,
      brokerError: REFUSAL(frameMax.value),
      ...(frameMax.kind === 'known' ? { focus: frameMax.origin } : {}),
      intents: [{ kind: 'set-frame-max', value: MIN_FRAME_MAX }],
      advice: `set frameMax to ${MIN_FRAME_MAX} or more (0 lets the broker choose its default, 131072)`,
    },
  ];
}

export const clientFrameMax: DependencyRule = {
  meta: {
    id: 'client-frame-max',
    title: 'A client that offers frame_max below 8192 (amqplib before 0.10.6, rabbitmq-client before 5.0.3, @cloudamqp/amqp-client before 3.2.1, frameMax: 4096): refused from 4.1',
    appliesTo: 'dependency',
    severity: { '4.0': 'warning', '4.1': 'error', '4.2': 'error', '4.3': 'error' },
    fixable: 'rewrite',
    dependsOn: 'a package.json range or a lock file that installs only versions older than the fixed one, and frameMax below 8192: error from 4.1, warning on 4.0 (warning for a dependency nothing in the project imports); a range that also admits old versions, with no lock file: warning; frameMax known only at run time: warning, annotated; an installed version that connects but is older than the recommended one: info (reported only). A package.json range is rewritten where no lock file pins an old version; lock files, and ranges a lock file pins, get the package manager\'s command instead',
    docs: 'client-frame-max',
    brokerError: REFUSAL(4096),
  },
  checkDependency(pin, ctx): Violation[] {
    const releases = RELEASES[pin.client];
    if (!releases) return [];
    if (pin.range !== undefined) return checkRange(pin, pin.range, releases, ctx.target);
    if (pin.version !== undefined) return checkInstalled(pin, pin.version, releases, ctx.target);
    return [];
  },
  checkOpen(open, ctx): Violation[] {
    return checkFrameMax(open, ctx.target);
  },
};
