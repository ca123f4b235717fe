'use client';
// Portal › Mis documentos (issue 30): the student asks for a document (type at their price, copies,
// what for), sees their requests with their state, the bank reference to pay each one (its slip to
// print), and downloads what was issued, each copy with the link to its public verification. Cards
// one under the other, so it reads on a 390 px phone as on a desk.
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { useT } from '@/components/resource/use-t';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { actionUrl, useActionMutation, useActionQuery } from '@/lib/api/actions';
import { type ResourceRow, useResourceRows } from '@/lib/api/resources';
import { cancelDocumentRequest, documentRequestOffer, documentRequestPdf, requestDocument } from '@/lib/contracts/document-requests';
import { referenceSlip } from '@/lib/contracts/finance';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { MAX_COPIES, MIN_COPIES, canStep } from '@/lib/documents/request-flow';
import { verificationPath } from '@/lib/documents/statement';
import { fromCents, toCents } from '@/lib/finance/balance';
import { formatDate, formatMoney } from '@/lib/format';
import { RequestStatusChip } from './requests-status';

type Request = ResourceRow<'documentRequests'>;

/** A copy as it stands now: its reissue when it was reissued. */
export function liveCopy(row: Request['documents'][number]) {
  return row.document.replaced_by ?? row.document;
}

