// scheduler/api/shifts/: school shifts (turnos). Groups, aspirants, courses and concepts pick one
// in their forms, so every signed-in user reads the list.
import { modelResource } from '@/server/engine/model';

export const shiftsResource = modelResource({
  base: 'scheduler/api/shifts/',
  model: 'Shift',
  access: { routes: ['tools-turns'], anyoneReads: true, permission: 'shifts' },
  search: ['description', 'suffix'],
  ordering: ['description'],
});
