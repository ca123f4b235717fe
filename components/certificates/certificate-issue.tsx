'use client';
// Control Escolar › Certificados electrónicos, above the list: a student's certificate of studies
// issued at once (total when their plan is complete, parcial otherwise; its XML downloads from the
// answer), and a batch — a group's students, or a career's in the top bar's period — issued as a job
// with its progress bar, whose certificates download as one zip.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { activeStudentField } from '@/components/finance/student-field';
import { downloadFile } from '@/components/resource/download';
import { ReferenceInput } from '@/components/resource/reference-input';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { formatErrors } from '@/lib/api-client';
import { actionUrl, callAction } from '@/lib/api/actions';
import { useResourceRows } from '@/lib/api/resources';
import { useInvalidateApi } from '@/lib/api-query';
import { certificateXml, certificatesZip, issueCertificate, issueCertificateBatch } from '@/lib/contracts/academic-certificates';
import type { JobWire } from '@/lib/jobs';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import type { FormValue } from '@/lib/resource-ui';

const STUDENT_FIELD = activeStudentField('certificate');

type Issued = { id: number; folio_control: string; type: string; subjects: number; total: number };
type BatchOutcome = { issued: number; refused_count: number; refused: { student_id: number; reason: string }[] };

export function CertificateIssue() {
  const t = useT();
  const { cicle } = useShell();
  const invalidate = useInvalidateApi();
  const headingId = useId();
  const [student, setStudent] = useState('');
  const [type, setType] = useState<'' | 'TOTAL' | 'PARCIAL'>('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [groupId, setGroupId] = useState('');
  const [job, setJob] = useState<{ id: number; students: number } | null>(null);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const groups = useResourceRows('groups', cicle ? { cicle_id: String(cicle.id), no_paginate: 'true', ordering: 'code' } : null).data ?? [];

  const issue = async () => {
    if (!student) return;
    setBusy(true);
    setProblem(null);
    setIssued(null);
    const answer = await callAction(issueCertificate, { body: { student_id: Number(student), ...(type ? { type } : {}) } });
    setBusy(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    setIssued(answer.data);
    await invalidate(RESOURCE_BASES.studiesCertificates);
  };

  const download = async (url: string, name: string) => {
    const result = await downloadFile(url, name);
    if (!result.ok) setProblem(formatErrors(result.data).join('\n') || t('resource.load_error'));
  };

  const startBatch = async () => {
    if (!groupId) return;
    setBusy(true);
    setProblem(null);
    setOutcome(null);
    const answer = await callAction(issueCertificateBatch, { body: { group_id: Number(groupId), ...(type ? { type } : {}) } });
    setBusy(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    setJob({ id: answer.data.job_id, students: answer.data.students });
  };

  const finished = useCallback(
    (done: JobWire) => {
      if (done.status === 'DONE') setOutcome(done.result as BatchOutcome);
      void invalidate(RESOURCE_BASES.studiesCertificates);
    },
    [invalidate],
  );

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }} data-testid="certificate-issue">
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('certificates.issue.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <ReferenceInput field={STUDENT_FIELD} value={student} label={t('fields.student')} helper={t('certificates.issue.student_help')} onChange={(_name: string, value: FormValue) => setStudent(typeof value === 'string' ? value : '')} />
        <TextField select size="small" sx={{ minWidth: 180 }} label={t('certificates.issue.type')} value={type} onChange={(event) => setType(event.target.value as typeof type)} data-testid="certificate-type">
          <MenuItem value="">{t('certificates.issue.type_auto')}</MenuItem>
          <MenuItem value="TOTAL">{t('enums.CertificateType.TOTAL')}</MenuItem>
          <MenuItem value="PARCIAL">{t('enums.CertificateType.PARCIAL')}</MenuItem>
        </TextField>
        <Button variant="contained" disabled={!student || busy} loading={busy} onClick={() => void issue()} data-testid="certificate-issue-one">
          {t('certificates.issue.one')}
        </Button>
      </Stack>
      {issued && (
        <Alert severity="success" sx={{ mt: 1.5 }} data-testid="certificate-issued" action={
          <Button size="small" onClick={() => void download(actionUrl(certificateXml, { params: { id: issued.id } }), `${issued.folio_control}.xml`)} data-testid="certificate-issued-xml">
            {t('certificates.download_xml')}
          </Button>
        }>
          {t('certificates.issue.done', { folio: issued.folio_control, type: t(`enums.CertificateType.${issued.type}`), subjects: issued.subjects, total: issued.total })}
        </Alert>
      )}

      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('certificates.batch.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <TextField select size="small" sx={{ minWidth: 240 }} label={t('fields.group')} value={groupId} onChange={(event) => setGroupId(event.target.value)} data-testid="certificate-batch-group" helperText={cicle ? undefined : t('certificates.batch.no_period')}>
          {groups.map((group) => (
            <MenuItem key={group.id} value={String(group.id)}>
              {group.code}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!groupId || busy} onClick={() => void startBatch()} data-testid="certificate-batch-start">
          {t('certificates.batch.start')}
        </Button>
      </Stack>
      {job && (
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          <JobProgress key={job.id} jobId={job.id} label={t('certificates.batch.running', { students: job.students })} onFinished={finished} />
          {outcome && (
            <Alert severity={outcome.refused_count ? 'warning' : 'success'} sx={{ whiteSpace: 'pre-line' }} data-testid="certificate-batch-outcome" action={
              outcome.issued > 0 ? (
                <Button size="small" onClick={() => void download(actionUrl(certificatesZip, { query: { job_id: String(job.id) } }), `certificados-lote-${job.id}.zip`)} data-testid="certificate-batch-zip">
                  {t('certificates.batch.zip')}
                </Button>
              ) : undefined
            }>
              {[t('certificates.batch.outcome', { issued: outcome.issued, refused: outcome.refused_count }), ...outcome.refused.slice(0, 10).map((one) => one.reason)].join('\n')}
            </Alert>
          )}
        </Stack>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5, whiteSpace: 'pre-line' }} data-testid="certificate-problem">
          {problem}
        </Alert>
      )}
    </Paper>
  );
}
