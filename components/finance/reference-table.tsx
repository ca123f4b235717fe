'use client';
// Bank references as people read them: the number to take to the bank, what it is for, the amount,
// until when it is valid, (where it helps) whether it is paid, and the slip to print.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PhoneCard, PhoneCards, usePhone } from '@/components/resource/phone-cards';
import { useT } from '@/components/resource/use-t';
import { actionUrl } from '@/lib/api/actions';
import { referenceSlip } from '@/lib/contracts/finance';
import { formatDate, formatMoney } from '@/lib/format';

export type ReferenceRow = { id: number; bank_ref: string; amount: string; vigency: string; paid?: boolean; status?: boolean; concept?: string | null };

export function ReferenceTable({ rows, labelledBy, show, testId }: { rows: readonly ReferenceRow[]; labelledBy?: string; show: 'concept' | 'state'; testId?: string }) {
  const t = useT();
  const phone = usePhone();
  const stateOf = (reference: ReferenceRow) => t(reference.status === false ? 'finance.reference.state_cancelled' : reference.paid ? 'finance.reference.state_paid' : 'finance.reference.state_unpaid');
  const slip = (reference: ReferenceRow) => actionUrl(referenceSlip, { params: { id: reference.id }, query: { inline: 'true' } });
  if (phone) {
    return (
      <PhoneCards testId={testId} labelledBy={labelledBy}>
        {rows.map((reference) => (
          <PhoneCard
            key={reference.id}
            title={show === 'concept' && reference.concept ? reference.concept : reference.bank_ref}
            amount={formatMoney(reference.amount)}
            state={show === 'state' ? stateOf(reference) : undefined}
            details={[
              ...(show === 'concept' && reference.concept ? [{ label: t('finance.reference.number'), value: reference.bank_ref }] : []),
              { label: t('finance.reference.vigency'), value: formatDate(reference.vigency) },
            ]}
            actions={
              <Button size="small" variant="outlined" href={slip(reference)} target="_blank" rel="noopener">
                {t('finance.reference.print')}
              </Button>
            }
          />
        ))}
      </PhoneCards>
    );
  }
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
              {show === 'state' && <TableCell>{stateOf(reference)}</TableCell>}
              <TableCell>
                <a href={slip(reference)} target="_blank" rel="noopener">
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
