// Plain-JS entry for process managers that refuse TypeScript scripts (pm2): loads tsx, then the server.
import { register } from 'tsx/esm/api';

register();
await import('../server/main.ts');
