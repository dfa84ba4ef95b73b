export * from './rmq/rmq.service';
