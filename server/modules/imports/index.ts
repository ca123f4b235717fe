// Bringing a school's data in (issue 31): importers that write through the owners' operations.
// This module owns no aggregate: its own tables are the imports and their saved mappings.
import type { JobDefinition } from '@/server/jobs/define';
import type { ResourceDefinition } from '@/server/engine/types';
import { importsResource } from './imports.resource';
import { importJob } from './run';

export const importsResources: ResourceDefinition[] = [importsResource];
export const importsJobs: JobDefinition<unknown>[] = [importJob as JobDefinition<unknown>];
export { IMPORTERS } from './registry';
