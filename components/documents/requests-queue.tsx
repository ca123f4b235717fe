'use client';
// Control Escolar › Solicitudes de documentos (issue 30): the requests students make from the
// portal, newest first, filtered by state (chips), document, period and student; each row issues
// with one click when paid, is marked delivered once issued, or is cancelled with a reason while
// unpaid; "Emitir pagadas" issues every paid request of the filter as a job with its progress.
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { actionUrl, useActionMutation } from '@/lib/api/actions';
import { type ResourceRow, useResourceRows } from '@/lib/api/resources';
import { cancelDocumentRequest, deliverDocumentRequest, documentRequestPdf, issueDocumentRequest, issueDocumentRequests } from '@/lib/contracts/document-requests';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { DOCUMENT_REQUEST_STATUSES, type DocumentRequestStatus, canStep } from '@/lib/documents/request-flow';
import { formatDate, formatMoney } from '@/lib/format';
import type { JobWire } from '@/lib/jobs';
import { liveCopy } from './requests-portal';
import { RequestStatusChip } from './requests-status';

type Request = ResourceRow<'documentRequests'>;

/** How many rows the queue shows at once: the newest of the filter. */
const SHOWN = 100;

const studentName = (row: Request) => [row.student.first_name, row.student.second_name, row.student.names].filter(Boolean).join(' ');

