// Unit tests with test doubles: their calls hand helpers mocks and sample values, not what the service runs.

const TEST_FILE = /(^|\/)(__tests__|__mocks__|test|tests|spec)\/|\.(spec|test|integration|e2e|e2e-spec)\.[cm]?[jt]sx?$/;
const TEST_DOUBLES = /\b(?:vi|jest)\.(?:fn|mock|spyOn|mocked)\b|\bsinon\.|\bcreateMock\b|\bMocked(?:Object)?</;

/** Whether a project path (forward slashes) is a test file: `*.spec.ts`, `*.test.js`, `*.integration.ts`, `*.e2e-spec.ts`, `__tests__/`, `test/`. */
export function isTestFile(path: string): boolean {
  return TEST_FILE.test(path.replace(/\\/g, '/'));
}

/**
 * A test file that makes test doubles (`vi.fn()`, `jest.mock()`, sinon, `createMock<T>()`): its calls of
 * the project's helpers do not say what they run with. A test without doubles (an integration test
 * against a broker) calls them for real.
 */
export function usesTestDoubles(file: { path: string; text: string }): boolean {
  return isTestFile(file.path) && TEST_DOUBLES.test(file.text);
}
