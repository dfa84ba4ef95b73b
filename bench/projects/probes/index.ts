// The messaging barrel: the rest of the application imports from here.
export * from './connection';
export * from './queues';
