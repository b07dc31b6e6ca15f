// Prints the gzip size of the JavaScript the home route loads (the entry, its static imports, the home
// screen's chunk and its imports), then each language's JSON file, which is fetched as data, not run.
// Run after `npm run build -w apps/web`.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const BUDGET_KIB = 150;

const seen = new Set();
const collect = (key) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dependency of chunk.imports ?? []) collect(dependency);
};
collect('index.html');
collect('src/app/routes/HomeRoute.tsx');

let total = 0;
const rows = [...seen]
  .map((key) => {
    const file = manifest[key].file;
    const gzip = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += gzip;
    return { file, gzipKiB: +(gzip / 1024).toFixed(2) };
  })
  .sort((a, b) => b.gzipKiB - a.gzipKiB);
console.table(rows);
const kib = total / 1024;
console.log(`home route JS: ${kib.toFixed(2)} KiB gzipped (budget ${BUDGET_KIB} KiB)`);
const locales = readdirSync(join(dist, 'assets'))
  .filter((file) => file.endsWith('.json'))
  .map(
    (file) =>
      `${file.split('-')[0]} ${(gzipSync(readFileSync(join(dist, 'assets', file)), { level: 9 }).length / 1024).toFixed(2)}`,
  );
console.log(`locale JSON (KiB gzipped, one is fetched): ${locales.join(', ')}`);
if (kib > BUDGET_KIB) process.exitCode = 1;
