'use client';
// The student's payments in the portal (their home): what they owe with the bank references to
// pay it (each slip printable), and the school's web shop: the concepts of their price list offered
// on the web (a certificate, a transcript...), at their price, bought into a sale of theirs with
// its reference at once (finance/api/sales/student_shop/).
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { actionUrl, callAction, useActionQuery } from '@/lib/api/actions';
import { useActionPostQuery } from '@/lib/api-post-query';
import { useInvalidateApi } from '@/lib/api-query';
import { useResourceRows } from '@/lib/api/resources';
import { schoolToday } from '@/lib/grades/window';
import type { AnswerOf } from '@/lib/contracts/contract';
import { checkStudentTuition, payTuition, referenceSlip, studentShopBuy, studentShopOffer } from '@/lib/contracts/finance';
import { fromCents, toCents } from '@/lib/finance/balance';
import { formatDate, formatMoney } from '@/lib/format';
import { useT } from '@/components/resource/use-t';
import { ReferenceTable } from './reference-table';
import { TuitionMonths, isPayable } from './tuition-months';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Offered = AnswerOf<typeof studentShopOffer>['results'][number];
type Bought = AnswerOf<typeof studentShopBuy>;

const REFERENCES = RESOURCE_BASES.references;

export function StudentPayments() {
  const t = useT();
  const owedId = useId();
  const shopId = useId();
  const invalidate = useInvalidateApi();
  const references = useResourceRows('references', { status: 'true', no_paginate: 'true', ordering: '-created_at' });
  const shop = useActionQuery(studentShopOffer, {});
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [bought, setBought] = useState<Bought | null>(null);

  const buy = async () => {
    setProblem(null);
    setBought(null);
    const items = Object.entries(quantities)
      .map(([id, qty]) => ({ concept_id: Number(id), qty: Number(qty) }))
      .filter((item) => Number.isInteger(item.qty) && item.qty > 0);
    if (items.length === 0) return setProblem(t('finance.cart.select_product'));
    setBusy(true);
    const result = await callAction(studentShopBuy, { body: { items } });
    setBusy(false);
    if (!result.ok) return setProblem(formatErrors(result.data).join('\n') || t('resource.save_error'));
    setBought(result.data);
    setQuantities({});
    await invalidate(REFERENCES, RESOURCE_BASES.sales);
  };

  // A reference past its validity is not taken at the bank any more: it is not offered to pay.
  const today = schoolToday();
  const open = (references.data ?? []).filter((reference) => !reference.paid && reference.vigency.slice(0, 10) >= today);
  const offered = shop.data?.results ?? [];
  const unit = (concept: Offered) => fromCents((toCents(concept.amount) ?? 0n) - (toCents(concept.discount) ?? 0n));

  return (
    <Stack spacing={3} data-testid="student-payments">
      <StudentTuition onPaid={() => invalidate(REFERENCES, RESOURCE_BASES.sales)} />
      <Paper variant="outlined" component="section" aria-labelledby={owedId} sx={{ p: 2 }}>
        <Typography id={owedId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('finance.portal.references')}
        </Typography>
        {open.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('finance.portal.nothing_owed')}
          </Typography>
        ) : (
          <ReferenceTable rows={open} labelledBy={owedId} show="concept" testId="portal-references" />
        )}
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby={shopId} sx={{ p: 2 }}>
        <Typography id={shopId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('finance.portal.shop')}
        </Typography>
        {shop.isError && <Alert severity="error">{t('resource.load_error')}</Alert>}
        {offered.length === 0 && shop.isSuccess && (
          <Typography variant="body2" color="text.secondary">
            {t('finance.portal.shop_empty')}
          </Typography>
        )}
        {offered.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={shopId} data-testid="portal-shop">
              <TableHead>
                <TableRow>
                  <TableCell>{t('finance.cart.concept')}</TableCell>
                  <TableCell align="right">{t('finance.cart.price')}</TableCell>
                  <TableCell align="right">{t('finance.cart.qty')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {offered.map((concept) => (
                  <TableRow key={concept.id}>
                    <TableCell>{concept.description}</TableCell>
                    <TableCell align="right">
                      {Number(concept.discount) > 0 && (
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ textDecoration: 'line-through', mr: 1 }}>
                          {formatMoney(concept.amount)}
                        </Typography>
                      )}
                      {formatMoney(unit(concept))}
                    </TableCell>
                    <TableCell align="right" sx={{ width: 110 }}>
                      <TextField
                        size="small"
                        type="number"
                        value={quantities[concept.id] ?? ''}
                        placeholder="0"
                        onChange={(event) => setQuantities((current) => ({ ...current, [concept.id]: event.target.value }))}
                        slotProps={{ htmlInput: { min: 0, max: 20, step: 1, 'aria-label': `${t('finance.cart.qty')}: ${concept.description}`, 'data-testid': `shop-qty-${concept.code}` } }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Button variant="contained" startIcon={<ShoppingCartOutlined />} onClick={buy} disabled={busy || offered.length === 0} sx={{ mt: 2 }} data-testid="shop-buy">
          {t('finance.portal.buy')}
        </Button>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="shop-problem">
            {problem}
          </Alert>
        )}
        {bought?.reference && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="shop-reference">
            {t('finance.reference.issued', { bank_ref: bought.reference.bank_ref, amount: formatMoney(bought.reference.amount), vigency: formatDate(bought.reference.vigency) })}{' '}
            <a href={actionUrl(referenceSlip, { params: { id: bought.reference.id }, query: { inline: 'true' } })} target="_blank" rel="noopener">
              {t('finance.reference.print')}
            </a>
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}

/** The student's monthly tuition: what each month owes today; the months ticked get one bank reference. */
function StudentTuition({ onPaid }: { onPaid: () => Promise<void> }) {
  const t = useT();
  const titleId = useId();
  const check = useActionPostQuery(checkStudentTuition, { body: {} }, { staleTime: 0 });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [paid, setPaid] = useState<{ count: number; reference: Bought['reference'] } | null>(null);
  const months = check.data?.months ?? [];
  if (check.isSuccess && months.length === 0) return null;
  const chosen = months.filter((month) => selected.has(month.id) && isPayable(month)).map((month) => month.id);

  const pay = async () => {
    setProblem(null);
    setPaid(null);
    // Spec section 5: "Select at least one month to pay".
    if (chosen.length === 0) return setProblem(t('finance.tuition.select_month'));
    setBusy(true);
    const result = await callAction(payTuition, { body: { months: chosen } });
    setBusy(false);
    if (!result.ok) return setProblem(formatErrors(result.data).join('\n') || t('resource.save_error'));
    setPaid({ count: chosen.length, reference: result.data.reference });
    setSelected(new Set());
    await Promise.all([check.refetch(), onPaid()]);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="portal-tuition">
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('finance.tuition.portal_title')}
      </Typography>
      {check.isError && <Alert severity="error">{t('resource.load_error')}</Alert>}
      {check.data && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('finance.tuition.owed', { count: check.data.pending_months, owed: formatMoney(check.data.owed) })}
          </Typography>
          <TuitionMonths
            months={months}
            selected={new Set(chosen)}
            labelledBy={titleId}
            onToggle={(id) =>
              setSelected((current) => {
                const next = new Set(current);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
          />
          {check.data.pending_months > 0 && (
            <Button variant="contained" onClick={pay} disabled={busy} sx={{ mt: 2 }} data-testid="tuition-portal-pay">
              {t('finance.tuition.portal_pay')}
            </Button>
          )}
        </>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      {paid?.reference && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="tuition-reference">
          {t('finance.tuition.portal_paid', { count: paid.count, bank_ref: paid.reference.bank_ref, amount: formatMoney(paid.reference.amount), vigency: formatDate(paid.reference.vigency) })}{' '}
          <a href={actionUrl(referenceSlip, { params: { id: paid.reference.id }, query: { inline: 'true' } })} target="_blank" rel="noopener">
            {t('finance.reference.print')}
          </a>
        </Alert>
      )}
    </Paper>
  );
}
