// The package's API: the queue, not the channel adapter it uses inside.
export { JobsQueue } from './JobsQueue';
