export { AssertionPublisher } from './AssertPublisher';
