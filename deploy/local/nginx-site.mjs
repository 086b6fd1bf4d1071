// The shipped deploy/nginx.conf made runnable by Debian's nginx from a folder of its own: its
// upstream pointed at local nodes, its listen port, the built client and the cache in that folder.
// Used by deploy/local/site.sh and by the nginx browser tests (e2e/nginx.e2e.ts), so both run the
// very file a deployment ships. CLI: node nginx-site.mjs <nginx.conf> <dir> <port> <client dir> <node port>...
import fs from 'node:fs';
import path from 'node:path';

export const BROTLI_MODULE = '/usr/share/nginx/modules/ngx_http_brotli_static_module.so';

function replaceOnce(text, from, to) {
  const count = typeof from === 'string' ? text.split(from).length - 1 : (text.match(new RegExp(from.source, `${from.flags}g`)) ?? []).length;
  if (count !== 1) throw new Error(`deploy/nginx.conf: expected ${String(from)} once, found it ${count} times`);
  return text.replace(from, to);
}

/**
 * Writes `<dir>/nginx.conf` (the main file: module, pid, temp folders) and `<dir>/site.conf` (the
 * shipped file with its placeholders filled). `upstreams` are host:port of the nodes. Answers the
 * arguments that run it: `nginx ...args` (add `-g 'daemon off;'` to keep it in front).
 */
export function writeNginxSite({ conf, dir, port, clientDir, upstreams }) {
  let site = fs.readFileSync(conf, 'utf8');
  // Each upstream block's servers (the HTTP one and the sockets' one), with the options they carry.
  const servers = /^( {2}server app\d+:8080([^;\n]*);\n)+/gm;
  if ((site.match(servers) ?? []).length < 1) throw new Error('deploy/nginx.conf: no upstream servers app1:8080…');
  site = site.replace(servers, (_block, _line, options) => upstreams.map((u) => `  server ${u}${options};\n`).join(''));
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  site = replaceOnce(site, 'root /srv/tribunal/client;', `root ${clientDir};`);
  site = replaceOnce(site, 'proxy_cache_path /var/cache/nginx/tribunal-api ', `proxy_cache_path ${path.join(dir, 'api-cache')} `);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${path.join(dir, t)};`).join(' ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `load_module ${BROTLI_MODULE};\npid ${path.join(dir, 'nginx.pid')};\nerror_log ${path.join(dir, 'error.log')} warn;\n${process.getuid?.() === 0 ? 'user root;\n' : ''}events { worker_connections 4096; }\nhttp {\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n  access_log off;\n  ${temp}\n  include ${path.join(dir, 'site.conf')};\n}\n`,
  );
  return ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [conf, dir, port, clientDir, ...nodePorts] = process.argv.slice(2);
  writeNginxSite({ conf, dir, port: Number(port), clientDir, upstreams: nodePorts.map((p) => `127.0.0.1:${p}`) });
}
