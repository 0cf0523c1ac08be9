// Precompresses the build output: writes NAME.gz beside every text asset larger than 1 KB, so
// MiniLake serves the .gz bytes as they are (Content-Encoding: gzip) without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const compressible = /\.(js|mjs|css|html|svg|json|ttf|map|txt)$/;
let files = 0, before = 0, after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) { walk(path); continue; }
    if (!compressible.test(name)) continue;
    const raw = readFileSync(path);
    if (raw.length < 1024) continue;
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    if (gz.length >= raw.length) continue;
    writeFileSync(path + '.gz', gz);
    files++; before += raw.length; after += gz.length;
  }
}
walk(root);
console.log(`gzip: ${files} files, ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB`);
