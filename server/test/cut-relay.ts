import net from 'node:net';

/**
 * A TCP relay in front of a server that a test can cut (every connection dropped, new ones refused,
 * as a restarting database looks from outside) and restore on the same port.
 */
export interface CutRelay {
  /** `target` with its host and port replaced by the relay's. */
  url(target: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCutRelay(targetHost: string, targetPort: number): Promise<CutRelay> {
  const live = new Set<net.Socket>();
  const makeServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(targetPort, targetHost);
      live.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        live.delete(client);
        live.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  let server = makeServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  let listening = true;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of live) s.destroy();
    live.clear();
    await closed;
  };
  return {
    url(target) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: stop,
    async restore() {
      if (listening) return;
      server = makeServer();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      listening = true;
    },
    close: stop,
  };
}
