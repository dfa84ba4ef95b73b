export enum QueueName {
  Jobs = 'jobs',
  Audit = 'audit',
}
