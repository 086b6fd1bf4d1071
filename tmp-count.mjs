import pg from 'pg';
const texts = new Map();
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (q, ...rest) { const t = typeof q === 'string' ? q : q?.text; if (t) { const k = t.replace(/\s+/g, ' ').slice(0, 110); texts.set(k, (texts.get(k) ?? 0) + 1); } return orig.call(this, q, ...rest); };
process.on('exit', () => { for (const [t, n] of [...texts].sort((a, b) => b[1] - a[1])) if (n >= 10 && n < 40) console.log('Q', n, t); });
