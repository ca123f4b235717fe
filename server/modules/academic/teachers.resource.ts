// academic/api/teachers/: teachers (profesores). A teacher sees only their own record (Mis Datos).
import { modelResource } from '@/server/engine/model';
import type { ResourceDefinition } from '@/server/engine/types';
import { uploadPhotoAction } from '@/server/engine/upload-action';
import { count, curp, email, genre, orNull, rfc } from '@/server/modules/shared/fields';

export const teachersResource: ResourceDefinition = modelResource({
  base: 'academic/api/teachers/',
  model: 'Teacher',
  access: { routes: ['academic-teachers'], readRoutes: ['teacher-data'], permission: 'teachers' },
  search: ['code', 'names', 'first_name', 'second_name', 'email', 'curp', 'rfc'],
  ordering: ['first_name', 'second_name', 'names'],
  // The photo is uploaded (the form's file field or upload_photo).
  files: { photo_path: { kinds: ['image'], storage: 'disk', folder: 'teacher-photos' } },
  actions: [uploadPhotoAction((): ResourceDefinition => teachersResource)],
  fields: {
    curp: orNull(curp),
    rfc: orNull(rfc),
    email: orNull(email),
    genre: orNull(genre),
    age: orNull(count(120)),
  },
  ownRows: { teacher: (teacherId) => ({ id: teacherId }) },
});
