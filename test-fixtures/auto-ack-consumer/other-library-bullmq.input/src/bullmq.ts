import { Queue, Worker } from 'bullmq';

const queue = new Queue('orders');
await queue.add('created', { id: 1 });
new Worker('orders', async (job) => console.log(job.data));
