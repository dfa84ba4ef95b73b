import { Broker } from './broker';

const broker = Broker.getInstance();
await broker.init(process.env.AMQP_URL!);
await broker.subscribe('payments', (msg) => console.log(msg.content.toString()));
