'use client';
// Control Escolar › Documentos emitidos: issue one document for a student (a constancia or report
// card of a period, or the certified transcript), or a period's report cards as a job whose PDFs
// download as one zip. The new document's PDF and its public verification page open from here.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { useT } from '@/components/resource/use-t';
import { actionUrl, callAction } from '@/lib/api/actions';
import { useResourceRows } from '@/lib/api/resources';
import { apiBaseKey } from '@/lib/api-keys';
import { formatErrors } from '@/lib/api-client';
import { issueDocument, issueDocumentBatch, issuedDocumentPdf, issuedDocumentsZip } from '@/lib/contracts/documents';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { KINDS_WITH_PERIOD, type DocumentKind, verificationPath } from '@/lib/documents/statement';
import type { JobWire } from '@/lib/jobs';

type Option = { id: number; label: string };

function useStudentOptions(term: string) {
  return useResourceRows('students', { page_size: '20', ...(term ? { search: term } : {}) }, {
    callType: 'options',
    select: (rows) => rows.map((row) => ({ id: row.id, label: [[row.first_name, row.second_name, row.names].filter(Boolean).join(' '), row.no_control].join(' · ') })),
  });
}

function IssueOne() {
  const t = useT();
  const client = useQueryClient();
  const [typeId, setTypeId] = useState('');
  const [cicleId, setCicleId] = useState('');
  const [purpose, setPurpose] = useState('');
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [student, setStudent] = useState<Option | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ id: number; folio: string; token: string } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const types = useResourceRows('issuedDocumentTypes', { no_paginate: 'true', status: 'true' });
  const cicles = useResourceRows('cicles', { no_paginate: 'true', status: 'true', ordering: '-start' });
  const students = useStudentOptions(term);
  const kind = types.data?.find((row) => String(row.id) === typeId)?.kind as DocumentKind | undefined;
  const withPeriod = kind ? KINDS_WITH_PERIOD.includes(kind) : false;

  const submit = async () => {
    if (!typeId || !student) return;
    setBusy(true);
    setProblem(null);
    setIssued(null);
    const answer = await callAction(issueDocument, { body: { type_id: Number(typeId), student_id: student.id, cicle_id: withPeriod && cicleId ? Number(cicleId) : null, purpose: purpose.trim() || null } });
    setBusy(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    setIssued({ id: answer.data.id, folio: answer.data.folio, token: answer.data.token });
    await client.invalidateQueries({ queryKey: apiBaseKey(RESOURCE_BASES.issuedDocuments) });
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField select size="small" label={t('documents.issue.type')} value={typeId} onChange={(event) => setTypeId(event.target.value)} sx={{ minWidth: 220 }} slotProps={{ htmlInput: { 'data-testid': 'issue-type' } }}>
          {(types.data ?? []).map((row) => (
            <MenuItem key={row.id} value={String(row.id)} data-testid={`issue-type-${row.code}`}>
              {row.name}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          sx={{ flexGrow: 1, minWidth: 260 }}
          size="small"
          options={students.data ?? []}
          loading={students.isPending}
          value={student}
          onChange={(_event, value) => setStudent(value)}
          inputValue={typed}
          onInputChange={(_event, value) => setTyped(value)}
          filterOptions={(options) => options}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={t('documents.issue.no_students')}
          renderInput={(params) => <TextField {...params} label={t('documents.issue.student')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'issue-student' } }} />}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        {withPeriod && (
          <TextField select size="small" label={t('documents.issue.period')} value={cicleId} onChange={(event) => setCicleId(event.target.value)} helperText={t('documents.issue.period_help')} sx={{ minWidth: 220 }}>
            <MenuItem value="">{t('documents.issue.current_period')}</MenuItem>
            {(cicles.data ?? []).map((row) => (
              <MenuItem key={row.id} value={String(row.id)}>
                {row.description}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField size="small" label={t('documents.issue.purpose')} value={purpose} onChange={(event) => setPurpose(event.target.value)} sx={{ flexGrow: 1 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <Button variant="contained" disabled={!typeId || !student || busy} loading={busy} onClick={() => void submit()} data-testid="issue-submit">
          {t('documents.issue.submit')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="issue-error">
          {problem}
        </Alert>
      )}
      {issued && (
        <Alert severity="success" data-testid="issue-done">
          {t('documents.issue.done', { folio: issued.folio })}{' '}
          <Link href={actionUrl(issuedDocumentPdf, { params: { id: issued.id }, query: { inline: 'true' } })} target="_blank" rel="noopener" data-testid="issue-pdf">
            {t('documents.actions.pdf')}
          </Link>
          {' · '}
          <Link href={verificationPath(issued.token)} target="_blank" rel="noopener" data-testid="issue-verification">
            {t('documents.actions.verification')}
          </Link>
          {' · '}
          <Link href={`/scholar/issued_documents/${issued.id}`} data-testid="issue-open">
            {t('documents.actions.open')}
          </Link>
        </Alert>
      )}
    </Stack>
  );
}

function IssueBatch() {
  const t = useT();
  const client = useQueryClient();
  const [cicleId, setCicleId] = useState('');
  const [groupId, setGroupId] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [finished, setFinished] = useState<JobWire | null>(null);
  const cicles = useResourceRows('cicles', { no_paginate: 'true', status: 'true', ordering: '-start' });
  const groups = useResourceRows('groups', cicleId ? { no_paginate: 'true', cicle_id: cicleId } : null);

  const start = async () => {
    if (!cicleId) return;
    setBusy(true);
    setProblem(null);
    setFinished(null);
    const answer = await callAction(issueDocumentBatch, { body: { cicle_id: Number(cicleId), group_id: groupId ? Number(groupId) : null } });
    setBusy(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    setJobId(answer.data.job_id);
  };
  const result = finished?.status === 'DONE' ? (finished.result as { issued: number; refused_count: number }) : null;

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField select size="small" label={t('documents.batch.period')} value={cicleId} onChange={(event) => { setCicleId(event.target.value); setGroupId(''); }} sx={{ minWidth: 220 }}>
          {(cicles.data ?? []).map((row) => (
            <MenuItem key={row.id} value={String(row.id)}>
              {row.description}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('documents.batch.group')} value={groupId} onChange={(event) => setGroupId(event.target.value)} disabled={!cicleId} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t('documents.batch.all_groups')}</MenuItem>
          {(groups.data ?? []).map((row) => (
            <MenuItem key={row.id} value={String(row.id)}>
              {row.code}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!cicleId || busy || (jobId !== null && !finished)} loading={busy} onClick={() => void start()} data-testid="batch-submit">
          {t('documents.batch.submit')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      {jobId !== null && (
        <JobProgress
          key={jobId}
          jobId={jobId}
          label={t('documents.batch.progress')}
          onFinished={(job) => {
            setFinished(job);
            void client.invalidateQueries({ queryKey: apiBaseKey(RESOURCE_BASES.issuedDocuments) });
          }}
        />
      )}
      {result && (
        <Alert severity={result.refused_count ? 'warning' : 'success'} data-testid="batch-done">
          {t('documents.batch.done', { issued: result.issued, refused: result.refused_count })}{' '}
          {result.issued > 0 && jobId !== null && (
            <Link href={actionUrl(issuedDocumentsZip, { query: { job_id: String(jobId) } })} data-testid="batch-zip">
              {t('documents.batch.zip')}
            </Link>
          )}
        </Alert>
      )}
    </Stack>
  );
}

export function IssueDocumentsPanel() {
  const t = useT();
  const oneId = useId();
  const batchId = useId();
  return (
    <Stack spacing={2} data-testid="issue-documents">
      <Paper component="section" aria-labelledby={oneId} variant="outlined" sx={{ p: 2 }}>
        <Typography id={oneId} variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
          {t('documents.issue.title')}
        </Typography>
        <IssueOne />
      </Paper>
      <Paper component="section" aria-labelledby={batchId} variant="outlined" sx={{ p: 2 }}>
        <Typography id={batchId} variant="subtitle1" component="h2" sx={{ mb: 0.5 }}>
          {t('documents.batch.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('documents.batch.help')}
        </Typography>
        <IssueBatch />
      </Paper>
    </Stack>
  );
}
