// academic/api/: the parts of a teacher's file kept in their own tables: careers taught, documents,
// work experience, studies and the bank account fees are paid to. Staff of the teachers screen
// manage them; a teacher reads their own (Mis Datos) and nobody else's.
import { modelResource } from '@/server/engine/model';
import { TEACHER_SEARCH, withSearch } from '@/server/engine/relation-paths';
import { cardNumber, clabe, orDefault, orNull, positiveAmount } from '@/server/modules/shared/fields';
import { ownRows } from '@/server/engine/scopes';

const ownTeacherRows = ownRows({ teacher: (teacherId) => ({ teacher_id: teacherId }) });
// Staff find a teacher's rows by the teacher's number or name.
const access = { routes: ['academic-teachers'], permission: 'teachers', ownReaders: ['teacher'] } as const;

export const teacherCareersResource = withSearch(
  modelResource({
    base: 'academic/api/teacher-careers/',
    model: 'TeacherCareer',
    access,
    search: ['notes'],
    ordering: 'id',
    scope: ownTeacherRows,
  }),
  [...TEACHER_SEARCH, 'career.code', 'career.name'],
);

export const teacherDocumentsResource = withSearch(
  modelResource({
    base: 'academic/api/teacher-documents/',
    model: 'TeacherDocument',
    access,
    search: ['document', 'notes'],
    ordering: '-id',
    scope: ownTeacherRows,
    files: { document: { kinds: ['pdf', 'image'], storage: 'disk', folder: 'teacher-documents' } },
  }),
  TEACHER_SEARCH,
);

export const teacherExperiencesResource = withSearch(
  modelResource({
    base: 'academic/api/teacher-experiences/',
    model: 'TeacherExperience',
    access,
    search: ['company', 'period', 'description'],
    ordering: '-id',
    scope: ownTeacherRows,
    files: { document_url: { kinds: ['pdf', 'image'], storage: 'disk', folder: 'teacher-experiences' } },
  }),
  TEACHER_SEARCH,
);

export const teacherStudiesResource = withSearch(
  modelResource({
    base: 'academic/api/teacher-studies/',
    model: 'TeacherStudy',
    access,
    search: ['study', 'institution', 'period'],
    ordering: '-id',
    scope: ownTeacherRows,
    files: { document_url: { kinds: ['pdf', 'image'], storage: 'disk', folder: 'teacher-studies' } },
  }),
  TEACHER_SEARCH,
);

export const teacherAccountResource = withSearch(
  modelResource({
    base: 'academic/api/teacher-account/',
    model: 'TeacherAccount',
    // Bank keys are personal: no lookup route reads them, only the teachers screen, holders of the
    // teacher_accounts permission and the teacher themself.
    access: { routes: ['academic-teachers'], permission: 'teacher_accounts', ownReaders: ['teacher'] },
    search: ['bank_name'],
    ordering: '-id',
    fields: {
      clabe: orNull(clabe),
      card_no: orNull(cardNumber),
      cost_by_hour: orDefault(positiveAmount()),
    },
    scope: ownTeacherRows,
  }),
  TEACHER_SEARCH,
);
