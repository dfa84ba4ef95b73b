import { Service } from './service';
import { startWorker } from './worker';

new Service(process.env.AMQP_URL).start();
startWorker(process.env.AMQP_URL);
