import { Test } from '@nestjs/testing';
import { EventsService } from './events.service';

const fakeConsumer = { connection: {}, channel: { consume: async () => undefined, ack: () => undefined } };

it('subscribes', async () => {
  const moduleRef = await Test.createTestingModule({
    providers: [EventsService, { provide: 'QueueConsumer', useValue: fakeConsumer }],
  }).compile();
  await moduleRef.get(EventsService).subscribe(async () => undefined);
});
