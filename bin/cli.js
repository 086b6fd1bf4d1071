// `npm run cli`: the operator CLI (server/cli.ts) from the bundle that `npm run build` made.
import { runBuilt } from './run-built.js';

await runBuilt('cli.mjs');
