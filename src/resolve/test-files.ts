// Test code: files whose calls pass mocks and sample values, not what the service runs with.

const TEST_FILE = /(^|\/)(__tests__|__mocks__|test|tests|spec)\/|\.(spec|test)\.[cm]?[jt]sx?$/;

/** Whether a project path (forward slashes) is a test file: `*.spec.ts`, `*.test.js`, `__tests__/`, `test/`. */
export function isTestFile(path: string): boolean {
  return TEST_FILE.test(path.replace(/\\/g, '/'));
}
