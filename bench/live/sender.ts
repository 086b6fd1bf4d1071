/**
 * Sends the bench's writes from a process of its own, so the time to an answer is not held up by
 * the server's own event loop (the server under test runs in the bench's main process).
 */
const now = () => performance.timeOrigin + performance.now();

process.on('message', async (msg: { type: 'send'; url: string; headers: Record<string, string>; body: string } | { type: 'stop' }) => {
  if (msg.type === 'stop') return process.exit(0);
  const sentAt = now();
  const res = await fetch(msg.url, { method: 'POST', headers: msg.headers, body: msg.body });
  const text = await res.text();
  process.send!({ type: 'sent', sentAt, responseMs: now() - sentAt, status: res.status, text: res.status >= 300 ? text : '' });
});
process.send!({ type: 'ready' });
