'use client';
// "Mis documentos" on the student's home: the documents the school issued them, newest first, each
// with its PDF as issued and its public verification page. Nothing shows until there is one.
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { actionUrl } from '@/lib/api/actions';
import { useResourceRows } from '@/lib/api/resources';
import { issuedDocumentPdf } from '@/lib/contracts/documents';
import { verificationPath } from '@/lib/documents/statement';
import { formatDate } from '@/lib/format';

export function StudentDocuments() {
  const t = useTranslations('documents');
  const headingId = useId();
  const documents = useResourceRows('issuedDocuments', { page_size: '20', ordering: '-issued_at' });
  const rows = documents.data ?? [];
  if (!rows.length) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }} data-testid="student-documents">
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('mine.title')}
      </Typography>
      <Stack spacing={1}>
        {rows.map((row) => (
          <Stack key={row.id} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }} sx={{ alignItems: { sm: 'baseline' } }} data-testid={`student-document-${row.folio}`}>
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {row.type.name} · {row.folio} · {formatDate(row.issued_at)}
              {row.status === 'REVOKED' ? ` · ${t('mine.revoked')}` : ''}
            </Typography>
            <Link variant="body2" href={actionUrl(issuedDocumentPdf, { params: { id: row.id } })}>
              {t('actions.pdf')}
            </Link>
            <Link variant="body2" href={verificationPath(row.token)} target="_blank" rel="noopener">
              {t('actions.verification')}
            </Link>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
