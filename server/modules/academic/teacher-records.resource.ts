// academic/api/: the parts of a teacher's file kept in their own tables: careers taught, documents,
// work experience, studies and the bank account fees are paid to. Staff of the teachers screen
// manage them; a teacher reads their own (Mis Datos) and nobody else's.
import { modelResource } from '@/server/engine/model';
import { TEACHER_SEARCH } from '@/server/engine/relation-paths';
import { cardNumber, clabe, orDefault, orNull, positiveAmount } from '@/server/modules/shared/fields';

const ownTeacherRows = { teacher: (teacherId: number) => ({ teacher_id: teacherId }) };
// Staff find a teacher's rows by the teacher's number or name.
const access = { routes: ['academic-teachers'], permission: 'teachers', ownReaders: ['teacher'] } as const;

export const teacherCareersResource = modelResource({
    base: 'academic/api/teacher-careers/',
    model: 'TeacherCareer',
    access,
    search: ['notes', ...TEACHER_SEARCH, 'career.code', 'career.name'],
    ordering: ['id'],
    ownRows: ownTeacherRows,
  });

export const teacherDocumentsResource = modelResource({
    base: 'academic/api/teacher-documents/',
    model: 'TeacherDocument',
    access,
    search: ['document', 'notes', ...TEACHER_SEARCH],
    ordering: ['-id'],
    ownRows: ownTeacherRows,
    files: { document: { kinds: ['pdf', 'image'], storage: 'disk', folder: 'teacher-documents' } },
  });

export const teacherExperiencesResource = modelResource({
    base: 'academic/api/teacher-experiences/',
    model: 'TeacherExperience',
    access,
    search: ['company', 'period', 'description', ...TEACHER_SEARCH],
    ordering: ['-id'],
    ownRows: ownTeacherRows,
    files: { document_url: { kinds: ['pdf', 'image'], storage: 'disk', folder: 'teacher-experiences' } },
  });

export const teacherStudiesResource = modelResource({
    base: 'academic/api/teacher-studies/',
    model: 'TeacherStudy',
    access,
    search: ['study', 'institution', 'period', ...TEACHER_SEARCH],
    ordering: ['-id'],
    ownRows: ownTeacherRows,
    files: { document_url: { kinds: ['pdf', 'image'], storage: 'disk', folder: 'teacher-studies' } },
  });

export const teacherAccountResource = modelResource({
    base: 'academic/api/teacher-account/',
    model: 'TeacherAccount',
    // Bank keys are personal: no lookup route reads them, only the teachers screen, holders of the
    // teacher_accounts permission and the teacher themself.
    access: { routes: ['academic-teachers'], permission: 'teacher_accounts', ownReaders: ['teacher'] },
    search: ['bank_name', ...TEACHER_SEARCH],
    ordering: ['-id'],
    fields: {
      clabe: orNull(clabe),
      card_no: orNull(cardNumber),
      cost_by_hour: orDefault(positiveAmount()),
    },
    ownRows: ownTeacherRows,
  });
