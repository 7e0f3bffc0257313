// Bundles the server into dist/main.js. npm packages stay external (node_modules resolves them at
// run time); the workspace package @app/shared is TypeScript source, so it is bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externals-but-shared',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/shared') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
console.log('server built: apps/server/dist/main.js');
