import fs from 'node:fs';
import path from 'node:path';

/** All schema files of prisma/schema concatenated, datasource and generator first. */
export function readSchema(root: string): string {
  const dir = path.join(root, 'prisma', 'schema');
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.prisma'))
    .sort((a, b) => (a === 'schema.prisma' ? -1 : b === 'schema.prisma' ? 1 : a.localeCompare(b)));
  return files.map((name) => `// ---- ${name}\n${fs.readFileSync(path.join(dir, name), 'utf8')}`).join('\n');
}
