'use client';
// The applicant's admission charge on their page: what it costs, what came in and what is owed,
// and its bank references (the current one with its slip to print). The charge itself opens in
// Finanzas › Ventas; the applicant's other charges are listed under this.
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ReferenceTable } from '@/components/finance/reference-table';
import { useT } from '@/components/resource/use-t';
import { formatMoney } from '@/lib/format';
import { useResourceRecord, useResourceRows } from '@/lib/api/resources';


export function AspirantPayment({ aspirantId }: { aspirantId: string }) {
  const t = useT();
  const titleId = useId();
  const applicant = useResourceRecord('aspirants', aspirantId).data;
  const saleId = applicant?.sale_id ?? null;
  const sale = useResourceRecord('sales', saleId).data;
  const references =
    useResourceRows('references', saleId ? { ref_sale_id: String(saleId), ordering: '-id', no_paginate: 'true' } : null).data ?? [];
  if (!applicant) return null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="aspirant-payment-panel">
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('admissions.payment.title')}
      </Typography>
      {!saleId && <Alert severity="info">{t('admissions.payment.none')}</Alert>}
      {sale && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <Figure label={t('fields.total_neto')} value={formatMoney(sale.total_neto)} />
          <Figure label={t('fields.total_paid')} value={formatMoney(sale.total_paid)} />
          <Figure label={t('fields.total_debt')} value={formatMoney(sale.total_debt)} />
          <Chip color={sale.paid ? 'success' : 'warning'} label={t(sale.paid ? 'admissions.payment.paid' : 'admissions.payment.unpaid')} data-testid="aspirant-payment-state" />
          <a href={`/finance/sales/${sale.id}`}>{t('admissions.payment.open_sale')}</a>
        </Stack>
      )}
      {references.length > 0 && <ReferenceTable rows={references} show="state" />}
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="subtitle1">{value}</Typography>
    </Stack>
  );
}
