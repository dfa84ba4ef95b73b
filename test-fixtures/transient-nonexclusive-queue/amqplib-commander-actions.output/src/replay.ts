// A script of the project that runs the send action with options it writes: each call is judged on its own.
import { sendAction } from './commands/send.action';

sendAction('replay', { url: 'amqp://localhost', assert: true, durable: true });
sendAction('replay.scratch', { url: 'amqp://localhost', assert: true, durable: true });
