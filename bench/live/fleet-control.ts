/**
 * What every client-fleet process does around its own sockets: connect in small waves (thousands
 * of handshakes at once only measure the accept queue), say it is ready, then answer the bench's
 * messages (`report` with `report()`'s fields, `stop`, and any other type through `on`).
 */
export async function runFleet(opts: { count: number; connectOne: () => Promise<void>; disconnectAll: () => void; report: () => object; on?: (type: string) => void }) {
  for (let i = 0; i < opts.count; i += 50) await Promise.all(Array.from({ length: Math.min(50, opts.count - i) }, opts.connectOne));
  process.send!({ type: 'ready' });
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'report') process.send!({ type: 'report', ...opts.report() });
    else if (msg.type === 'stop') {
      opts.disconnectAll();
      setTimeout(() => process.exit(0), 100);
    } else opts.on?.(msg.type);
  });
}
