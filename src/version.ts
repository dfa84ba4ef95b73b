// The tool's name and version (from package.json), for reports, the language server and the cache key.
export const TOOL_NAME = 'rabbitmq4-codemod';
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const TOOL_VERSION: string = require('../package.json').version;
