// students/api/document-types/ and student-documents/: the kinds of document the school asks for,
// and the documents a student or aspirant handed in (expediente). Originals lent back to the
// student carry the date they must be returned by.
import { modelResource } from '@/server/engine/model';
import { fieldError, forbidden } from '@/server/errors';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { CAREER_CATEGORIES, careerCategory, orDefault, valueAfterWrite } from '@/server/modules/shared/fields';
import { documentActions } from './document-actions';

export const documentTypesResource = modelResource({
  base: 'students/api/document-types/',
  model: 'DocumentType',
  // Every form that asks for documents lists the types, the aspirant portal included.
  access: { routes: ['tools-doctypes'], permission: 'document_types', anyoneReads: true },
  search: ['name', 'category_career'],
  ordering: ['name'],
  filters: { category_career: { choices: CAREER_CATEGORIES } },
  fields: { category_career: orDefault(careerCategory) },
});

export const studentDocumentsResource = modelResource({
    base: 'students/api/student-documents/',
    model: 'StudentDocument',
    // The document files of a student or aspirant; each reads their own.
    access: {
      routes: ['scholar-documents', 'scholar-students', 'permanence-aspirants'],
      permission: 'student_documents',
      ownReaders: ['student', 'aspirant'],
      // Applicants hand in their documents from the applicant portal.
      ownCreators: ['aspirant'],
    },
    search: ['document', 'notes', ...STUDENT_SEARCH, 'doc_type.name'],
    ordering: ['-id'],
    files: { document: { kinds: ['pdf', 'image'], storage: 'disk', folder: 'student-documents' } },
    // Staff's review and the originals' loans are set by the actions (document-actions.ts), which
    // check their rules; a plain save leaves them as they are.
    readOnlyFields: ['review_status', 'review_notes', 'reviewed_at', 'lent_at'],
    actions: documentActions,
    campusFilter: (campusId) => ({ OR: [{ student: { career: { campus_id: campusId } } }, { aspirant: { campus_id: campusId } }] }),
    ownRows: {
      student: (studentId) => ({ student_id: studentId }),
      aspirant: (aspirantId) => ({ aspirant_id: aspirantId }),
    },
    inputToData: async (input, { tx, existing, actor }) => {
      if (actor.kind === 'aspirant') {
        // An applicant's document is theirs, and handed in until they become a student.
        const applicant = actor.aspirant_id ? await tx.aspirant.findUnique({ where: { id: actor.aspirant_id }, select: { status: true, is_active: true } }) : null;
        if (!applicant || !applicant.is_active || applicant.status === 'INS') throw forbidden();
        input = { ...input, aspirant_id: actor.aspirant_id, student_id: null };
      }
      // A type not marked `multiple` is handed in once per person; a rejected one is handed in again
      // (the new document supersedes it, and the rejected one stays in the file's history).
      const docTypeId = valueAfterWrite(input, existing, 'doc_type_id');
      const studentId = valueAfterWrite(input, existing, 'student_id');
      const aspirantId = valueAfterWrite(input, existing, 'aspirant_id');
      const owner = studentId ? { student_id: studentId } : aspirantId ? { aspirant_id: aspirantId } : null;
      if (!owner) return input;
      const type = await tx.documentType.findUnique({ where: { id: docTypeId }, select: { multiple: true } });
      if (type && !type.multiple) {
        const others = await tx.studentDocument.count({ where: { ...owner, doc_type_id: docTypeId, status: true, review_status: { not: 'REJECTED' }, ...(existing ? { id: { not: existing.id as number } } : {}) } });
        if (others) throw fieldError('doc_type_id', 'errors.duplicate', { fields: 'doc_type' });
      }
      return input;
    },
  });
