'use client';
// Finanzas › Nueva venta: the counter in one screen. The cashier finds the student by name (accents
// do not matter), picks the first concept of their price lists and the sale is created with that
// line (POST sales/open/: never an empty sale); the cart below then takes more lines, discounts as
// percentages and "Cobrar", its totals read again after every change.
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import NextLink from 'next/link';
import { useId, useState } from 'react';
import { formatErrors } from '@/lib/api-client';
import { callAction, useActionQuery } from '@/lib/api/actions';
import { KEEP_WHILE_EDITING, useInvalidateApi } from '@/lib/api-query';
import { counterConcepts, openSale } from '@/lib/contracts/finance';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { formatMoney } from '@/lib/format';
import type { FormValue } from '@/lib/resource-ui';
import { useNotice } from '@/components/resource/notice';
import { ReferenceInput } from '@/components/resource/reference-input';
import { useT } from '@/components/resource/use-t';
import { SaleCart } from './sale-cart';
import { activeStudentField } from './student-field';

const STUDENT_FIELD = activeStudentField('counter');

export function CounterView({ canSell, canEdit, canPay }: { canSell: boolean; canEdit: boolean; canPay: boolean }) {
  const t = useT();
  const headingId = useId();
  const { notify, node: notice } = useNotice();
  const invalidate = useInvalidateApi();
  const [student, setStudent] = useState('');
  const [conceptId, setConceptId] = useState('');
  const [qty, setQty] = useState('1');
  const [saleId, setSaleId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const offered = useActionQuery(counterConcepts, student && !saleId ? { query: { student_id: student } } : null, KEEP_WHILE_EDITING);
  const concepts = offered.data?.concepts ?? [];

  const start = async () => {
    setProblem(null);
    if (!conceptId) return setProblem(t('finance.cart.select_product'));
    setBusy(true);
    const result = await callAction(openSale, { body: { student_id: Number(student), concept_id: Number(conceptId), qty: Number(qty) || 1 } });
    setBusy(false);
    if (!result.ok) return setProblem(formatErrors(result.data).join('\n') || t('resource.save_error'));
    setSaleId(result.data.sale_id);
    notify(t('finance.counter.opened', { sale: result.data.sale_id }));
    await invalidate(RESOURCE_BASES.sales);
  };

  const reset = () => {
    setStudent('');
    setConceptId('');
    setQty('1');
    setSaleId(null);
    setProblem(null);
  };

  return (
    <Stack spacing={2} data-testid="counter">
      {notice}
      <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
        <Typography id={headingId} variant="h6" component="h1" sx={{ mb: 1 }}>
          {t('finance.counter.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('finance.counter.intro')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
          <Stack sx={{ minWidth: 320, flex: 1 }} data-testid="counter-student">
            <ReferenceInput
              field={STUDENT_FIELD}
              value={student}
              label={t('fields.student')}
              helper={t('finance.counter.student_help')}
              disabled={saleId !== null || !canSell}
              onChange={(_name: string, value: FormValue) => {
                setStudent(typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
                setConceptId('');
                setProblem(null);
              }}
            />
          </Stack>
          {student && saleId === null && canSell && (
            <>
              <TextField
                select
                size="small"
                label={t('finance.counter.concept')}
                value={conceptId}
                onChange={(event) => setConceptId(event.target.value)}
                sx={{ minWidth: 280, flex: 1 }}
                helperText={offered.isSuccess && concepts.length === 0 ? t('finance.counter.no_concepts') : undefined}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'counter-concept' } }}
              >
                <option value="">{t('finance.counter.choose_concept')}</option>
                {concepts.map((concept) => (
                  <option key={concept.id} value={concept.id}>
                    {`${concept.code} · ${concept.description} · ${formatMoney(concept.amount)}`}
                  </option>
                ))}
              </TextField>
              <TextField size="small" type="number" label={t('finance.counter.qty')} value={qty} onChange={(event) => setQty(event.target.value)} sx={{ width: 100 }} slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'counter-qty' } }} />
              <Button variant="contained" startIcon={<AddShoppingCart />} onClick={() => void start()} disabled={busy || !conceptId} data-testid="counter-start">
                {t('finance.counter.start')}
              </Button>
            </>
          )}
          {saleId !== null && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Link component={NextLink} href={`/finance/sales/${saleId}`} data-testid="counter-sale-link">
                {t('finance.counter.open_sale', { sale: saleId })}
              </Link>
              <Button variant="outlined" onClick={reset} data-testid="counter-reset">
                {t('finance.counter.another')}
              </Button>
            </Stack>
          )}
        </Stack>
        {offered.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {formatErrors(offered.error.data).join('\n') || t('resource.load_error')}
          </Alert>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="counter-problem">
            {problem}
          </Alert>
        )}
      </Paper>
      {saleId !== null && <SaleCart key={saleId} saleId={String(saleId)} canEdit={canEdit} canPay={canPay} />}
    </Stack>
  );
}
