'use client';
// A person's file (expediente) as staff work it: each document type that applies to the student or
// applicant (mandatory first, national or foreign), where it stands, the file to open, and the
// original the school keeps. Staff accept a document or ask for it again with the reason (the
// person is told by e-mail), upload one on the person's behalf, and record originals received and
// lent back until a date (GET/POST students/api/student-documents/checklist/, {id}/review_document/,
// {id}/receive_original/, {id}/lend_original/).
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import OutboxOutlined from '@mui/icons-material/OutboxOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { type ApiResult, api, formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { callAction, useActionQuery } from '@/lib/api/actions';
import type { AnswerOf } from '@/lib/contracts/contract';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { documentChecklist, lendOriginal, receiveOriginal, reviewDocument } from '@/lib/contracts/students';
import { formatDate } from '@/lib/format';
import { type ChecklistState, originalState } from '@/lib/scholar/documents';

const BASE = RESOURCE_BASES.studentDocuments;

export type ChecklistAnswer = AnswerOf<typeof documentChecklist>;
export type ChecklistDocument = ChecklistAnswer['items'][number]['documents'][number];

export const STATE_COLOURS: Record<ChecklistState, 'default' | 'info' | 'success' | 'error'> = { MISSING: 'default', PENDING: 'info', ACCEPTED: 'success', REJECTED: 'error' };

/** The person's checklist, as the API answers it (the portal reads the same). */
export function useChecklist(owner: { kind: 'aspirant' | 'student'; id: number | string }) {
  return useActionQuery(documentChecklist, { query: owner.kind === 'student' ? { student_id: String(owner.id) } : { aspirant_id: String(owner.id) } });
}

type Asking = { kind: 'reject' | 'lend'; document: ChecklistDocument; typeName: string };

