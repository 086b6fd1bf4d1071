/**
 * What a local deploy is made of, read from the files deploy/local/site.sh writes into its folder:
 * each node's `node<N>/env` and the `secret`. From them the bench knows the nodes' addresses, the
 * site's, the databases, and the ports site.sh must be given to act on that same site again.
 */
import { parseEnv } from 'node:util';

export interface SiteNode {
  n: number;
  url: string;
}

export interface SiteDescription {
  /** nginx's address (the nodes' PUBLIC_URL). */
  url: string;
  nodes: SiteNode[];
  primaryUrl: string;
  replicaUrls: string[];
  secret: string;
  /** The demo accounts' password, when the site was started with DEMO_PASSWORD. */
  demoPassword: string | null;
  /** The variables that point deploy/local/site.sh at this site (its ports). */
  shEnv: Record<string, string>;
}

const portOf = (url: string, what: string) => {
  const port = new URL(url).port;
  if (!port) throw new Error(`${what} has no port: ${url}`);
  return port;
};

/** `envs`: each node's number and the text of its env file. */
export function describeSite(secret: string, envs: Array<[number, string]>): SiteDescription {
  if (envs.length === 0) throw new Error('no node env files: is this a folder of deploy/local/site.sh?');
  const parsed = [...envs].sort(([a], [b]) => a - b).map(([n, text]) => ({ n, env: parseEnv(text) }));
  const shared = (key: string) => {
    const values = new Set(parsed.map(({ env }) => env[key]));
    const [value] = values;
    if (values.size !== 1 || !value) throw new Error(`the nodes do not share one ${key}`);
    return value;
  };
  const url = shared('PUBLIC_URL');
  const primaryUrl = shared('DATABASE_URL');
  const firstRedis = shared('REDIS_CLUSTER_NODES').split(',')[0]!;
  return {
    url,
    nodes: parsed.map(({ n, env }) => {
      if (!env.HOST || !env.PORT) throw new Error(`node ${n} has no HOST and PORT`);
      return { n, url: `http://${env.HOST}:${env.PORT}` };
    }),
    primaryUrl,
    replicaUrls: (parsed[0]!.env.DATABASE_REPLICA_URLS ?? '').split(',').filter(Boolean),
    secret: secret.trim(),
    demoPassword: parsed[0]!.env.DEMO_PASSWORD ?? null,
    shEnv: {
      SITE_PORT: portOf(url, 'PUBLIC_URL'),
      PG_PRIMARY_PORT: portOf(primaryUrl, 'DATABASE_URL'),
      REDIS_CLUSTER_BASE: portOf(`redis://${firstRedis}`, 'REDIS_CLUSTER_NODES'),
      S3_PORT: portOf(shared('S3_ENDPOINT'), 'S3_ENDPOINT'),
    },
  };
}
