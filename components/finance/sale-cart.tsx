'use client';
// The cart on a sale's page (/finance/sales/{id}) and at the counter (Nueva venta): its lines, a
// concept to add from the student's price list (with the discount its concept and their
// scholarships give them, or a percentage the cashier types), a discount of the whole sale as a
// percentage, the totals as the cashier types (the same functions the server stores them with:
// lib/finance/sale-totals.ts), and "Cobrar": the payment's method, cash received or authorization,
// never over the debt. Every change is the API's: the server recomputes and this panel reads again.
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { api, formatErrors } from '@/lib/api-client';
import { actionUrl, callAction, useActionQuery } from '@/lib/api/actions';
import { KEEP_WHILE_EDITING, useInvalidateApi } from '@/lib/api-query';
import { useRecordState } from '@/lib/api/resources';
import type { AnswerOf } from '@/lib/contracts/contract';
import { cancelSale as cancelSaleContract, discountSale, referenceSlip, saleCart, saleReceipt, saleReference } from '@/lib/contracts/finance';
import { fractionToPercent, percentOf } from '@/lib/finance/percent';
import { ChargeDialog } from './charge-dialog';
import { saleTotals } from '@/lib/finance/sale-totals';
import { toCents } from '@/lib/finance/balance';
import { formatDate, formatMoney } from '@/lib/format';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { useNotice } from '@/components/resource/notice';
import { useT } from '@/components/resource/use-t';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Cart = AnswerOf<typeof saleCart>;
type CartLine = Cart['lines'][number];

const SALES = RESOURCE_BASES.sales;
const DETAILS = RESOURCE_BASES.saleDetails;
const PAYMENTS = RESOURCE_BASES.payments;

/** The sale's state as its state table says (server/modules/finance/sale-states.ts). */

/** A percentage as typed, 0 to 100 with at most two decimals ("10", "12.5"). */
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const isPercent = (text: string) => PERCENT.test(text.trim()) && Number(text) <= 100;