export function DocumentChecklist({ owner, canEdit }: { owner: { kind: 'aspirant' | 'student'; id: number | string }; canEdit: boolean }) {
  const t = useT();
  const titleId = useId();
  const invalidate = useInvalidateApi();
  const checklist = useChecklist(owner);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [text, setText] = useState('');

  /** Runs one call on the file (an action, or an upload); the file is read again after it. */
  const act = async (call: () => Promise<ApiResult<unknown>>) => {
    setBusy(true);
    setProblem(null);
    const answer = await call();
    setBusy(false);
    if (!answer.ok) {
      setProblem(formatErrors(answer.data).join('\n'));
      return false;
    }
    await invalidate(BASE);
    return true;
  };

  const upload = (typeId: number, file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('doc_type_id', String(typeId));
    form.append(`${owner.kind}_id`, String(owner.id));
    form.append('document', file, file.name);
    void act(() => api.post(BASE, { body: form }));
  };

  const confirmAsking = async () => {
    if (!asking) return;
    const done =
      asking.kind === 'reject'
        ? await act(() => callAction(reviewDocument, { params: { id: asking.document.id }, body: { review_status: 'REJECTED', review_notes: text } }))
        : await act(() => callAction(lendOriginal, { params: { id: asking.document.id }, body: { date_limit: text } }));
    if (done) setAsking(null);
  };

  const data = checklist.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="document-checklist">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('scholar.checklist.title')}
        </Typography>
        {data && (
          <Chip
            size="small"
            color={data.pending ? 'warning' : data.to_review ? 'info' : 'success'}
            label={data.pending ? t('scholar.checklist.pending', { count: data.pending }) : data.to_review ? t('scholar.checklist.to_review', { count: data.to_review }) : t('scholar.checklist.complete')}
            data-testid="checklist-pending"
          />
        )}
      </Stack>
      {!data && !checklist.error && <LinearProgress aria-label={t('resource.loading')} />}
      {checklist.error && <Alert severity="error">{checklist.error.lines.join('\n') || t('resource.load_error')}</Alert>}
      {problem && (
        <Alert severity="error" sx={{ mb: 1.5, whiteSpace: 'pre-line' }} data-testid="checklist-problem">
          {problem}
        </Alert>
      )}
      {data && data.items.length === 0 && <Typography color="text.secondary">{t('scholar.checklist.no_types')}</Typography>}
      {data && data.items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('scholar.checklist.document')}</TableCell>
                <TableCell>{t('scholar.checklist.state')}</TableCell>
                <TableCell>{t('scholar.checklist.original')}</TableCell>
                {canEdit && <TableCell align="right">{t('resource.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((item) => {
                const latest = item.documents[0];
                const original = latest ? originalState(latest) : null;
                return (
                  <TableRow key={item.doc_type.id} data-testid={`checklist-row-${item.doc_type.id}`} sx={{ verticalAlign: 'top' }}>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                        <Typography variant="body2">{item.doc_type.name}</Typography>
                        {item.doc_type.mandatory && <Chip size="small" variant="outlined" label={t('scholar.checklist.mandatory')} />}
                        {item.doc_type.is_foreign !== 'B' && <Chip size="small" variant="outlined" label={t(`enums.NationalityScope.${item.doc_type.is_foreign}`)} />}
                      </Stack>
                      {latest?.document && (
                        <Typography variant="body2" sx={{ mt: 0.5 }}>
                          <a href={`${BASE}${latest.id}/file/document/?inline=true`} target="_blank" rel="noopener">
                            {t('scholar.checklist.open_file')}
                          </a>
                          {item.documents.length > 1 && (
                            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                              {t('scholar.checklist.earlier', { count: item.documents.length - 1 })}
                            </Typography>
                          )}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={STATE_COLOURS[item.state]} label={t(`scholar.checklist.states.${item.state}`)} data-testid={`checklist-state-${item.doc_type.id}`} />
                      {item.state === 'REJECTED' && latest?.review_notes && (
                        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                          {latest.review_notes}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {original === 'IN_FILE' && <Chip size="small" variant="outlined" color="success" label={t('scholar.checklist.in_file')} />}
                      {original === 'LENT' && latest && (
                        <Chip
                          size="small"
                          variant="outlined"
                          color={latest.overdue ? 'error' : 'warning'}
                          label={t(latest.overdue ? 'scholar.checklist.overdue' : 'scholar.checklist.lent_until', { date: formatDate(latest.date_limit) })}
                          data-testid={`checklist-lent-${item.doc_type.id}`}
                        />
                      )}
                      {(original === 'NOT_RECEIVED' || original === null) && (
                        <Typography variant="body2" color="text.secondary">
                          {t('scholar.checklist.not_received')}
                        </Typography>
                      )}
                    </TableCell>
                    {canEdit && (
                      <TableCell align="right">
                        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 0.5 }}>
                          {latest && latest.review_status !== 'ACCEPTED' && (
                            <Button size="small" startIcon={<CheckCircleOutline />} disabled={busy} onClick={() => void act(() => callAction(reviewDocument, { params: { id: latest.id }, body: { review_status: 'ACCEPTED' } }))} data-testid={`checklist-accept-${item.doc_type.id}`}>
                              {t('scholar.checklist.accept')}
                            </Button>
                          )}
                          {latest && latest.review_status !== 'REJECTED' && (
                            <Button
                              size="small"
                              color="warning"
                              startIcon={<ReplayOutlined />}
                              disabled={busy}
                              onClick={() => {
                                setText('');
                                setAsking({ kind: 'reject', document: latest, typeName: item.doc_type.name });
                              }}
                              data-testid={`checklist-reject-${item.doc_type.id}`}
                            >
                              {t('scholar.checklist.ask_again')}
                            </Button>
                          )}
                          {latest && original !== 'IN_FILE' && (
                            <Button size="small" startIcon={<Inventory2Outlined />} disabled={busy} onClick={() => void act(() => callAction(receiveOriginal, { params: { id: latest.id } }))} data-testid={`checklist-receive-${item.doc_type.id}`}>
                              {t('scholar.checklist.receive')}
                            </Button>
                          )}
                          {latest && original === 'IN_FILE' && (
                            <Button
                              size="small"
                              startIcon={<OutboxOutlined />}
                              disabled={busy}
                              onClick={() => {
                                setText('');
                                setAsking({ kind: 'lend', document: latest, typeName: item.doc_type.name });
                              }}
                              data-testid={`checklist-lend-${item.doc_type.id}`}
                            >
                              {t('scholar.checklist.lend')}
                            </Button>
                          )}
                          <Button size="small" component="label" startIcon={<UploadFileOutlined />} disabled={busy}>
                            {t('scholar.checklist.upload')}
                            <input hidden type="file" accept=".pdf,image/*" data-testid={`checklist-upload-${item.doc_type.id}`} onChange={(event) => upload(item.doc_type.id, event.target.files?.[0])} />
                          </Button>
                        </Stack>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <Dialog open={asking !== null} onClose={() => setAsking(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{asking ? t(asking.kind === 'reject' ? 'scholar.checklist.ask_again_title' : 'scholar.checklist.lend_title', { document: asking.typeName }) : ''}</DialogTitle>
        <DialogContent>
          {asking?.kind === 'reject' ? (
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              label={t('scholar.checklist.reason')}
              helperText={t('scholar.checklist.reason_help')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'checklist-reason' } }}
            />
          ) : (
            <TextField
              autoFocus
              fullWidth
              type="date"
              margin="dense"
              label={t('fields.date_limit')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'checklist-date-limit' } }}
            />
          )}
          {problem && (
            <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t('resource.cancel')}</Button>
          <Button variant="contained" disabled={busy || !text.trim()} onClick={() => void confirmAsking()} data-testid="checklist-confirm">
            {asking?.kind === 'reject' ? t('scholar.checklist.ask_again') : t('scholar.checklist.lend')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
