// Exits 0 when this machine's node answers /api/health with 200 (the compose healthcheck uses it).
const port = process.env.PORT || 8080;
const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4000) }).catch(() => null);
process.exit(res && res.ok ? 0 : 1);
