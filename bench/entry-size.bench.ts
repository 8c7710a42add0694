import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const TARGET_GZIP_KB = 300;

/** Size of what the browser must load before the first screen: the scripts index.html names. */
export async function benchEntrySize(): Promise<void> {
  const indexFile = path.join(DIST, 'index.html');
  if (!fs.existsSync(indexFile)) {
    console.log('apps/web/dist is missing: run `npm run build` first');
    return;
  }
  const html = fs.readFileSync(indexFile, 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const ref of refs) {
    const bytes = fs.readFileSync(path.join(DIST, ref));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
    console.log(`  ${ref}: ${(bytes.length / 1024).toFixed(1)} KB`);
  }
  const gzipKb = gzip / 1024;
  console.log(
    `entry scripts and styles: ${(raw / 1024).toFixed(1)} KB raw, ${gzipKb.toFixed(1)} KB gzip, ${(brotli / 1024).toFixed(1)} KB brotli (what the server sends)`,
  );
  console.log(
    `ratio to the ${TARGET_GZIP_KB} KB gzip target: ${(gzipKb / TARGET_GZIP_KB).toFixed(2)}`,
  );
}
