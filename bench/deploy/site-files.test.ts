import { describe, expect, it } from 'vitest';
import { describeSite } from './site-files';

/** A node's env file as deploy/local/site.sh writes it (node_env), for a site on SITE_PORT 8870. */
const envOf = (n: number, extra = '') => `NODE_ENV=production
HOST=127.0.0.1
PORT=${8870 + n}
DATA_DIR=/tmp/site/node${n}
SECRET=abc
TRUST_PROXY=loopback
PUBLIC_URL=http://127.0.0.1:8870
DATABASE_URL=postgres://postgres@127.0.0.1:5480/tribunal
DATABASE_REPLICA_URLS=postgres://postgres@127.0.0.1:5481/tribunal
REDIS_CLUSTER_NODES=127.0.0.1:7400,127.0.0.1:7401,127.0.0.1:7402
STORAGE=s3
S3_ENDPOINT=http://127.0.0.1:9170
S3_BUCKET=tribunal-media
SEED_DEMO=true
${extra}`;

describe('describeSite', () => {
  it('reads the nodes in order, the site, the databases and the ports site.sh needs', () => {
    const site = describeSite('s3cret\n', [
      [3, envOf(3)],
      [1, envOf(1, 'DEMO_PASSWORD=bench-pass\n')],
      [2, envOf(2)],
    ]);
    expect(site.nodes).toEqual([
      { n: 1, url: 'http://127.0.0.1:8871' },
      { n: 2, url: 'http://127.0.0.1:8872' },
      { n: 3, url: 'http://127.0.0.1:8873' },
    ]);
    expect(site).toMatchObject({
      url: 'http://127.0.0.1:8870',
      primaryUrl: 'postgres://postgres@127.0.0.1:5480/tribunal',
      replicaUrls: ['postgres://postgres@127.0.0.1:5481/tribunal'],
      secret: 's3cret',
      demoPassword: 'bench-pass',
      shEnv: { SITE_PORT: '8870', PG_PRIMARY_PORT: '5480', REDIS_CLUSTER_BASE: '7400', S3_PORT: '9170' },
    });
  });

  it('refuses a folder without nodes, and nodes that are not of one site', () => {
    expect(() => describeSite('s', [])).toThrow(/no node env files/);
    expect(() => describeSite('s', [[1, envOf(1)], [2, envOf(2).replace(':5480/', ':5490/')]])).toThrow(/DATABASE_URL/);
  });

  it('a site without replicas or a demo password says so', () => {
    const site = describeSite('s', [[1, envOf(1).replace(/^DATABASE_REPLICA_URLS=.*$/m, '')]]);
    expect(site.replicaUrls).toEqual([]);
    expect(site.demoPassword).toBeNull();
  });
});
