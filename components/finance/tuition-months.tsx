'use client';
// A student's monthly tuition as check_student/ answers it: each month with its limit day, price,
// discount, surcharge (once late) and state; the months still to pay can be ticked to pay them
// together. The same table at the cashier's desk (Pagos recurrentes) and in the student's portal.
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Box from '@mui/material/Box';
import { PhoneCard, PhoneCards, usePhone } from '@/components/resource/phone-cards';
import { useT } from '@/components/resource/use-t';
import { fromCents, toCents } from '@/lib/finance/balance';
import { formatDate, formatMoney, monthKey } from '@/lib/format';
import type { AnswerOf } from '@/lib/contracts/contract';
import type { checkStudentTuition } from '@/lib/contracts/finance';

/** What check_student/ answers, and one of its months. */
export type TuitionCheck = AnswerOf<typeof checkStudentTuition>;
export type TuitionMonth = TuitionCheck['months'][number];

const STATE_COLOR = { PAID: 'success', BILLED: 'info', LATE: 'error', PENDING: 'warning' } as const;

export const isPayable = (month: TuitionMonth) => month.state === 'LATE' || month.state === 'PENDING';

/** What the ticked months add up to, exactly. */
export function selectedTotal(months: readonly TuitionMonth[], selected: ReadonlySet<number>): string {
  return fromCents(months.filter((month) => selected.has(month.id)).reduce((sum, month) => sum + (toCents(month.total) ?? 0n), 0n));
}

type Props = {
  months: readonly TuitionMonth[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** Where the sale of a billed or paid month opens (staff); students see only its state. */
  saleHref?: (saleId: number) => string;
  labelledBy?: string;
};

/**
 * A month's state as a chip. Warning's orange is too light for small text on white (axe: contrast):
 * a month still owed keeps the orange border and writes its words in the text colour.
 */
function MonthState({ month, owedByReference }: { month: TuitionMonth; owedByReference: boolean }) {
  const t = useT();
  const color = owedByReference ? 'warning' : STATE_COLOR[month.state];
  const label = t(owedByReference ? 'finance.tuition.states.BILLED_REFERENCE' : `finance.tuition.states.${month.state}`);
  if (color === 'warning') return <Chip size="small" variant="outlined" label={label} sx={{ borderColor: 'warning.main', color: 'text.primary' }} />;
  return <Chip size="small" variant="outlined" color={color} label={label} />;
}

export function TuitionMonths({ months, selected, onToggle, saleHref, labelledBy }: Props) {
  const t = useT();
  const phone = usePhone();
  // A student on a phone: each month a card with its amount, state and the box to pay it.
  if (phone && !saleHref) {
    return (
      <PhoneCards testId="tuition-months" labelledBy={labelledBy}>
        {months.map((month) => {
          const name = `${t(monthKey(month.month))} ${month.year}`;
          const owedByReference = month.state === 'BILLED';
          return (
            <PhoneCard
              key={month.id}
              title={
                isPayable(month) ? (
                  <FormControlLabel sx={{ m: 0 }} control={<Checkbox size="small" checked={selected.has(month.id)} onChange={() => onToggle(month.id)} sx={{ p: 0, mr: 1 }} />} label={name} />
                ) : (
                  name
                )
              }
              amount={isPayable(month) || owedByReference ? formatMoney(month.total) : undefined}
              state={<MonthState month={month} owedByReference={owedByReference} />}
              details={[
                { label: t('finance.tuition.limit_date'), value: formatDate(month.limit_date) },
                ...(month.surcharge === '0.00' ? [] : [{ label: t('finance.tuition.surcharge'), value: formatMoney(month.surcharge) }]),
              ]}
            />
          );
        })}
      </PhoneCards>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={labelledBy} data-testid="tuition-months">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{t('finance.tuition.month')}</TableCell>
            <TableCell>{t('finance.tuition.limit_date')}</TableCell>
            <TableCell>{t('finance.cart.concept')}</TableCell>
            <TableCell align="right">{t('finance.cart.price')}</TableCell>
            <TableCell align="right">{t('finance.tuition.discount')}</TableCell>
            <TableCell align="right">{t('finance.tuition.surcharge')}</TableCell>
            <TableCell align="right">{t('finance.tuition.total')}</TableCell>
            <TableCell>{t('finance.tuition.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {months.map((month) => {
            const name = `${t(monthKey(month.month))} ${month.year}`;
            // A student's month with a bank reference issued is still owed until the bank pays it:
            // it says so, with its amount (staff see the sale it is in instead).
            const owedByReference = !saleHref && month.state === 'BILLED';
            return (
              <TableRow key={month.id} data-state={month.state} hover={isPayable(month)}>
                <TableCell padding="checkbox">
                  {isPayable(month) && <Checkbox checked={selected.has(month.id)} onChange={() => onToggle(month.id)} slotProps={{ input: { 'aria-label': t('finance.tuition.choose_month', { month: name }) } }} />}
                </TableCell>
                <TableCell>{name}</TableCell>
                <TableCell>{formatDate(month.limit_date)}</TableCell>
                <TableCell>{month.concept}</TableCell>
                <TableCell align="right">{formatMoney(month.amount)}</TableCell>
                <TableCell align="right">{month.discount === '0.00' ? '' : formatMoney(month.discount)}</TableCell>
                <TableCell align="right">{month.surcharge === '0.00' ? '' : formatMoney(month.surcharge)}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 500 }}>
                  {isPayable(month) || owedByReference ? formatMoney(month.total) : ''}
                </TableCell>
                <TableCell>
                  <MonthState month={month} owedByReference={owedByReference} />
                  {month.sale_id !== null && saleHref && (
                    <Box component="a" href={saleHref(month.sale_id)} sx={{ ml: 1 }}>
                      {t('finance.tuition.open_sale', { sale: month.sale_id })}
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
