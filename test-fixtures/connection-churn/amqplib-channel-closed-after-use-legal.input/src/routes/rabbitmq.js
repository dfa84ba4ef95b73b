import Router from 'koa-router';
import { publisher } from '../lib/mq';

const router = new Router();

router.post('/queue', async (ctx, next) => {
  const { queue = 'task_queue', msg } = ctx.request.body;
  ctx.assert(msg, 400, 'msg is required');
  await publisher(async (ch) => {
    await ch.assertQueue(queue, { durable: true });
    ch.sendToQueue(queue, Buffer.from(JSON.stringify(msg)), { persistent: true });
  });
  ctx.body = { result: 'success' };
  await next();
});

export default router;
