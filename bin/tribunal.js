// The server's entry for `npm start`, pm2 (ecosystem.config.js) and the container (deploy/Dockerfile):
// the server bundle that `npm run build` made.
import { runBuilt } from './run-built.js';

await runBuilt('main.mjs');
