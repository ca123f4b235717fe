'use client';
// The verification page's upload: anyone picks the PDF they were handed and learns whether it is,
// byte for byte, one the school issued (and which), or not a document of the school.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { callAction } from '@/lib/api/actions';
import { formatErrors } from '@/lib/api-client';
import { VERIFY_UPLOAD_MAX_BYTES, verifyDocumentUpload } from '@/lib/contracts/documents';

type Outcome = { issued: true; folio: string; type: string; state: string } | { issued: false } | null;

export function VerifyUpload() {
  const t = useTranslations('documents.verify');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async () => {
    if (!file) return;
    setOutcome(null);
    setProblem(null);
    if (file.size > VERIFY_UPLOAD_MAX_BYTES) return setProblem(t('too_large', { max: VERIFY_UPLOAD_MAX_BYTES / 1024 / 1024 }));
    setBusy(true);
    const answer = await callAction(verifyDocumentUpload, { body: { file } });
    setBusy(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    const { document } = answer.data;
    setOutcome(answer.data.issued && document ? { issued: true, folio: document.folio, type: document.type.name, state: document.state } : { issued: false });
  };

  return (
    <Stack spacing={1.5} data-testid="verify-upload">
      <Typography variant="body2">{t('upload_help')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" component="label">
          {t('upload_choose')}
          <input
            type="file"
            accept="application/pdf,.pdf"
            hidden
            data-testid="verify-upload-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setOutcome(null);
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ flexGrow: 1, wordBreak: 'break-all' }}>
          {file?.name ?? t('upload_none')}
        </Typography>
        <Button variant="contained" disabled={!file || busy} loading={busy} onClick={() => void check()} data-testid="verify-upload-submit">
          {t('upload_submit')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      {outcome?.issued === true && (
        <Alert severity={outcome.state === 'VALID' ? 'success' : 'warning'} data-testid="verify-upload-issued">
          {t(outcome.state === 'VALID' ? 'upload_issued' : 'upload_issued_not_valid', { type: outcome.type, folio: outcome.folio })}
        </Alert>
      )}
      {outcome?.issued === false && (
        <Alert severity="error" data-testid="verify-upload-not-issued">
          {t('upload_not_issued')}
        </Alert>
      )}
    </Stack>
  );
}
