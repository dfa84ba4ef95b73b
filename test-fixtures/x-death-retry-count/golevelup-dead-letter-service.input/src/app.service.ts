import { Injectable } from '@nestjs/common';
import { AmqpConnection } from '@golevelup/nestjs-rabbitmq';
import { ConsumeMessage } from 'amqplib';

// Below the limit the service publishes the message back to the exchange it died from with the received headers (and
// a counter of its own it never reads): the client drives the retry, so on 4.x x-death[0].count stays 1.
@Injectable()
export class AppService {
  constructor(private readonly amqpConnection: AmqpConnection) {}

  async handleDeadLetter(amqpMsg: ConsumeMessage) {
    const deathHeader = amqpMsg.properties.headers['x-death'] || [];
    const retryCount = deathHeader.length > 0 ? deathHeader[0].count : 0;
    if (retryCount <= 3) {
      await this.retryMessage(amqpMsg, retryCount);
    } else {
      console.error('Max retry attempts reached', amqpMsg.content.toString());
    }
  }

  private async retryMessage(amqpMsg: ConsumeMessage, retryCount: number) {
    await this.amqpConnection.publish(
      amqpMsg.properties.headers['x-last-death-exchange'] as string,
      amqpMsg.properties.headers['x-death'][0]['routing-keys'][0] as string,
      amqpMsg.content,
      { headers: { ...amqpMsg.properties.headers, 'x-retry-count': retryCount + 1 }, persistent: true },
    );
  }
}
