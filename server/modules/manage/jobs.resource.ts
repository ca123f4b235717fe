// manage/api/jobs/: long work a user started (server/jobs). A screen that started a job reads
// `GET manage/api/jobs/{id}/` for its progress bar until the status is DONE or FAILED. Each user
// reads only the jobs they started (superusers read all); nobody writes them through the API.
import { modelResource } from '@/server/engine/model';

export const jobsResource = modelResource({
  base: 'manage/api/jobs/',
  model: 'Job',
  access: { routes: [], anyoneReads: true },
  readOnly: true,
  scope: (actor) => (actor.is_admin ? undefined : { user_id: actor.id }),
  ordering: ['-id'],
});
