export async function declareJobs() {
  const rabbit = (await import('./rabbit')).default;
  const channel = await rabbit.connect();
  await channel.assertQueue('jobs', { durable: false });
}
