// The object store of the local deploy (deploy/local/site.sh): s3rver, an S3-protocol server from
// the npm registry, standing where a real deployment has MinIO, Ceph, R2 or AWS S3. One bucket,
// which browsers may upload to from the site's pages (CORS), its objects in a folder.
// Usage: node object-store.mjs <port> <folder> <bucket>
import { createRequire } from 'node:module';

const [port, directory, bucket] = process.argv.slice(2);
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver');
const cors = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>*</AllowedOrigin>
  ${['GET', 'HEAD', 'PUT', 'POST'].map((m) => `<AllowedMethod>${m}</AllowedMethod>`).join('')}
  <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket, configs: [cors] }] });
const { port: listening } = await server.run();
console.log(`object store serving on 127.0.0.1:${listening}, bucket ${bucket}`);
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => void server.close().then(() => process.exit(0)));
