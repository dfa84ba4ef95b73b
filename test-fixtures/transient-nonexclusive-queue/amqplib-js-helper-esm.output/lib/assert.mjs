export function assert(ch, name, options) {
  return ch.assertQueue(name, options);
}
