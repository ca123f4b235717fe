// `POST {base}{id}/upload_photo/` (spec section 7): a file form with the photo. It is an update of
// the record's photo field, so it gets the same checks (an image, under 5 MB), the same history row
// and the same removal of the photo it replaces.
import { badRequest, msg } from '@/server/errors';
import { update } from './engine';
import type { ActionDefinition, ResourceDefinition, Row } from './types';

export function uploadPhotoAction(definition: () => ResourceDefinition, field = 'photo_path'): ActionDefinition {
  return {
    method: 'POST',
    path: '{id}/upload_photo/',
    needs: 'write',
    handler: async (ctx) => {
      const body = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Row;
      const file = body.photo ?? body.file ?? body[field];
      if (!(file instanceof Blob)) throw badRequest({ photo: [msg('errors.file_required')] });
      return update(definition(), ctx, ctx.params.id, { [field]: file });
    },
  };
}
