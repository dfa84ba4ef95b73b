import * as rhea from 'rhea';

const connection = rhea.connect({ host: 'localhost', port: 5672 });
export const audit = connection.open_sender('/queues/audit');
