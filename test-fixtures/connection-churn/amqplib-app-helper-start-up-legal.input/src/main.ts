import { notifyOnce } from './notify';

async function main() {
  await notifyOnce(JSON.stringify({ service: 'reports', event: 'started', at: Date.now() }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