export function RequestsPortal() {
  const t = useT();
  const titleId = useId();
  const requests = useResourceRows('documentRequests', { no_paginate: 'true', ordering: '-created_at' });
  const rows = requests.data ?? [];
  return (
    <Stack spacing={3} aria-labelledby={titleId} component="section" data-testid="portal-documents">
      <ScreenHeading title={t('requests.portal.title')} subtitle={t('requests.portal.subtitle')} titleId={titleId} />
      <RequestForm />
      <Paper variant="outlined" component="section" sx={{ p: 2 }} aria-label={t('requests.portal.mine')}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('requests.portal.mine')}
        </Typography>
        {requests.isError && <Alert severity="error">{t('resource.load_error')}</Alert>}
        {requests.isSuccess && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="requests-none">
            {t('requests.portal.none')}
          </Typography>
        )}
        <Stack spacing={1.5} data-testid="my-requests">
          {rows.map((row) => (
            <RequestCard key={row.id} row={row} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

function RequestForm() {
  const t = useT();
  const headingId = useId();
  const offer = useActionQuery(documentRequestOffer, {});
  const [typeId, setTypeId] = useState('');
  const [copies, setCopies] = useState('1');
  const [purpose, setPurpose] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const ask = useActionMutation(requestDocument, { refresh: [RESOURCE_BASES.references, RESOURCE_BASES.sales] });
  const items = offer.data?.results ?? [];
  const chosen = items.find((item) => String(item.type_id) === typeId);
  const count = Number(copies);
  const validCopies = Number.isInteger(count) && count >= MIN_COPIES && count <= MAX_COPIES;
  const total = chosen && validCopies ? fromCents((toCents(chosen.unit_price) ?? 0n) * BigInt(count)) : null;
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    setDone(null);
    setProblem(null);
    if (!chosen) return setProblem(t('requests.portal.select_type'));
    if (!validCopies) return setProblem(t('requests.errors.copies'));
    ask.mutate(
      { body: { type_id: chosen.type_id, copies: count, purpose: purpose.trim() || null } },
      {
        onSuccess: (created) => {
          const request = created as unknown as Request;
          const reference = request.sale?.references[0];
          setDone(reference ? t('requests.portal.created_charged', { amount: formatMoney(reference.amount), bank_ref: reference.bank_ref, vigency: formatDate(reference.vigency) }) : t('requests.portal.created_free'));
          setTypeId('');
          setCopies('1');
          setPurpose('');
        },
        onError: (error) => setProblem(error.lines.join('\n') || t('resource.save_error')),
      },
    );
  };

  const label = (item: (typeof items)[number]) =>
    `${item.name} · ${!item.available ? t('requests.portal.unavailable') : Number(item.unit_price) === 0 ? t('requests.portal.free') : formatMoney(item.unit_price)}`;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid="request-form">
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('requests.portal.new')}
      </Typography>
      {offer.isError && <Alert severity="error">{t('resource.load_error')}</Alert>}
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('requests.portal.type')}
          value={typeId}
          onChange={(event) => setTypeId(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'request-type' } }}
        >
          <option value="" />
          {items.map((item) => (
            <option key={item.type_id} value={item.type_id} disabled={!item.available} data-code={item.code}>
              {label(item)}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('requests.portal.copies')}
          value={copies}
          onChange={(event) => setCopies(event.target.value)}
          sx={{ maxWidth: 160 }}
          slotProps={{ htmlInput: { min: MIN_COPIES, max: offer.data?.max_copies ?? MAX_COPIES, step: 1, 'data-testid': 'request-copies' } }}
        />
        <TextField
          fullWidth
          size="small"
          label={t('requests.portal.purpose')}
          helperText={t('requests.portal.purpose_help')}
          value={purpose}
          onChange={(event) => setPurpose(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'request-purpose' } }}
        />
        {total !== null && chosen?.available && (
          <Typography variant="body1" data-testid="request-total">
            {Number(total) === 0 ? t('requests.portal.free') : t('requests.portal.total', { amount: formatMoney(total) })}
          </Typography>
        )}
        <Box>
          <Button variant="contained" onClick={submit} disabled={ask.isPending || !items.length} data-testid="request-submit">
            {t('requests.portal.submit')}
          </Button>
        </Box>
        {problem && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="request-problem">
            {problem}
          </Alert>
        )}
        {done && (
          <Alert severity="success" data-testid="request-created">
            {done}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function RequestCard({ row }: { row: Request }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const cancel = useActionMutation(cancelDocumentRequest, { refresh: [RESOURCE_BASES.references, RESOURCE_BASES.sales] });
  const [problem, setProblem] = useState<string | null>(null);
  const facts = { status: row.status, charged: row.sale_id !== null };
  const reference = row.status === 'PENDING_PAYMENT' ? row.sale?.references[0] : undefined;
  const issued = row.status === 'ISSUED' || row.status === 'DELIVERED';

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`request-${row.id}`} data-status={row.status}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {row.type.name}
        </Typography>
        <RequestStatusChip status={row.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {[t('requests.portal.requested_on', { date: formatDate(row.created_at) }), t('requests.portal.copies_count', { copies: row.copies }), Number(row.total) === 0 ? t('requests.portal.free') : formatMoney(row.total)].join(' · ')}
      </Typography>
      {row.purpose && <Typography variant="body2">{row.purpose}</Typography>}
      {row.status === 'PENDING_PAYMENT' && (
        <Box sx={{ mt: 1 }} data-testid="request-reference">
          {reference ? (
            <>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('requests.portal.reference', { bank_ref: reference.bank_ref, amount: formatMoney(reference.amount), vigency: formatDate(reference.vigency) })}
              </Typography>
              <Link href={actionUrl(referenceSlip, { params: { id: reference.id }, query: { inline: 'true' } })} target="_blank" rel="noopener" variant="body2">
                {t('requests.portal.print_slip')}
              </Link>
            </>
          ) : (
            <Typography variant="body2">{t('requests.portal.no_reference')}</Typography>
          )}
        </Box>
      )}
      {row.status === 'CANCELLED' && row.cancel_reason && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('requests.portal.cancelled_reason', { reason: row.cancel_reason })}
        </Typography>
      )}
      {issued && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {row.documents.map((copy) => {
            const live = liveCopy(copy);
            return (
              <Stack key={copy.copy} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Button size="small" variant="contained" startIcon={<DownloadOutlined />} href={actionUrl(documentRequestPdf, { params: { id: row.id }, query: { copy: String(copy.copy) } })} disabled={live.status === 'REVOKED'} data-testid={`request-download-${copy.copy}`}>
                  {t('requests.portal.download', { folio: live.folio })}
                </Button>
                <Button size="small" startIcon={<VerifiedOutlined />} href={verificationPath(live.token)} target="_blank" rel="noopener" data-testid={`request-verify-${copy.copy}`}>
                  {t('requests.portal.verify')}
                </Button>
              </Stack>
            );
          })}
        </Stack>
      )}
      {canStep(facts, 'cancel') && (
        <Box sx={{ mt: 1 }}>
          <Button size="small" color="error" startIcon={<CancelOutlined />} onClick={() => setAsking(true)} data-testid="request-cancel">
            {t('requests.portal.cancel')}
          </Button>
        </Box>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      <ConfirmDialog
        open={asking}
        askReason
        busy={cancel.isPending}
        message={t('requests.portal.cancel_question', { type: row.type.name })}
        onCancel={() => setAsking(false)}
        onConfirm={(reason) =>
          cancel.mutate(
            { params: { id: row.id }, body: { reason: reason ?? '' } },
            {
              onSuccess: () => setAsking(false),
              onError: (error) => {
                setAsking(false);
                setProblem(error.lines.join('\n'));
              },
            },
          )
        }
      />
    </Paper>
  );
}
