import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API server runs separately on port 3000; these prefixes are its areas
// (DESIGN §1), proxied so the browser sees one origin just like in production.
const API_ORIGIN = 'http://127.0.0.1:3000';
const proxied = ['/api', '/accounts', '/services', '/healthz', '/readyz', '/demo-portal'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server serves /assets/* with long cache lifetimes; file names carry content hashes.
    assetsDir: 'assets',
    rolldownOptions: {
      treeshake: {
        // packages/shared only declares schemas and constants. Without this, every zod schema of
        // every area (reports, call centre, ...) would ride along in the first download.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
