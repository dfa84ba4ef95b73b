// A NestJS-style loader: a pool of channels per name in a Map, each given its prefetch when it is made; listeners
// take their channels from the Map. A second Map holds channels made without a prefetch.
import { Channel, Connection, connect } from 'amqplib';

interface ChannelConfig {
  name: string;
  prefetch: number;
  concurrency: number;
}

export class RabbitLoader {
  private connection!: Connection;
  private channels: Map<string, Channel[]> = new Map();
  private replies: Map<string, Channel> = new Map();

  constructor(private readonly config: { url: string; channels: ChannelConfig[] }) {}

  async init() {
    this.connection = await connect(this.config.url);
    for (const item of this.config.channels) {
      const channels = [];
      for (let index = 0; index < item.concurrency; index++) {
        const channel = await this.connection.createChannel();
        await channel.prefetch(10);
        channels.push(channel);
      }
      this.channels.set(item.name, channels);
    }
    const reply = await this.connection.createChannel();
    this.replies.set('default', reply);
  }

  async listen(queue: string, channelName: string, callback: (body: string) => Promise<void>) {
    const channels = this.channels.get(channelName)!;
    for (const channel of channels) {
      channel.consume(queue, async (message) => {
        if (!message) return;
        await callback(message.content.toString('utf8'));
        channel.ack(message);
      });
    }
  }

  async listenReplies(queue: string, callback: (body: string) => void) {
    const channel = this.replies.get('default')!;
    await channel.consume(queue, (message) => {
      if (!message) return;
      callback(message.content.toString('utf8'));
      channel.ack(message);
    });
  }
}
