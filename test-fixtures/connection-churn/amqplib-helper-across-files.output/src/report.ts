import { publishResult } from './publisher';

// A one-shot script calling the same helper once: not churn on its own.
publishResult(Buffer.from('nightly report')).then(() => process.exit(0));
