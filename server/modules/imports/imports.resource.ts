// manage/api/imports/: the files uploaded to Herramientas › Importar, newest first, each with its
// importer, who uploaded it, its status and counts; read-only (a run changes them), with the
// import's actions. A user reads their own imports; an administrator reads everyone's.
import * as contracts from '@/lib/contracts/imports';
import { modelResource } from '@/server/engine/model';
import { type ResourceDefinition, defineAction } from '@/server/engine/types';
import { dryRunAction, importersAction, previewAction, reportAction, runAction, saveMappingAction, templateAction, uploadAction } from './actions';

export const importsResource: ResourceDefinition = modelResource({
  base: 'manage/api/imports/',
  model: 'DataImport',
  access: { routes: ['tools-import'] },
  readOnly: true,
  hidden: ['file_path', 'report_path'],
  scope: (actor) => (actor.is_admin || actor.is_superuser ? undefined : { user_id: actor.id }),
  search: ['file_name', 'importer'],
  ordering: ['-id'],
  actions: [
    defineAction(contracts.importers, { needs: 'read', handler: importersAction }),
    defineAction(contracts.importTemplate, { needs: 'read', handler: templateAction }),
    defineAction(contracts.uploadImport, { needs: 'write', handler: uploadAction }),
    defineAction(contracts.previewImport, { needs: 'write', handler: previewAction }),
    defineAction(contracts.saveImportMapping, { needs: 'write', handler: saveMappingAction }),
    defineAction(contracts.dryRunImport, { needs: 'write', handler: dryRunAction }),
    defineAction(contracts.runImport, { needs: 'write', handler: runAction }),
    defineAction(contracts.importReport, { needs: 'read', handler: reportAction }),
  ],
});
