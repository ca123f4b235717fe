'use client';
// An invoice's CFDI on its page: where it stands with the PAC (pending, stamped with its fiscal
// folio, waiting for the receiver to accept a cancellation, cancelled, or refused with the PAC's
// message), its amounts as computed from its concepts, and the steps staff take: stamp, cancel with
// SAT's reason (01 names the replacing invoice), ask how a cancellation goes, download XML and PDF.
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { type ApiResult, formatErrors } from '@/lib/api-client';
import { actionUrl, callAction } from '@/lib/api/actions';
import { useInvalidateApi } from '@/lib/api-query';
import { useResourceRecord } from '@/lib/api/resources';
import { cancelInvoice, invoiceCancelStatus, invoicePdf, invoiceXml, stampInvoice } from '@/lib/contracts/invoices';
import { formatDateTime, formatMoney } from '@/lib/format';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const BASE = RESOURCE_BASES.invoices;

const COLORS = { PENDING: 'default', STAMPED: 'success', CANCEL_REQUESTED: 'warning', CANCELLED: 'default', ERROR: 'error' } as const;
const REASONS = ['01', '02', '03', '04'] as const;

export function InvoicePanel({ invoiceId, canAct }: { invoiceId: string; canAct: boolean }) {
  const t = useT();
  const router = useRouter();
  const invalidate = useInvalidateApi();
  const query = useResourceRecord('invoices', invoiceId);
  const invoice = query.data;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('02');
  const [substitute, setSubstitute] = useState('');
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({});

  /** One step with the PAC (its action's call); the invoice is read again after it. */
  const step = async (call: () => Promise<ApiResult<unknown>>) => {
    setBusy(true);
    setProblem(null);
    setFieldProblems({});
    const answer = await call();
    setBusy(false);
    if (!answer.ok) {
      const data = answer.data as Record<string, unknown> | null;
      if (data && typeof data === 'object' && !('detail' in data)) setFieldProblems(Object.fromEntries(Object.entries(data).map(([field, lines]) => [field, Array.isArray(lines) ? lines.join(' ') : String(lines)])));
      setProblem(formatErrors(answer.data).join('\n') || t('resource.save_error'));
      return false;
    }
    await invalidate(BASE, RESOURCE_BASES.invoiceConcepts);
    router.refresh();
    return true;
  };

  if (query.isPending) return <LinearProgress aria-label={t('resource.loading')} />;
  if (!invoice) return null;
  const stamped = invoice.status === 'STAMPED' || invoice.status === 'CANCEL_REQUESTED' || invoice.status === 'CANCELLED';
  const amounts: [string, string][] = [
    ['invoicing.panel.subtotal', invoice.subtotal],
    ...(Number(invoice.descuento) ? ([['invoicing.panel.discount', invoice.descuento]] as [string, string][]) : []),
    ...(Number(invoice.isp_transfer) ? ([['invoicing.panel.transferred', invoice.isp_transfer]] as [string, string][]) : []),
    ...(Number(invoice.isp_retention) ? ([['invoicing.panel.withheld', invoice.isp_retention]] as [string, string][]) : []),
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="invoice-panel">
      <Stack spacing={1.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h6" component="h2">
              {t('invoicing.panel.title', { folio: `${invoice.serie ?? ''}${invoice.folio ?? ''}` })}
            </Typography>
            <Chip size="small" color={COLORS[invoice.status]} label={t(`enums.InvoiceStatus.${invoice.status}`)} data-testid="invoice-status" />
          </Stack>
          <Typography variant="h6" component="p" data-testid="invoice-total">
            {formatMoney(invoice.total)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {amounts.map(([key, value]) => `${t(key)} ${formatMoney(value)}`).join(' · ')}
        </Typography>
        {invoice.uuid && (
          <Typography variant="body2" data-testid="invoice-uuid">
            {t('invoicing.panel.uuid')}: <strong>{invoice.uuid}</strong>
            {invoice.stamped_at ? ` · ${t('invoicing.panel.stamped_at', { at: formatDateTime(invoice.stamped_at) })}` : ''}
          </Typography>
        )}
        {invoice.status === 'ERROR' && invoice.pac_message && (
          <Alert severity="error" data-testid="invoice-pac-message">
            {t('invoicing.panel.pac_refused', { message: invoice.pac_message })}
          </Alert>
        )}
        {invoice.status === 'CANCEL_REQUESTED' && <Alert severity="warning">{t('invoicing.panel.waiting_receiver')}</Alert>}
        {invoice.status === 'CANCELLED' && invoice.cancel_reason && <Alert severity="info">{t('invoicing.panel.cancelled', { reason: t(`invoicing.reasons.${invoice.cancel_reason}`) })}</Alert>}
        {problem && !cancelling && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="invoice-problem">
            {problem}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {canAct && (invoice.status === 'PENDING' || invoice.status === 'ERROR') && (
            <Button variant="contained" startIcon={<VerifiedOutlined />} disabled={busy} onClick={() => void step(() => callAction(stampInvoice, { params: { id: invoiceId } }))} data-testid="invoice-stamp">
              {t('invoicing.panel.stamp')}
            </Button>
          )}
          {canAct && invoice.status === 'STAMPED' && (
            <Button variant="outlined" color="error" startIcon={<CancelOutlined />} disabled={busy} onClick={() => setCancelling(true)} data-testid="invoice-cancel">
              {t('invoicing.panel.cancel')}
            </Button>
          )}
          {canAct && invoice.status === 'CANCEL_REQUESTED' && (
            <Button variant="outlined" disabled={busy} onClick={() => void step(() => callAction(invoiceCancelStatus, { params: { id: invoiceId } }))} data-testid="invoice-cancel-status">
              {t('invoicing.panel.cancel_status')}
            </Button>
          )}
          {stamped && (
            <>
              <Button variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(invoicePdf, { params: { id: invoice.id } })} data-testid="invoice-pdf">
                PDF
              </Button>
              <Button variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(invoiceXml, { params: { id: invoice.id } })} data-testid="invoice-xml">
                XML
              </Button>
            </>
          )}
        </Stack>
        {busy && <LinearProgress aria-label={t('resource.loading')} />}
      </Stack>
      <Dialog open={cancelling} onClose={() => setCancelling(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{t('invoicing.panel.cancel_title', { folio: `${invoice.serie ?? ''}${invoice.folio ?? ''}` })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label={t('invoicing.panel.reason')} value={reason} onChange={(event) => setReason(event.target.value)} error={Boolean(fieldProblems.reason)} helperText={fieldProblems.reason} slotProps={{ htmlInput: { 'data-testid': 'invoice-cancel-reason' } }}>
              {REASONS.map((code) => (
                <MenuItem key={code} value={code}>
                  {`${code} · ${t(`invoicing.reasons.${code}`)}`}
                </MenuItem>
              ))}
            </TextField>
            {reason === '01' && (
              <TextField
                label={t('invoicing.panel.substitute')}
                value={substitute}
                onChange={(event) => setSubstitute(event.target.value)}
                error={Boolean(fieldProblems.substitute_uuid)}
                helperText={fieldProblems.substitute_uuid ?? t('invoicing.panel.substitute_help')}
              />
            )}
            {problem && cancelling && !Object.keys(fieldProblems).length && <Alert severity="error">{problem}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelling(false)}>{t('invoicing.panel.keep')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={async () => {
              if (await step(() => callAction(cancelInvoice, { params: { id: invoiceId }, body: { reason: reason as (typeof REASONS)[number], substitute_uuid: reason === '01' ? substitute : null } }))) setCancelling(false);
            }}
            data-testid="invoice-cancel-confirm"
          >
            {t('invoicing.panel.cancel_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
