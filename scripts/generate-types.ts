// Writes lib/contracts/resource-records.generated.ts (see scripts/lib/resource-types.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { resourceTypesModule } from './lib/resource-types';

const target = path.resolve('lib/contracts/resource-records.generated.ts');
writeFileSync(target, resourceTypesModule());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
