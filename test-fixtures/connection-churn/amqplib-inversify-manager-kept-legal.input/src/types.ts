export const TYPES = {
  ConnectionManager: Symbol.for('ConnectionManager'),
  MessagingService: Symbol.for('MessagingService'),
};
