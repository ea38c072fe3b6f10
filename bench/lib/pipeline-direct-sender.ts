// The no-queue limit the pipeline benchmark compares against: one process that signs and posts
// the same deliveries with the worker's own code (signDelivery, postDelivery: undici, one
// keep-alive agent) and nothing else: no queue, no database, no attempt records. What it
// reaches is this machine's ceiling for signing and posting, beside everything else running.
//
// Started by bench/pipeline.ts with fork(); over IPC it receives
//   { send: { sinkUrl, paths, deliveries, concurrency, body, secret } }
// posts `deliveries` POSTs round-robin over the paths with `concurrency` in flight, and answers
// { sent, failed } when all have been answered.
import { postDelivery } from '../../src/delivery/http-client.ts';
import { signDelivery } from '../../src/domain/signing.ts';

export interface DirectSendPlan {
  sinkUrl: string;
  paths: string[];
  deliveries: number;
  concurrency: number;
  body: string;
  secret: string;
}

async function send(plan: DirectSendPlan): Promise<{ sent: number; failed: number }> {
  let next = 0;
  let failed = 0;
  const lane = async () => {
    for (let i = next++; i < plan.deliveries; i = next++) {
      const id = `direct_${i}`;
      const headers = signDelivery({ signalId: id, timestampSeconds: Math.floor(Date.now() / 1000), body: plan.body, secrets: [plan.secret] });
      const outcome = await postDelivery({
        url: plan.sinkUrl + plan.paths[i % plan.paths.length]!,
        headers,
        body: plan.body,
        timeoutMs: 30_000,
        guard: 'allow-private',
      });
      if (outcome.kind !== 'success') failed++;
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, lane));
  return { sent: plan.deliveries - failed, failed };
}

if (process.send && import.meta.filename === process.argv[1]) {
  process.on('message', (message: { send?: DirectSendPlan }) => {
    // A failure stays unhandled on purpose: it ends this child with the error on stderr.
    if (message.send) void send(message.send).then((result) => process.send!(result));
  });
  process.on('disconnect', () => process.exit(0));
}
