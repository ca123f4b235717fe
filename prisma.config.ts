import { defineConfig } from 'prisma/config';

// The datasource URL is only needed by migrate commands, which this project runs through its own
// scripts (scripts/db); generate works without it on a clean machine.
export default defineConfig({
  schema: 'prisma/schema',
});
