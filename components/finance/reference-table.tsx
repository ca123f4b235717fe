'use client';
// Bank references as people read them: the number to take to the bank, what it is for, the amount,
// until when it is valid, (where it helps) whether it is paid, and the slip to print.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useT } from '@/components/resource/use-t';
import { actionUrl } from '@/lib/api/actions';
import { referenceSlip } from '@/lib/contracts/finance';
import { formatDate, formatMoney } from '@/lib/format';

export type ReferenceRow = { id: number; bank_ref: string; amount: string; vigency: string; paid?: boolean; status?: boolean; concept?: string | null };

export function ReferenceTable({ rows, labelledBy, show, testId }: { rows: readonly ReferenceRow[]; labelledBy?: string; show: 'concept' | 'state'; testId?: string }) {
  const t = useT();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={labelledBy} data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('finance.reference.number')}</TableCell>
            {show === 'concept' && <TableCell>{t('finance.reference.concept')}</TableCell>}
            <TableCell align="right">{t('finance.reference.amount')}</TableCell>
            <TableCell>{t('finance.reference.vigency')}</TableCell>
            {show === 'state' && <TableCell>{t('resource.state')}</TableCell>}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((reference) => (
            <TableRow key={reference.id}>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{reference.bank_ref}</TableCell>
              {show === 'concept' && <TableCell>{reference.concept}</TableCell>}
              <TableCell align="right">{formatMoney(reference.amount)}</TableCell>
              <TableCell>{formatDate(reference.vigency)}</TableCell>
              {show === 'state' && <TableCell>{t(reference.status === false ? 'finance.reference.state_cancelled' : reference.paid ? 'finance.reference.state_paid' : 'finance.reference.state_unpaid')}</TableCell>}
              <TableCell>
                <a href={actionUrl(referenceSlip, { params: { id: reference.id }, query: { inline: 'true' } })} target="_blank" rel="noopener">
                  {t('finance.reference.print')}
                </a>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
