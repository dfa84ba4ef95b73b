// jscodeshift transform for the benchmark: finds `<anything>.assertQueue(...)` calls and changes nothing.
// Run: jscodeshift --dry --parser=ts --extensions=ts,tsx,js -t bench/find-assert-queue.js <dir>
module.exports = function findAssertQueue(file, api) {
  const j = api.jscodeshift;
  const found = j(file.source).find(j.CallExpression, { callee: { type: 'MemberExpression', property: { name: 'assertQueue' } } });
  if (found.size()) api.stats('assertQueue calls', found.size());
  return undefined;
};
