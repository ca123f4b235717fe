// `POST {base}{id}/upload_photo/` (spec section 7): a file form with the photo. It is an update of
// the record's photo field, so it gets the same checks (an image, under 5 MB), the same history row
// and the same removal of the photo it replaces.
import type { ActionContract } from '@/lib/contracts/contract';
import { badRequest, msg } from '@/server/errors';
import { update } from './engine';
import { type ActionDefinition, type ResourceDefinition, type Row, defineAction } from './types';

/** The action of a resource's photo, by its contract (lib/contracts: the form's parts `photo`, `file` or the field's name). */
export function uploadPhotoAction(contract: ActionContract, definition: () => ResourceDefinition, field = 'photo_path'): ActionDefinition {
  return defineAction(contract, {
    needs: 'write',
    handler: async (ctx) => {
      const body = (ctx.input && typeof ctx.input === 'object' ? ctx.input : {}) as Row;
      const file = body.photo ?? body.file ?? body[field];
      if (!(file instanceof Blob)) throw badRequest({ photo: [msg('errors.file_required')] });
      return update(definition(), ctx, ctx.params.id, { [field]: file });
    },
  });
}
