'use client';
// A sale's invoice on the sale's page: the invoice it has (folio and where it stands, opening its
// page), or, once the sale is paid, "Facturar": for the student's invoice data (RFC, name, postal
// code, regime and use on file) or the public in general. The server makes each line for exactly
// what was paid (invoices/api/invoices/from_sale/).
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NextLink from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import { useResourceRecord, useResourceRows } from '@/lib/api/resources';
import { invoiceFromSale } from '@/lib/contracts/invoices';
import { formatMoney } from '@/lib/format';


export function SaleInvoice({ saleId, canInvoice }: { saleId: string; canInvoice: boolean }) {
  const t = useT();
  const router = useRouter();
  const sale = useResourceRecord('sales', saleId).data;
  const invoices = useResourceRows('invoices', { sale_id: saleId, no_paginate: 'true', is_deleted: 'false' }).data ?? [];
  const receivers = useResourceRows('invoiceData', sale?.student_id ? { student_id: String(sale.student_id), no_paginate: 'true', status: 'true' } : null).data ?? [];
  const [open, setOpen] = useState(false);
  const [receiver, setReceiver] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!sale) return null;
  const active = invoices.filter((invoice) => invoice.status !== 'CANCELLED');
  const chosen = receiver || (receivers[0] ? String(receivers[0].id) : 'public');

  const invoice = async () => {
    setBusy(true);
    setProblem(null);
    const answer = await callAction(invoiceFromSale, { body: chosen === 'public' ? { sale_id: sale.id, public: true } : { sale_id: sale.id, invoice_data_id: Number(chosen) } });
    setBusy(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n') || t('resource.save_error'));
    router.push(`/invoices/catalogs/${answer.data.id}`);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="sale-invoice">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack spacing={0.5}>
          <Typography variant="h6" component="h2">
            {t('invoicing.sale.title')}
          </Typography>
          {invoices.length === 0 && <Typography color="text.secondary">{sale.paid ? t('invoicing.sale.not_invoiced') : t('invoicing.sale.unpaid')}</Typography>}
          {invoices.map((row) => (
            <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Link component={NextLink} href={`/invoices/catalogs/${row.id}`} data-testid={`sale-invoice-${row.id}`}>
                {t('invoicing.panel.title', { folio: `${row.serie ?? ''}${row.folio ?? ''}` })}
              </Link>
              <Chip size="small" label={t(`enums.InvoiceStatus.${row.status}`)} />
              <Typography variant="body2">{formatMoney(row.total)}</Typography>
            </Stack>
          ))}
        </Stack>
        {canInvoice && sale.status && sale.paid && active.length === 0 && (
          <Button variant="contained" startIcon={<ReceiptLongOutlined />} onClick={() => setOpen(true)} data-testid="sale-invoice-open">
            {t('invoicing.sale.invoice')}
          </Button>
        )}
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{t('invoicing.sale.dialog_title', { total: formatMoney(sale.total_pay) })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('invoicing.sale.receiver_help')}
          </Typography>
          <RadioGroup value={chosen} onChange={(event) => setReceiver(event.target.value)} data-testid="sale-invoice-receivers">
            {receivers.map((data) => (
              <FormControlLabel key={data.id} value={String(data.id)} control={<Radio />} label={`${data.social_reason} · ${data.rfc}${data.postal_code ? ` · C.P. ${data.postal_code}` : ''}`} />
            ))}
            <FormControlLabel value="public" control={<Radio />} label={t('invoicing.sale.public')} />
          </RadioGroup>
          {receivers.length === 0 && <Alert severity="info">{t('invoicing.sale.no_data')}</Alert>}
          {problem && (
            <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('invoicing.panel.keep')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void invoice()} data-testid="sale-invoice-confirm">
            {t('invoicing.sale.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