export function SaleCart({ saleId, canEdit, canPay }: { saleId: string; canEdit: boolean; canPay: boolean }) {
  const t = useT();
  const headingId = useId();
  const { notify, node: notice } = useNotice();
  const invalidate = useInvalidateApi();
  const read = useActionQuery(saleCart, { params: { id: saleId } }, KEEP_WHILE_EDITING);
  const cart = read.data;
  // What the sale's state allows: lines change only while nobody paid (the server refuses the rest).
  const stateRead = useRecordState('sales', saleId, KEEP_WHILE_EDITING);
  const saleState = stateRead.data;
  const [cancelling, setCancelling] = useState(false);
  const [conceptId, setConceptId] = useState('');
  const [qty, setQty] = useState('1');
  // The line's discount as a percentage of its price; empty: what its concept and scholarships give.
  const [discount, setDiscount] = useState('');
  const [saleDiscount, setSaleDiscount] = useState('');
  const [payment, setPayment] = useState('');
  const [charging, setCharging] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<CartLine | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reference, setReference] = useState<AnswerOf<typeof saleReference> | null>(null);

  const chosen = cart?.concepts.find((concept) => String(concept.id) === conceptId) ?? null;
  const open = Boolean(cart && cart.sale.status && !cart.sale.is_locked && (!saleState || saleState.operations.includes('lines')));
  const paidLock = saleState?.state === 'PAYING' || saleState?.state === 'PAID';
  // The line being typed counts in the totals before it is added.
  const unitDiscount = chosen && discount.trim() && isPercent(discount) ? percentOf(chosen.amount, discount.trim()) : null;
  const draft = useMemo(
    () => (chosen && Number(qty) > 0 ? { qty, amount: chosen.amount, discount: unitDiscount ?? chosen.discount, iva: chosen.iva, concept: { id: chosen.id, code: chosen.code, is_inscription: chosen.kind === 'I', recurrency_id: chosen.kind === 'R' ? 1 : null } } : null),
    [chosen, qty, unitDiscount],
  );
  const totals = useMemo(() => {
    if (!cart) return null;
    if (!draft) return cart.totals;
    return saleTotals({ lines: [...cart.lines, draft], discounts: cart.discounts, rate: cart.sale.rate, payments: cart.payments });
  }, [cart, draft]);

  const refresh = () => invalidate(SALES, DETAILS, PAYMENTS, RESOURCE_BASES.discounts, RESOURCE_BASES.references);

  const add = async () => {
    setProblem(null);
    if (!chosen) return setProblem(t('finance.cart.select_product'));
    if (discount.trim() && !isPercent(discount)) return setProblem(t('errors.percent_range'));
    setBusy(true);
    const result = await api.post(DETAILS, { body: { sale_id: Number(saleId), concept_id: chosen.id, description: chosen.description, qty: Number(qty), amount: chosen.amount, iva: chosen.iva, discount: unitDiscount ?? chosen.discount } });
    setBusy(false);
    if (!result.ok) return setProblem(formatErrors(result.data).join('\n') || t('resource.save_error'));
    setConceptId('');
    setQty('1');
    setDiscount('');
    notify(t('finance.cart.added'));
    await refresh();
  };

  const remove = async (line: CartLine) => {
    setBusy(true);
    const result = await api.delete(`${DETAILS}${line.id}/`);
    setBusy(false);
    setRemoving(null);
    if (!result.ok) return notify(formatErrors(result.data).join('\n') || t('resource.save_error'), 'error');
    notify(t('finance.cart.removed'));
    await refresh();
  };

  // "Cobrar": the amount is checked here, then the dialog asks how the money comes in.
  const pay = () => {
    setProblem(null);
    if (!cart || !totals) return;
    if (cart.lines.length === 0) return setProblem(t('finance.cart.empty'));
    const amount = payment.trim() || totals.total_debt;
    const cents = toCents(amount);
    if (cents === null || cents <= 0n) return setProblem(t('finance.payment.not_positive'));
    if (cents > (toCents(cart.totals.total_debt) ?? 0n)) return setProblem(t('finance.payment.over_debt', { debt: formatMoney(cart.totals.total_debt) }));
    setCharging(amount);
  };

  const paid = async (amount: string, method: string) => {
    setCharging(null);
    setPayment('');
    notify(t('finance.payment.taken_by', { amount: formatMoney(amount), method }));
    await refresh();
  };

  const grantDiscount = async () => {
    setProblem(null);
    if (!isPercent(saleDiscount) || Number(saleDiscount) <= 0) return setProblem(t('errors.percent_range'));
    setBusy(true);
    const result = await callAction(discountSale, { params: { id: saleId }, body: { percent: saleDiscount.trim() } });
    setBusy(false);
    if (!result.ok) return setProblem(formatErrors(result.data).join('\n') || t('resource.save_error'));
    setSaleDiscount('');
    notify(t('finance.cart.discount_granted', { percent: result.data.percent }));
    await refresh();
  };

  // Cancelling goes through the sale's operation: refused (409) while payments or a stamped invoice
  // stand on it, and the answer says what to do first.
  const cancelSale = async (reason?: string) => {
    setProblem(null);
    setBusy(true);
    const result = await callAction(cancelSaleContract, { params: { id: saleId }, body: { reason } });
    setBusy(false);
    setCancelling(false);
    if (!result.ok) return setProblem(formatErrors(result.data).join('\n') || t('resource.save_error'));
    notify(t('finance.cart.cancelled'));
    await refresh();
  };

  const issueReference = async () => {
    setProblem(null);
    setBusy(true);
    const result = await callAction(saleReference, { params: { id: saleId } });
    setBusy(false);
    if (!result.ok) return setProblem(formatErrors(result.data).join('\n') || t('resource.save_error'));
    setReference(result.data);
    await invalidate(RESOURCE_BASES.references);
  };

  if (read.isError) return <Alert severity="error">{t('resource.load_error')}</Alert>;
  if (!cart || !totals) return null;

  const money = (value: string | null) => (value === null ? '' : formatMoney(value));
  const rows: [string, string | null, boolean?][] = [
    ['amount', totals.amount],
    ['discount', totals.discount],
    ['total_neto', totals.total_neto],
    ['extra_discount', totals.extra_discount],
    ['total_pay', totals.total_pay, true],
    ['tax', totals.tax],
    ['total_paid', totals.total_paid],
    ['total_debt', totals.total_debt, true],
  ];
  if (totals.dollars !== null) rows.push(['dollars', totals.dollars]);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid="sale-cart" sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('finance.cart.title')}
      </Typography>
      {notice}
      {!open && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="cart-locked">
          {paidLock ? t('finance.cart.locked_paid') : t('finance.cart.closed')}
          {saleState ? ` ${t('finance.cart.locked_state', { state: saleState.label })}` : ''}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0, overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={headingId} data-testid="cart-lines">
            <TableHead>
              <TableRow>
                <TableCell>{t('finance.cart.concept')}</TableCell>
                <TableCell align="right">{t('finance.cart.qty')}</TableCell>
                <TableCell align="right">{t('finance.cart.price')}</TableCell>
                <TableCell align="right">{t('finance.cart.unit_discount')}</TableCell>
                <TableCell align="right">{t('finance.cart.line_total')}</TableCell>
                <TableCell padding="checkbox" />
              </TableRow>
            </TableHead>
            <TableBody>
              {cart.lines.map((line, index) => (
                <TableRow key={line.id} data-testid={`cart-line-${line.id}`}>
                  <TableCell>{line.description}</TableCell>
                  <TableCell align="right">{line.qty}</TableCell>
                  <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                  <TableCell align="right">{formatMoney(line.discount)}</TableCell>
                  <TableCell align="right">{formatMoney(totals.lines[index]?.net ?? line.total)}</TableCell>
                  <TableCell padding="checkbox">
                    {line.locked || !open ? (
                      <Tooltip title={line.locked ? t('finance.cart.locked_line') : paidLock ? t('finance.cart.locked_paid') : t('finance.cart.closed')}>
                        <LockOutlined fontSize="small" color="disabled" aria-label={line.locked ? t('finance.cart.locked_line') : paidLock ? t('finance.cart.locked_paid') : t('finance.cart.closed')} data-testid="cart-line-locked" />
                      </Tooltip>
                    ) : (
                      canEdit &&
                      open && (
                        <IconButton size="small" aria-label={t('finance.cart.remove', { description: line.description })} onClick={() => setRemoving(line)} disabled={busy}>
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      )
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {draft && chosen && (
                <TableRow sx={{ bgcolor: 'action.hover' }} data-testid="cart-draft">
                  <TableCell>
                    {chosen.description} <Typography component="span" variant="caption" color="text.secondary">({t('finance.cart.preview')})</Typography>
                  </TableCell>
                  <TableCell align="right">{qty}</TableCell>
                  <TableCell align="right">{formatMoney(chosen.amount)}</TableCell>
                  <TableCell align="right">{formatMoney(draft.discount)}</TableCell>
                  <TableCell align="right">{formatMoney(totals.lines[cart.lines.length]?.net ?? '0')}</TableCell>
                  <TableCell padding="checkbox" />
                </TableRow>
              )}
              {cart.lines.length === 0 && !draft && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography variant="body2" color="text.secondary">
                      {t('finance.cart.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          {canEdit && open && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}>
              <TextField
                select
                size="small"
                label={t('finance.cart.concept')}
                value={conceptId}
                onChange={(event) => {
                  setConceptId(event.target.value);
                  setDiscount('');
                }}
                sx={{ minWidth: 260, flex: 1 }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'cart-concept' } }}
                helperText={cart.concepts.length === 0 ? t('finance.cart.no_concepts') : undefined}
              >
                <option value="">{t('finance.cart.choose_concept')}</option>
                {cart.concepts.map((concept) => (
                  <option key={concept.id} value={concept.id}>
                    {`${concept.code} · ${concept.description} · ${formatMoney(concept.amount)}`}
                  </option>
                ))}
              </TextField>
              <TextField size="small" type="number" label={t('finance.cart.qty')} value={qty} onChange={(event) => setQty(event.target.value)} sx={{ width: 90 }} slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'cart-qty' } }} />
              <TextField
                size="small"
                label={t('finance.cart.discount_percent')}
                value={discount}
                placeholder="0"
                onChange={(event) => setDiscount(event.target.value)}
                error={Boolean(discount.trim()) && !isPercent(discount)}
                helperText={discount.trim() && !isPercent(discount) ? t('errors.percent_range') : chosen && chosen.discount !== '0.00' && !discount.trim() ? t('finance.cart.concept_discount', { amount: formatMoney(chosen.discount) }) : undefined}
                sx={{ width: 150 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'cart-discount' } }}
              />
              <Button variant="outlined" startIcon={<AddShoppingCart />} onClick={add} disabled={busy} data-testid="cart-add">
                {t('finance.cart.add')}
              </Button>
            </Stack>
          )}
          {cart.discounts.length > 0 && (
            <Typography variant="body2" sx={{ mt: 2 }} data-testid="sale-discounts">
              {t('finance.cart.sale_discounts', { list: cart.discounts.map((granted) => (granted.percentage !== '0.0000' ? `${fractionToPercent(granted.percentage) ?? granted.percentage} %` : formatMoney(granted.discount))).join(', ') })}
            </Typography>
          )}
          {canEdit && open && cart.lines.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={t('finance.cart.sale_discount_percent')}
                value={saleDiscount}
                onChange={(event) => setSaleDiscount(event.target.value)}
                error={Boolean(saleDiscount.trim()) && !isPercent(saleDiscount)}
                helperText={saleDiscount.trim() && !isPercent(saleDiscount) ? t('errors.percent_range') : undefined}
                sx={{ width: 200 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'sale-discount-percent' } }}
              />
              <Button variant="outlined" onClick={() => void grantDiscount()} disabled={busy || !saleDiscount.trim()} data-testid="sale-discount-add">
                {t('finance.cart.sale_discount_add')}
              </Button>
            </Stack>
          )}
        </Box>
        <Box sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
          <Table size="small" aria-label={t('finance.totals.title')} data-testid="cart-totals">
            <TableBody>
              {rows.map(([key, value, strong]) => (
                <TableRow key={key} data-testid={`cart-total-${key}`}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: strong ? 600 : undefined }}>
                    {t(`finance.totals.${key}`)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: strong ? 600 : undefined, fontVariantNumeric: 'tabular-nums' }}>
                    {money(value)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Button
            component="a"
            href={actionUrl(saleReceipt, { params: { id: saleId }, query: { inline: 'true' } })}
            target="_blank"
            rel="noopener"
            startIcon={<ReceiptLongOutlined />}
            disabled={cart.lines.length === 0}
            sx={{ mt: 1 }}
            data-testid="sale-receipt"
          >
            {t('finance.receipt.print')}
          </Button>
          {canEdit && cart.sale.status && (
            <Button color="error" startIcon={<CancelOutlined />} onClick={() => setCancelling(true)} disabled={busy} sx={{ mt: 1 }} data-testid="sale-cancel">
              {t('finance.cart.cancel_sale')}
            </Button>
          )}
          {canPay && cart.sale.status && (
            <Stack spacing={1} sx={{ mt: 2 }}>
              {cart.totals.total_debt === '0.00' && cart.lines.length > 0 ? (
                <Alert severity="success">{t('finance.payment.paid')}</Alert>
              ) : (
                <>
                  <TextField
                    size="small"
                    label={t('finance.payment.amount')}
                    value={payment}
                    placeholder={cart.totals.total_debt}
                    onChange={(event) => setPayment(event.target.value)}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'payment-amount' } }}
                  />
                  <Button variant="contained" startIcon={<PaymentsOutlined />} onClick={pay} disabled={busy} data-testid="payment-take">
                    {t('finance.payment.take')}
                  </Button>
                  <Button variant="outlined" startIcon={<AccountBalanceOutlined />} onClick={issueReference} disabled={busy || cart.lines.length === 0} data-testid="reference-issue">
                    {t('finance.reference.issue')}
                  </Button>
                  {reference && (
                    <Alert severity="info" data-testid="reference-issued">
                      {t('finance.reference.issued', { bank_ref: reference.bank_ref, amount: formatMoney(reference.amount), vigency: formatDate(reference.vigency) })}{' '}
                      <a href={actionUrl(referenceSlip, { params: { id: reference.id }, query: { inline: 'true' } })} target="_blank" rel="noopener">
                        {t('finance.reference.print')}
                      </a>
                    </Alert>
                  )}
                </>
              )}
            </Stack>
          )}
        </Box>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="cart-problem">
          {problem}
        </Alert>
      )}
      <ChargeDialog open={charging !== null} saleId={saleId} amount={charging ?? '0.00'} onClose={() => setCharging(null)} onPaid={(amount, method) => void paid(amount, method)} />
      <ConfirmDialog open={cancelling} title={t('finance.cart.cancel_sale')} message={t('finance.cart.cancel_confirm')} askReason busy={busy} onConfirm={(reason) => void cancelSale(reason)} onCancel={() => setCancelling(false)} />
      <ConfirmDialog open={removing !== null} message={removing ? t('finance.cart.remove_confirm', { description: removing.description }) : ''} busy={busy} onConfirm={() => removing && void remove(removing)} onCancel={() => setRemoving(null)} />
    </Paper>
  );
}
