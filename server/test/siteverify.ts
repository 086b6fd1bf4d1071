import http from 'node:http';

/**
 * A local stand-in for Turnstile's documented siteverify endpoint: a form POST with `secret`,
 * `response` and optional `remoteip`, answering `{success, "error-codes"}`. It knows the secret
 * `turnstile-secret`; `good-token` passes, `used-token` has timed out or was used, others are invalid.
 */
export async function startSiteverify() {
  const seen: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const response = form.get('response');
      let result: object;
      if (form.get('secret') !== 'turnstile-secret') result = { success: false, 'error-codes': ['invalid-input-secret'] };
      else if (response === 'good-token') result = { success: true, 'error-codes': [], hostname: 'tribunal.test' };
      else if (response === 'used-token') result = { success: false, 'error-codes': ['timeout-or-duplicate'] };
      else result = { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/turnstile/v0/siteverify`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
