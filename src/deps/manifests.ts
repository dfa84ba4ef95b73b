// Which files are dependency manifests, and which client packages they are read for.
import type { DependencyManifest } from '../model';

/** The client libraries whose installed version decides whether the application can connect at all. */
export const WATCHED_PACKAGES: readonly string[] = ['amqplib', 'rabbitmq-client', '@cloudamqp/amqp-client'];

/**
 * The supported libraries that load a watched package themselves (a project that imports one of them loads
 * it): amqplib is what amqp-connection-manager, amqp-ts, rascal, foo-foo-mq (rabbot, wascally), jackrabbit,
 * the NestJS RMQ transport, @golevelup/nestjs-rabbitmq and moleculer's AMQP transporter and channels require.
 */
export const LOADED_BY: Readonly<Record<string, readonly string[]>> = {
  amqplib: ['amqp-connection-manager', 'amqp-ts', 'rascal', 'foo-foo-mq', 'rabbot', 'wascally', 'jackrabbit', '@pager/jackrabbit', '@nestjs/microservices', '@golevelup/nestjs-rabbitmq', 'moleculer', '@moleculer/channels'],
};

const MANIFESTS: Record<string, DependencyManifest> = {
  'package.json': 'package.json',
  'package-lock.json': 'package-lock.json',
  'npm-shrinkwrap.json': 'package-lock.json',
  'yarn.lock': 'yarn.lock',
  'pnpm-lock.yaml': 'pnpm-lock.yaml',
  'bun.lock': 'bun.lock',
};

/** The kind of dependency manifest a path names, by its file name. */
export function dependencyManifestOf(path: string): DependencyManifest | undefined {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return Object.prototype.hasOwnProperty.call(MANIFESTS, name) ? MANIFESTS[name] : undefined;
}

export const isDependencyManifest = (path: string): boolean => dependencyManifestOf(path) !== undefined;

/** The cheap prefilter: can the manifest name a watched package at all? */
export const mentionsWatchedPackage = (text: string): boolean => WATCHED_PACKAGES.some((p) => text.includes(p));
