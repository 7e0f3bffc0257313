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

// The lazy chunks the landing page asks for as it loads (its race top 5, the footer): their modules
// count as initial too, so that the groups below do not pull the shared icon and UI chunks into
// what a visit to / downloads. The same list is in scripts/bundle-size.mjs, which counts them.
const LANDING_LOAD_CHUNKS = ['src/features/landing/race-standings.tsx', 'src/app/layout/footer.tsx'];

// The icon modules the entry script uses (found at the end of the build, read by the chunk group
// below, which runs after it). The walk follows the entry's static imports but steps over
// lucide-react's index, which re-exports every icon: a module takes only the icons it names.
const initialModules = new Set<string>();
function trackInitialModules(): Plugin {
  return {
    name: 'track-initial-modules',
    apply: 'build',
    buildEnd() {
      initialModules.clear();
      const ids = [...this.getModuleIds()];
      const index = ids.find((id) => /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id));
      const iconFile = new Map<string, string>();
      if (index) {
        for (const [, names, file] of readFileSync(index, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+\.mjs)'/g)) {
          for (const name of names!.matchAll(/as (\w+)/g)) iconFile.set(name[1]!, path.join(path.dirname(index), 'icons', file!));
        }
      }
      const queue = ids.filter((id) => this.getModuleInfo(id)?.isEntry || LANDING_LOAD_CHUNKS.some((file) => id.endsWith(file)));
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (initialModules.has(id)) continue;
        initialModules.add(id);
        const info = this.getModuleInfo(id);
        for (const imported of info?.importedIds ?? []) {
          if (imported !== index) queue.push(imported);
        }
        if (index && info?.importedIds.includes(index)) {
          for (const [, names] of (info.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
            for (const name of names!.split(',')) {
              const file = iconFile.get(name.trim().split(/\s+as\s+/)[0]!);
              if (file) queue.push(file);
            }
          }
        }
      }
    },
  };
}

// React Router's package exports only its development build (dev-time warnings); the production
// build sits beside it in dist/production, and the app build uses that one: smaller and faster
// (docs/performance.md, "Landing route").
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/'));

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress(), trackInitialModules()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // Every browser the app supports (es2022) knows modulepreload: no polyfill in the entry.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'icons',
              test: (id: string) => /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) && !initialModules.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'ui',
              test: (id: string) =>
                !initialModules.has(id) &&
                /[\\/]src[\\/]components[\\/]ui[\\/]|@radix-ui[\\/]/.test(id) &&
                !/select|popper|carousel|dropdown-menu|react-menu|alert-dialog|checkbox|switch|themed-toaster|dialog|slider|focus-scope|focus-guards|dismissable|portal|use-size|number|card/.test(
                  id,
                ),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'games',
              test: (id: string) => !initialModules.has(id) && /[\\/]src[\\/]features[\\/]games[\\/]/.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
}));
