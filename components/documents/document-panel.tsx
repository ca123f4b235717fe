'use client';
// An issued document's page: where it stands (in force or revoked, with the reason and what replaced
// it), its PDF as issued, its public verification page, and the two ways to correct it: revoke it
// with a reason, or reissue it (a new folio and token from today's records; the old one revoked).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { useT } from '@/components/resource/use-t';
import { actionUrl, useActionMutation } from '@/lib/api/actions';
import { useResourceRecord } from '@/lib/api/resources';
import { issuedDocumentPdf, reissueIssuedDocument, revokeIssuedDocument } from '@/lib/contracts/documents';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { verificationPath } from '@/lib/documents/statement';
import { formatDateTime } from '@/lib/format';

export function IssuedDocumentPanel({ documentId, canAct }: { documentId: string; canAct: boolean }) {
  const t = useT();
  const router = useRouter();
  const headingId = useId();
  const [asking, setAsking] = useState<'revoke' | 'reissue' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const record = useResourceRecord('issuedDocuments', documentId);
  const refresh = [RESOURCE_BASES.issuedDocuments];
  const revoke = useActionMutation(revokeIssuedDocument, { refresh, onError: (error) => setProblem(error.lines.join('\n')), onSuccess: () => setAsking(null) });
  const reissue = useActionMutation(reissueIssuedDocument, {
    refresh,
    onError: (error) => setProblem(error.lines.join('\n')),
    onSuccess: (answer) => {
      setAsking(null);
      router.push(`/scholar/issued_documents/${answer.issued.id}`);
    },
  });
  const row = record.data;
  if (!row) return null;
  const revoked = row.status === 'REVOKED';
  const busy = revoke.isPending || reissue.isPending;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }} data-testid="issued-document">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h2">
          {row.type.name} · {row.folio}
        </Typography>
        <Chip size="small" color={revoked ? 'error' : 'success'} label={t(`enums.IssuedDocumentStatus.${row.status}`)} data-testid="issued-document-status" />
      </Stack>
      <Typography variant="body2">{t('documents.detail.issued', { date: formatDateTime(row.issued_at) })}</Typography>
      {revoked && (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="issued-document-revoked">
          {t('documents.detail.revoked', { date: formatDateTime(row.revoked_at), reason: row.revoke_reason ?? '' })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="outlined" href={actionUrl(issuedDocumentPdf, { params: { id: row.id }, query: { inline: 'true' } })} target="_blank" rel="noopener" data-testid="issued-document-pdf">
          {t('documents.actions.pdf')}
        </Button>
        <Button variant="outlined" href={verificationPath(row.token)} target="_blank" rel="noopener" data-testid="issued-document-verification">
          {t('documents.actions.verification')}
        </Button>
        {canAct && !revoked && (
          <>
            <Button variant="outlined" onClick={() => setAsking('reissue')} data-testid="issued-document-reissue">
              {t('documents.actions.reissue')}
            </Button>
            <Button variant="contained" color="error" onClick={() => setAsking('revoke')} data-testid="issued-document-revoke">
              {t('documents.actions.revoke')}
            </Button>
          </>
        )}
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      <ConfirmDialog
        open={asking !== null}
        askReason
        busy={busy}
        title={asking === 'reissue' ? t('documents.actions.reissue') : t('documents.actions.revoke')}
        message={asking === 'reissue' ? t('documents.detail.confirm_reissue', { folio: row.folio }) : t('documents.detail.confirm_revoke', { folio: row.folio })}
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => {
          setProblem(null);
          const call = { params: { id: row.id }, body: { reason: reason ?? '' } };
          if (asking === 'reissue') reissue.mutate(call);
          else revoke.mutate(call);
        }}
      />
    </Paper>
  );
}
