export * from './queues/names';
export { JOB_OPTIONS as JOBS, default as AUDIT_OPTIONS } from './queues/options';
