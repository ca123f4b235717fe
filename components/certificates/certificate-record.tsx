'use client';
// A certificate's page, below its data: its sealed XML to download and, while it is signed, its
// cancellation with a reason (the folio stays used; a corrected certificate is issued anew).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { downloadFile } from '@/components/resource/download';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { actionUrl, callAction } from '@/lib/api/actions';
import { useRecordState } from '@/lib/api/resources';
import { useInvalidateApi } from '@/lib/api-query';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { cancelCertificate, certificateXml } from '@/lib/contracts/academic-certificates';

export function CertificateRecord({ certificateId, canAct }: { certificateId: string; canAct: boolean }) {
  const t = useT();
  const headingId = useId();
  const invalidate = useInvalidateApi();
  const state = useRecordState('studiesCertificates', certificateId);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const operations = state.data?.operations ?? [];

  const download = async () => {
    const result = await downloadFile(actionUrl(certificateXml, { params: { id: certificateId } }), `certificado-${certificateId}.xml`);
    if (!result.ok) setProblem(formatErrors(result.data).join('\n') || t('resource.load_error'));
  };

  const cancel = async (reason: string) => {
    setBusy(true);
    setProblem(null);
    const answer = await callAction(cancelCertificate, { params: { id: certificateId }, body: { reason } });
    setBusy(false);
    setAsking(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    await invalidate(RESOURCE_BASES.studiesCertificates);
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }} data-testid="certificate-record">
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('certificates.record.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        {operations.includes('xml') && (
          <Button variant="outlined" onClick={() => void download()} data-testid="certificate-xml">
            {t('certificates.download_xml')}
          </Button>
        )}
        {canAct && operations.includes('cancel') && (
          <Button color="error" variant="outlined" disabled={busy} loading={busy} onClick={() => setAsking(true)} data-testid="certificate-cancel">
            {t('certificates.record.cancel')}
          </Button>
        )}
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      <ConfirmDialog open={asking} destructive askReason busy={busy} message={t('certificates.record.cancel_confirm')} onConfirm={(reason) => void cancel(reason ?? '')} onCancel={() => setAsking(false)} />
    </Paper>
  );
}
