// The flags that name a broker (audit, plan --verify), read with the environment into an endpoint.
import { EndpointError, resolveEndpoint, type BrokerEndpoint } from '../broker/endpoint';
import { flag, UsageError, type Parsed } from './args';
import { COMMON_FLAGS, type Io } from './common';

/** What audit and plan take besides the broker: the code's paths and how the code is judged. */
export const BROKER_COMMAND_FLAGS = {
  target: COMMON_FLAGS.target,
  'default-queue-type': COMMON_FLAGS['default-queue-type'],
  exclude: COMMON_FLAGS.exclude,
  'max-file-size': COMMON_FLAGS['max-file-size'],
  'include-minified': COMMON_FLAGS['include-minified'],
  project: COMMON_FLAGS.project,
  help: {},
  h: {},
  definitions: { value: true },
  vhost: { value: true },
  output: { value: true },
};

export const BROKER_FLAGS = {
  'management-url': { value: true },
  'amqp-url': { value: true },
  'broker-config': { value: true },
  node: { value: true },
  'ca-file': { value: true },
};

/** The broker the flags and the environment name, or undefined (a bad address, file or CA is a usage error). */
export function endpointOf(args: Parsed, io: Io, env: NodeJS.ProcessEnv = process.env): BrokerEndpoint | undefined {
  try {
    return resolveEndpoint(
      { managementUrl: flag(args, 'management-url'), amqpUrl: flag(args, 'amqp-url'), brokerConfig: flag(args, 'broker-config'), node: flag(args, 'node'), caFile: flag(args, 'ca-file') },
      env,
      io.cwd,
    );
  } catch (e) {
    if (e instanceof EndpointError) throw new UsageError(e.message);
    throw e;
  }
}
