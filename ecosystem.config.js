// pm2: `pm2 start ecosystem.config.js` after `npm install && npm run build`.
// Two clustered processes share one port; they need PostgreSQL and Redis (docs/operations.md#postgresql-and-redis).
// The browser client connects over WebSocket only, so no sticky sessions are needed.
// (pm2 reads this ES module's named `apps` export.)
import nodeArgs from './deploy/node-args.json' with { type: 'json' };

export const apps = [
  {
    name: 'tribunal',
    script: 'bin/tribunal.js',
    // Node's flags for every launch (deploy/node-args.json, also in deploy/Dockerfile and `npm start`;
    // docs/operations.md#memory says why, and where to add a heap ceiling when the machine's memory is shared).
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
