'use client';
// The applicant's admission charge on their page: what it costs, what came in and what is owed,
// and its bank references (the current one with its slip to print). The charge itself opens in
// Finanzas › Ventas; the applicant's other charges are listed under this.
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useT } from '@/components/resource/use-t';
import { useApiQuery } from '@/lib/api-query';
import { formatDate, formatMoney } from '@/lib/format';
import { readListAnswer } from '@/lib/resource-ui';

type Applicant = { id: number; sale_id: number | null };
type Sale = { id: number; total_neto: string; total_paid: string; total_debt: string; paid: boolean; status: boolean };
type Reference = { id: number; bank_ref: string; amount: string; vigency: string; paid: boolean; status: boolean };

export function AspirantPayment({ aspirantId }: { aspirantId: string }) {
  const t = useT();
  const titleId = useId();
  const applicant = useApiQuery<Applicant>(`/inscription/api/aspirants/${aspirantId}/`).data;
  const saleId = applicant?.sale_id ?? null;
  const sale = useApiQuery<Sale>(saleId ? `/finance/api/sales/${saleId}/` : null).data;
  const references =
    useApiQuery<unknown, Reference[]>(saleId ? '/finance/api/references/' : null, {
      query: { ref_sale_id: String(saleId), ordering: '-id', no_paginate: 'true' },
      select: (data) => readListAnswer(data).rows as unknown as Reference[],
    }).data ?? [];
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
      {references.length > 0 && (
        <Table size="small" aria-label={t('admissions.payment.references')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.bank_ref')}</TableCell>
              <TableCell align="right">{t('fields.amount')}</TableCell>
              <TableCell>{t('fields.vigency')}</TableCell>
              <TableCell>{t('resource.state')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {references.map((reference) => (
              <TableRow key={reference.id}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{reference.bank_ref}</TableCell>
                <TableCell align="right">{formatMoney(reference.amount)}</TableCell>
                <TableCell>{formatDate(reference.vigency)}</TableCell>
                <TableCell>{t(!reference.status ? 'admissions.payment.cancelled' : reference.paid ? 'admissions.payment.paid' : 'admissions.payment.unpaid')}</TableCell>
                <TableCell>
                  <a href={`/finance/api/references/${reference.id}/pdf/?inline=true`} target="_blank" rel="noopener">
                    {t('finance.reference.print')}
                  </a>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
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
