// `npm run dev`: the API with reload on change (tsx watch, port 3000) and Vite with HMR on
// http://localhost:5173 (it proxies /api to the API).
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    { name: 'api', command: 'npx tsx watch apps/server/src/main.ts', env: { NODE_ENV: 'development', PORT: '3000', APP_ORIGIN: 'http://localhost:5173' } },
    { name: 'web', command: 'npm run dev -w apps/web' },
  ],
  { killOthersOn: ['failure', 'success'], prefixColors: ['blue', 'magenta'] },
);
console.log('\n  Open http://localhost:5173 (Vite with HMR; /api is proxied to http://localhost:3000)\n');
result.catch(() => process.exit(1));