export function RequestsQueue() {
  const t = useT();
  const titleId = useId();
  const invalidate = useInvalidateApi();
  const [status, setStatus] = useState<DocumentRequestStatus | ''>('');
  const [typeId, setTypeId] = useState('');
  const [cicleId, setCicleId] = useState('');
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<Request | null>(null);

  const query: Record<string, string> = { ordering: '-created_at', page_size: String(SHOWN) };
  if (status) query.status = status;
  if (typeId) query.type_id = typeId;
  if (cicleId) query.cicle_id = cicleId;
  if (search.trim()) query.search = search.trim();
  const requests = useResourceRows('documentRequests', query);
  const types = useResourceRows('issuedDocumentTypes', { no_paginate: 'true', ordering: 'name' });
  const cicles = useResourceRows('cicles', { no_paginate: 'true', ordering: '-start' });
  const rows = requests.data ?? [];

  const failed = (error: { lines: string[] }) => setNotice({ severity: 'error', text: error.lines.join('\n') || t('resource.save_error') });
  const issue = useActionMutation(issueDocumentRequest, {
    refresh: [RESOURCE_BASES.issuedDocuments],
    onSuccess: (answer) => setNotice({ severity: 'success', text: t('requests.queue.issued', { folios: answer.documents.map((document) => document.folio).join(', ') }) }),
    onError: failed,
  });
  const deliver = useActionMutation(deliverDocumentRequest, { onSuccess: () => setNotice({ severity: 'success', text: t('requests.queue.delivered') }), onError: failed });
  const cancel = useActionMutation(cancelDocumentRequest, {
    refresh: [RESOURCE_BASES.sales, RESOURCE_BASES.references],
    onSuccess: () => {
      setCancelling(null);
      setNotice({ severity: 'success', text: t('requests.queue.cancelled') });
    },
    onError: (error) => {
      setCancelling(null);
      failed(error);
    },
  });
  const batch = useActionMutation(issueDocumentRequests, { onSuccess: (answer) => setJobId(answer.job_id), onError: failed });
  const busy = issue.isPending || deliver.isPending || cancel.isPending;

  const finished = useCallback(
    (job: JobWire) => {
      setJobId(null);
      if (job.status === 'FAILED') return setNotice({ severity: 'error', text: formatErrors(job.error).join('\n') || t('jobs.failed') });
      const result = job.result as { issued: number; refused_count: number; refused: { reason: string }[] };
      setNotice({ severity: result.refused_count ? 'error' : 'success', text: [t('requests.queue.batch_done', { issued: result.issued, refused: result.refused_count }), ...result.refused.map((one) => one.reason)].join('\n') });
      void invalidate(RESOURCE_BASES.documentRequests, RESOURCE_BASES.issuedDocuments);
    },
    [invalidate, t],
  );

  return (
    <Stack spacing={2} component="section" aria-labelledby={titleId} data-testid="request-queue">
      <ScreenHeading title={t('requests.queue.title')} subtitle={t('requests.queue.subtitle')} titleId={titleId}>
        <Button
          variant="contained"
          startIcon={<DoneAllOutlined />}
          disabled={batch.isPending || jobId !== null}
          onClick={() => batch.mutate({ body: { type_id: typeId ? Number(typeId) : null, cicle_id: cicleId ? Number(cicleId) : null } })}
          data-testid="requests-issue-batch"
        >
          {t('requests.queue.issue_batch')}
        </Button>
      </ScreenHeading>
      {jobId !== null && <JobProgress jobId={jobId} label={t('requests.queue.batch_label')} onFinished={finished} />}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} role="group" aria-label={t('requests.queue.state')}>
          {(['', ...DOCUMENT_REQUEST_STATUSES] as const).map((value) => (
            <Chip
              key={value || 'all'}
              label={value ? t(`requests.status.${value}`) : t('requests.queue.all')}
              color={status === value ? 'primary' : 'default'}
              variant={status === value ? 'filled' : 'outlined'}
              onClick={() => setStatus(value)}
              aria-pressed={status === value}
              data-testid={`requests-filter-${value || 'all'}`}
            />
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          <TextField select size="small" label={t('requests.queue.type')} value={typeId} onChange={(event) => setTypeId(event.target.value)} sx={{ minWidth: 220 }} slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'requests-type' } }}>
            <option value="">{t('requests.queue.all_types')}</option>
            {(types.data ?? []).map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </TextField>
          <TextField select size="small" label={t('requests.queue.period')} value={cicleId} onChange={(event) => setCicleId(event.target.value)} sx={{ minWidth: 220 }} slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'requests-period' } }}>
            <option value="">{t('requests.queue.all_periods')}</option>
            {(cicles.data ?? []).map((cicle) => (
              <option key={cicle.id} value={cicle.id}>
                {cicle.description}
              </option>
            ))}
          </TextField>
          <TextField size="small" type="search" label={t('requests.queue.search')} value={search} onChange={(event) => setSearch(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'requests-search' } }} />
        </Stack>

        {notice && (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="requests-notice">
            {notice.text}
          </Alert>
        )}
        {requests.isError && <Alert severity="error">{t('resource.load_error')}</Alert>}
        {requests.isSuccess && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="requests-empty">
            {t('requests.queue.none')}
          </Typography>
        )}
        {rows.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={titleId} data-testid="requests-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('requests.queue.date')}</TableCell>
                  <TableCell>{t('requests.queue.student')}</TableCell>
                  <TableCell>{t('requests.queue.document')}</TableCell>
                  <TableCell align="right">{t('requests.queue.copies')}</TableCell>
                  <TableCell align="right">{t('requests.queue.total')}</TableCell>
                  <TableCell>{t('requests.queue.state')}</TableCell>
                  <TableCell>{t('requests.queue.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const facts = { status: row.status, charged: row.sale_id !== null };
                  return (
                    <TableRow key={row.id} data-testid={`queue-row-${row.id}`} data-status={row.status}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</TableCell>
                      <TableCell>
                        <Typography variant="body2">{studentName(row)}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {row.student.no_control}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2">{row.type.name}</Typography>
                        {row.purpose && (
                          <Typography variant="caption" color="text.secondary">
                            {row.purpose}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{row.copies}</TableCell>
                      <TableCell align="right">{Number(row.total) === 0 ? t('requests.queue.free') : formatMoney(row.total)}</TableCell>
                      <TableCell>
                        <RequestStatusChip status={row.status} />
                      </TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                          {canStep(facts, 'issue') && (
                            <Button size="small" variant="contained" startIcon={<TaskAltOutlined />} disabled={busy} onClick={() => issue.mutate({ params: { id: row.id } })} data-testid="queue-issue">
                              {t('requests.queue.issue')}
                            </Button>
                          )}
                          {canStep(facts, 'deliver') && (
                            <Button size="small" variant="outlined" startIcon={<HandshakeOutlined />} disabled={busy} onClick={() => deliver.mutate({ params: { id: row.id } })} data-testid="queue-deliver">
                              {t('requests.queue.deliver')}
                            </Button>
                          )}
                          {(row.status === 'ISSUED' || row.status === 'DELIVERED') &&
                            row.documents.map((copy) => (
                              <Button key={copy.copy} size="small" startIcon={<PictureAsPdfOutlined />} href={actionUrl(documentRequestPdf, { params: { id: row.id }, query: { copy: String(copy.copy), inline: 'true' } })} target="_blank" rel="noopener" data-testid={`queue-pdf-${copy.copy}`}>
                                {t('requests.queue.download', { folio: liveCopy(copy).folio })}
                              </Button>
                            ))}
                          {canStep(facts, 'cancel') && (
                            <Button size="small" color="error" startIcon={<CancelOutlined />} disabled={busy} onClick={() => setCancelling(row)} data-testid="queue-cancel">
                              {t('requests.queue.cancel')}
                            </Button>
                          )}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
        {rows.length >= SHOWN && (
          <Typography variant="caption" color="text.secondary">
            {t('requests.queue.shown', { count: SHOWN })}
          </Typography>
        )}
      </Paper>
      <ConfirmDialog
        open={cancelling !== null}
        askReason
        busy={cancel.isPending}
        message={cancelling ? t('requests.queue.cancel_question', { type: cancelling.type.name, student: studentName(cancelling) }) : ''}
        onCancel={() => setCancelling(null)}
        onConfirm={(reason) => cancelling && cancel.mutate({ params: { id: cancelling.id }, body: { reason: reason ?? '' } })}
      />
    </Stack>
  );
}
