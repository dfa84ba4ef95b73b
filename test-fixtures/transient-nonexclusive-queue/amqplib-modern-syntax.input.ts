import { connect, type Channel, type Options } from 'amqplib';

function Injectable(): ClassDecorator {
  return () => undefined;
}
function Inject(_token: string): ParameterDecorator {
  return () => undefined;
}

const queueOptions = { durable: false, arguments: { 'x-message-ttl': 1000 } } satisfies Options.AssertQueue;

@Injectable()
export class QueueService {
  private channel!: Channel;
  accessor ready = false;

  constructor(@Inject('URL') private readonly url: string) {}

  async init(): Promise<void> {
    this.channel = await (await connect(this.url)).createChannel();
    await this.channel.assertQueue('service', <Options.AssertQueue>{ durable: false });
    await this.channel.assertQueue('typed', queueOptions);
  }
}
