import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  root: r('./client'),
  publicDir: r('./public'),
  plugins: [react()],
  resolve: {
    alias: { '@client': r('./client'), '@shared': r('./shared'), '@locales': r('./locales') },
  },
  define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0') },
  build: { outDir: r('./dist/client'), emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
