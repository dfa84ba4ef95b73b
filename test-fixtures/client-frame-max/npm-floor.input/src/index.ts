import amqp from 'amqplib';
import { AMQPClient } from '@cloudamqp/amqp-client';
import { Connection } from 'rabbitmq-client';

export { amqp, AMQPClient, Connection };
