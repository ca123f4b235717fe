'use client';
// Finanzas › Corte de caja: a cashier's school day by payment method (payments, total, cancelled
// ones and their amount) and the day's totals, with the PDF to sign and the workbook. Today and the
// signed-in cashier to start with; a finance head picks any cashier who took payments that day.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { actionUrl, useActionQuery } from '@/lib/api/actions';
import { cashUp } from '@/lib/contracts/finance';
import { formatDate, formatMoney } from '@/lib/format';
import { schoolToday } from '@/lib/grades/window';
import { useT } from '@/components/resource/use-t';

export function CashUpView() {
  const t = useT();
  const headingId = useId();
  const [date, setDate] = useState(() => schoolToday());
  const [cashier, setCashier] = useState('');
  const query = { date, ...(cashier ? { user_id: cashier } : {}) };
  const read = useActionQuery(cashUp, /^\d{4}-\d{2}-\d{2}$/.test(date) ? { query } : null);
  const figures = read.data;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid="cash-up">
      <Typography id={headingId} variant="h6" component="h1" sx={{ mb: 2 }}>
        {figures ? `${t('finance.cash_up.title')} · ${figures.cashier.name} · ${formatDate(figures.date)}` : t('finance.cash_up.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          type="date"
          label={t('finance.cash_up.date')}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: schoolToday(), 'data-testid': 'cash-up-date' } }}
        />
        {figures && figures.cashiers.length > 0 && (
          <TextField
            select
            size="small"
            label={t('finance.cash_up.cashier')}
            value={cashier || String(figures.cashier.id)}
            onChange={(event) => setCashier(event.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'cash-up-cashier' } }}
          >
            {[figures.cashier, ...figures.cashiers.filter((user) => user.id !== figures.cashier.id)].map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </TextField>
        )}
        <Button variant="outlined" startIcon={<PictureAsPdfOutlined />} href={actionUrl(cashUp, { query: { ...query, format: 'pdf' } })} disabled={!figures} data-testid="cash-up-pdf">
          {t('finance.cash_up.pdf')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(cashUp, { query: { ...query, format: 'xlsx' } })} disabled={!figures} data-testid="cash-up-xlsx">
          {t('finance.cash_up.xlsx')}
        </Button>
      </Stack>
      {read.isError && <Alert severity="error">{formatErrors(read.error.data).join('\n') || t('resource.load_error')}</Alert>}
      {figures && (
        <Table size="small" aria-labelledby={headingId} data-testid="cash-up-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('finance.cash_up.method')}</TableCell>
              <TableCell align="right">{t('finance.cash_up.count')}</TableCell>
              <TableCell align="right">{t('finance.cash_up.total')}</TableCell>
              <TableCell align="right">{t('finance.cash_up.cancelled_count')}</TableCell>
              <TableCell align="right">{t('finance.cash_up.cancelled_total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {figures.methods.map((entry) => (
              <TableRow key={entry.method_id ?? 'none'} data-testid="cash-up-method">
                <TableCell component="th" scope="row">
                  {entry.method}
                </TableCell>
                <TableCell align="right">{entry.count}</TableCell>
                <TableCell align="right">{formatMoney(entry.total)}</TableCell>
                <TableCell align="right">{entry.cancelled_count}</TableCell>
                <TableCell align="right">{formatMoney(entry.cancelled_total)}</TableCell>
              </TableRow>
            ))}
            {figures.methods.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography variant="body2" color="text.secondary">
                    {t('finance.cash_up.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            <TableRow data-testid="cash-up-total" sx={{ '& > *': { fontWeight: 600 } }}>
              <TableCell component="th" scope="row">
                {t('finance.cash_up.grand_total')}
              </TableCell>
              <TableCell align="right">{figures.count}</TableCell>
              <TableCell align="right">{formatMoney(figures.total)}</TableCell>
              <TableCell align="right">{figures.cancelled_count}</TableCell>
              <TableCell align="right">{formatMoney(figures.cancelled_total)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
