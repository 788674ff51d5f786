import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// By path: Vite loads its config with Node, which does not run the shared package's TypeScript sources.
import { API_PREFIXES } from '../../packages/shared/src/constants';

// In development the API server runs separately on port 3000; these prefixes are its areas
// (API_PREFIXES, shared with the server), proxied so the browser sees one origin just like in production.
const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Writes a .br and a .gz beside every text file of the build, which the server sends to browsers that
 * accept them (@fastify/static preCompressed). Compressing once at build time allows the slowest, best
 * settings and costs the server nothing per request; uncompressed the first download is about four
 * times larger, which Lighthouse counts against the first paint.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'dossier-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|css|html|svg|json)$/.test(f));
      for (const file of files) {
        const path = join(outDir, file);
        const body = readFileSync(path);
        if (body.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: false }])),
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
