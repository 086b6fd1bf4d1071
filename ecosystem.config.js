// pm2: `pm2 start ecosystem.config.js` after `npm install && npm run build`.
// Two clustered processes share one port; they need PostgreSQL and Redis (docs/operations.md#postgresql-and-redis).
// The browser client connects over WebSocket only, so no sticky sessions are needed.
// (pm2 reads this ES module's named `apps` export.)
import nodeArgs from './deploy/node-args.json' with { type: 'json' };

export const apps = [
  {
    name: 'tribunal',
    script: 'bin/tribunal.js',
    // Node's flags for every launch (deploy/node-args.json, also in deploy/Dockerfile and `npm start`): an old-space ceiling far above
    // the server's live heap makes V8 collect garbage sooner (with its default 4 GB ceiling it let a loaded node reach 360+ MB);
    // 8 MB semi-spaces and 2 V8 worker threads instead of 4 keep about 45 MB less resident (each worker thread holds its own
    // malloc arena of compiler memory), with no loss of throughput in the read bench on 2 cores; 4 MB semi-spaces saved another
    // 10 MB but made a fan-out to thousands of sockets collect mid-write (S2 at 3,000: 22 ms of GC per reply against 4).
    node_args: nodeArgs,
    exec_mode: 'cluster',
    instances: 2,
    kill_timeout: 10000,
    // A restarted node counts as online only once its /api/health is green (server/main.ts sends 'ready').
    wait_ready: true,
    listen_timeout: 40000,
    env: {
      NODE_ENV: 'production',
      PORT: 8080,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tribunal',
      REDIS_URL: 'redis://127.0.0.1:6379',
      // Set SECRET (shared by both processes), PUBLIC_URL and SMTP_URL in the environment.
      SECRET: process.env.SECRET,
      PUBLIC_URL: process.env.PUBLIC_URL,
      SMTP_URL: process.env.SMTP_URL,
    },
  },
];
