'use client';
// The applicant's own application in the applicant portal: the pre-form, step by step
// (AspirantPreform: each step saved on its own, nothing typed lost); their documents, handed in by
// type — the types that apply to a national or a foreign applicant, mandatory ones flagged, each with
// staff's review (a document asked for again says why, and is uploaded again here); and, once staff
// issue it, the admission charge's bank reference with its slip and whether it is paid.
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { api, formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { formatDate, formatMoney } from '@/lib/format';
import { STATE_COLOURS, useChecklist } from '@/components/records/document-checklist';
import { actionUrl } from '@/lib/api/actions';
import { referenceSlip } from '@/lib/contracts/finance';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { AspirantPreform } from './AspirantPreform';
import { useResourceRecord, useResourceRows } from '@/lib/api/resources';


export function AspirantApplication({ aspirantId }: { aspirantId: number }) {
  const t = useT();
  const docsId = useId();
  const payId = useId();
  const invalidate = useInvalidateApi();
  const record = useResourceRecord('aspirants', aspirantId, { callType: 'aspirant-board' });
  const checklist = useChecklist({ kind: 'aspirant', id: aspirantId }).data?.items ?? [];
  const references = useResourceRows('references', record.data?.sale_id ? { no_paginate: 'true', ordering: '-created_at' } : null).data ?? [];

  const [problem, setProblem] = useState<{ where: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [docType, setDocType] = useState('');

  const applicant = record.data;
  if (!applicant) return null;

  const upload = async (file: File | undefined) => {
    if (!file || !docType) return;
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.append('doc_type_id', docType);
    form.append('document', file, file.name);
    const answer = await api.post(RESOURCE_BASES.studentDocuments, { body: form });
    setBusy(false);
    if (!answer.ok) return setProblem({ where: 'documents', text: formatErrors(answer.data).join('\n') });
    setDocType('');
    await invalidate(RESOURCE_BASES.studentDocuments);
  };

  const reference = references.find((row) => !row.paid) ?? references[0];

  return (
    <Stack spacing={3}>
      <AspirantPreform aspirantId={aspirantId} />

      <Paper variant="outlined" component="section" aria-labelledby={docsId} sx={{ p: { xs: 2, md: 3 } }} data-testid="aspirant-documents">
        <Typography id={docsId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('admissions.portal.documents')}
        </Typography>
        <Stack spacing={1} sx={{ mb: 2 }}>
          {checklist.map((item) => (
            <Stack key={item.doc_type.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" sx={{ minWidth: { sm: 220 }, width: { xs: '100%', sm: 'auto' } }}>
                {item.doc_type.name}
              </Typography>
              {item.doc_type.mandatory && <Chip size="small" variant="outlined" label={t('admissions.portal.mandatory')} />}
              <Chip size="small" color={STATE_COLOURS[item.state]} label={t(`admissions.portal.document_states.${item.state}`)} data-testid={`document-state-${item.doc_type.id}`} />
              {item.state === 'REJECTED' && item.documents[0]?.review_notes && (
                <Typography variant="body2" color="error" sx={{ width: '100%' }}>
                  {item.documents[0].review_notes}
                </Typography>
              )}
            </Stack>
          ))}
        </Stack>
        {applicant.status !== 'INS' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <TextField select size="small" label={t('admissions.portal.document_type')} value={docType} onChange={(event) => setDocType(event.target.value)} sx={{ minWidth: { sm: 240 } }} slotProps={{ htmlInput: { 'data-testid': 'document-type' } }}>
              {checklist.map((item) => (
                <MenuItem key={item.doc_type.id} value={String(item.doc_type.id)}>
                  {item.doc_type.name}
                </MenuItem>
              ))}
            </TextField>
            <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={!docType || busy}>
              {t('admissions.portal.upload')}
              <input hidden type="file" accept=".pdf,image/*" data-testid="document-file" onChange={(event) => void upload(event.target.files?.[0])} />
            </Button>
          </Stack>
        )}
        {problem?.where === 'documents' && <Alert severity="error" sx={{ mt: 2 }}>{problem.text}</Alert>}
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby={payId} sx={{ p: { xs: 2, md: 3 } }} data-testid="aspirant-payment">
        <Typography id={payId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('admissions.portal.payment')}
        </Typography>
        {reference ? (
          <Typography variant="body2" data-testid="aspirant-reference">
            {reference.paid ? t('admissions.portal.paid', { bank_ref: reference.bank_ref, amount: formatMoney(reference.amount) }) : t('finance.reference.issued', { bank_ref: reference.bank_ref, amount: formatMoney(reference.amount), vigency: formatDate(reference.vigency) })}{' '}
            <a href={actionUrl(referenceSlip, { params: { id: reference.id }, query: { inline: 'true' } })} target="_blank" rel="noopener">
              {t('finance.reference.print')}
            </a>
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('admissions.portal.no_payment')}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
