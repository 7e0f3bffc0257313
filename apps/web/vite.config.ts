import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Writes .br and .gz beside each text asset so the server sends them pre-compressed. It reads the
// files as written: in generateBundle, chunks still hold placeholders that Vite replaces later.
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const filePath = path.join(outDir, fileName);
        const buffer = readFileSync(filePath);
        if (buffer.length < 1024) continue;
        writeFileSync(`${filePath}.br`, brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${filePath}.gz`, gzipSync(buffer, { level: 9 }));
      }
    },
  };
}

// React Router's package exports only its development build (dev-time warnings); the production
// build sits beside it in dist/production, and the app build uses that one (issue 14).
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/'));

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // Every browser the app supports (es2022) knows modulepreload: no polyfill in the entry.
  build: { target: 'es2022', sourcemap: false, manifest: true, chunkSizeWarningLimit: 600, modulePreload: { polyfill: false } },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
}));
