// Whether the production build is current: `npm start` builds again when this fingerprint of the
// sources (paths, sizes and modification times; no file is read) differs from the last build's.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './bootstrap';

/** A fingerprint of everything the build depends on; a changed tree means a new build. */
export function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated') walk(full);
      } else {
        const stat = fs.statSync(full);
        hash.update(`${full}:${stat.size}:${stat.mtimeMs}\n`);
      }
    }
  };
  for (const dir of ['app', 'components', 'lib', 'server', 'messages', 'public', 'prisma/schema']) walk(path.join(ROOT, dir));
  for (const file of ['package-lock.json', 'next.config.mjs', 'tsconfig.json', 'instrumentation.ts']) {
    const full = path.join(ROOT, file);
    if (fs.existsSync(full)) hash.update(`${file}:${fs.statSync(full).mtimeMs}\n`);
  }
  return hash.digest('hex');
}

