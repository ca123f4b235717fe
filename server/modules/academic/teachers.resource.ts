// academic/api/teachers/: teachers (profesores). A teacher sees only their own record (Mis Datos).
import { modelResource } from '@/server/engine/model';
import { type ResourceDefinition, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/academic';
import { uploadPhotoAction } from '@/server/engine/upload-action';
import { show } from '@/server/engine/engine';
import { idParam } from '@/server/validation';
import { weekFile } from '@/server/modules/scheduler';
import { count, curp, email, genre, orNull, rfc } from '@/server/modules/shared/fields';

/** GET export_schedule/?teacher_id=&cicle_id=&format=xlsx|pdf: a teacher's week in a period (a teacher, their own). */
const exportSchedule = defineAction(contracts.teacherWeek, {
  needs: 'read',
  handler: async (ctx) => {
    const id = ctx.actor.kind === 'teacher' ? ctx.actor.teacher_id! : idParam(ctx.query, 'teacher_id', true);
    const teacher = (await show(teachersResource, ctx, id)) as { id: number; names: string; first_name: string; second_name: string | null };
    const name = [teacher.first_name, teacher.second_name, teacher.names].filter(Boolean).join(' ');
    const owner = { kind: 'teacher' as const, id: teacher.id, cicle_id: idParam(ctx.query, 'cicle_id', true) };
    return weekFile(owner, ctx.t('scholar.files.teacher_week', { teacher: name }), ctx.queryInput.format ?? 'pdf', ctx.t);
  },
});

export const teachersResource: ResourceDefinition = modelResource({
  base: 'academic/api/teachers/',
  model: 'Teacher',
  access: { routes: ['academic-teachers'], readRoutes: ['teacher-data'], permission: 'teachers' },
  search: ['code', 'names', 'first_name', 'second_name', 'email', 'curp', 'rfc'],
  ordering: ['first_name', 'second_name', 'names'],
  // The photo is uploaded (the form's file field or upload_photo).
  files: { photo_path: { kinds: ['image'], storage: 'disk', folder: 'teacher-photos' } },
  actions: [uploadPhotoAction(contracts.uploadTeacherPhoto, (): ResourceDefinition => teachersResource), exportSchedule],
  fields: {
    // A week has at most 7 days of 24 hours; a full-time contract is usually 40.
    contract_hours: orNull(count(168)),
    curp: orNull(curp),
    rfc: orNull(rfc),
    email: orNull(email),
    genre: orNull(genre),
    age: orNull(count(120)),
  },
  ownRows: { teacher: (teacherId) => ({ id: teacherId }) },
});
