'use client';
// Finanzas › Pagos, above the list: the payments of a date range, one method and one cashier, with
// the totals of every payment the filter takes (active and cancelled apart, exact decimals from the
// server), and each payment's method, authorization and the change given for cash.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { useId, useState } from 'react';
import { formatErrors } from '@/lib/api-client';
import { useActionQuery } from '@/lib/api/actions';
import { KEEP_WHILE_EDITING, useApiQuery } from '@/lib/api-query';
import { paymentsSummary } from '@/lib/contracts/finance';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { formatDateTime, formatMoney } from '@/lib/format';
import { schoolToday } from '@/lib/grades/window';
import { useT } from '@/components/resource/use-t';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Catalogue 8: how a payment is received. */
const PAYMENT_METHODS = { clas_id: '8', no_paginate: 'true' };

export function PaymentsSummaryPanel() {
  const t = useT();
  const headingId = useId();
  const today = schoolToday();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [method, setMethod] = useState('');
  const [cashier, setCashier] = useState('');
  const methods = useApiQuery<{ id: number; name: string }[]>(RESOURCE_BASES.catalogs, { query: PAYMENT_METHODS, ...KEEP_WHILE_EDITING });
  const query = { from, to, ...(method ? { method_id: method } : {}), ...(cashier ? { user_id: cashier } : {}) };
  const read = useActionQuery(paymentsSummary, DAY.test(from) && DAY.test(to) ? { query } : null);
  const summary = read.data;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid="payments-summary">
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('finance.payments_summary.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <TextField size="small" type="date" label={t('finance.payments_summary.from')} value={from} onChange={(event) => setFrom(event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'payments-from' } }} />
        <TextField size="small" type="date" label={t('finance.payments_summary.to')} value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'payments-to' } }} />
        <TextField
          select
          size="small"
          label={t('finance.payments_summary.method')}
          value={method}
          onChange={(event) => setMethod(event.target.value)}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'payments-method' } }}
        >
          <option value="">{t('finance.payments_summary.all')}</option>
          {(methods.data ?? []).map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('finance.payments_summary.cashier')}
          value={cashier}
          onChange={(event) => setCashier(event.target.value)}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'payments-cashier' } }}
        >
          <option value="">{t('finance.payments_summary.all')}</option>
          {(summary?.cashiers ?? []).map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </TextField>
      </Stack>
      {read.isError && <Alert severity="error">{formatErrors(read.error.data).join('\n') || t('resource.load_error')}</Alert>}
      {summary && (
        <>
          <Stack direction="row" spacing={3} sx={{ mb: 1, flexWrap: 'wrap' }} data-testid="payments-totals">
            <Typography data-testid="payments-total">{t('finance.payments_summary.total', { count: summary.count, total: formatMoney(summary.total) })}</Typography>
            <Typography color="text.secondary" data-testid="payments-cancelled">
              {t('finance.payments_summary.cancelled', { count: summary.cancelled_count, total: formatMoney(summary.cancelled_total) })}
            </Typography>
          </Stack>
          {summary.truncated && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('finance.payments_summary.truncated', { shown: summary.rows.length })}
            </Alert>
          )}
          <Box sx={{ overflowX: 'auto', maxHeight: 420 }}>
            <Table size="small" stickyHeader aria-labelledby={headingId} data-testid="payments-rows">
              <TableHead>
                <TableRow>
                  <TableCell>{t('finance.payments_summary.date')}</TableCell>
                  <TableCell>{t('finance.payments_summary.sale')}</TableCell>
                  <TableCell>{t('finance.payments_summary.payer')}</TableCell>
                  <TableCell>{t('finance.payments_summary.method')}</TableCell>
                  <TableCell>{t('finance.payments_summary.authorization')}</TableCell>
                  <TableCell align="right">{t('finance.payments_summary.amount')}</TableCell>
                  <TableCell>{t('finance.payments_summary.cashier')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {summary.rows.map((row) => (
                  <TableRow key={row.id} data-testid={`payments-row-${row.id}`} sx={row.status ? undefined : { '& td': { color: 'text.disabled' } }}>
                    <TableCell>{formatDateTime(row.created_at)}</TableCell>
                    <TableCell>{String(row.sale_id).padStart(6, '0')}</TableCell>
                    <TableCell>{row.payer}</TableCell>
                    <TableCell>{row.method ?? ''}</TableCell>
                    <TableCell>{row.authorization_code ?? (row.change !== null ? t('finance.payments_summary.change', { change: formatMoney(row.change) }) : '')}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(row.amount)}
                    </TableCell>
                    <TableCell>{row.user ?? ''}</TableCell>
                    <TableCell>{!row.status && <Chip size="small" label={t('finance.payments_summary.cancelled_chip')} />}</TableCell>
                  </TableRow>
                ))}
                {summary.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8}>
                      <Typography variant="body2" color="text.secondary">
                        {t('finance.payments_summary.empty')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Paper>
  );
}
