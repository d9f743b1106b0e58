// After `vite build`: a Brotli and a gzip copy of every text asset worth compressing, which the server
// sends to browsers that accept them (@fastify/static `preCompressed`), so that no request compresses.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|txt)$/;
// Below this a compressed copy saves less than the headers it costs.
const WORTH = 1024;

let files = 0;
let before = 0;
let after = 0;
const visit = (dir) => {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) visit(path);
    else if (TEXT.test(entry) && statSync(path).size >= WORTH) {
      const bytes = readFileSync(path);
      const br = brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      files++;
      before += bytes.length;
      after += br.length;
    }
  }
};
visit(DIST);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB as Brotli`,
);
