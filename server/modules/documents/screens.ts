// Control Escolar › Documentos emitidos: the documents issued, newest first, with the panel that
// issues one or a period's report cards; the catalogue of document types (texts, signers) below.
// A document's page shows it with its download, verification page, revocation and reissue.
import type { ScreenRoute } from '@/server/screens/routes';

const ISSUED = 'documents/api/issued-documents/';

export const documentsScreens: Readonly<Record<string, ScreenRoute>> = {
  '/scholar/issued_documents': {
    base: ISSUED,
    filters: ['type_id', 'status', 'cicle_id'],
    columns: ['folio', 'type', 'student', 'cicle', 'issued_at', 'status'],
    // Documents outlive a period (a transcript has none): every period until one is chosen.
    allPeriods: true,
    panels: ['issue-documents'],
    lists: ['documents/api/document-types/'],
  },
};

export const documentsDetails: Readonly<Record<string, ScreenRoute>> = {
  '/scholar/issued_documents': { base: ISSUED, panels: ['issued-document'] },
};
