// Finanzas › Corte de caja (/finance/cash_up, issue 29): a cashier's school day by payment method,
// cancelled payments apart, with its PDF and workbook.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CashUpView } from '@/components/finance/cash-up-view';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.finance-cash_up') };
}

export default async function CashUpPage() {
  await guardPage('/finance/cash_up');
  return (
    <div data-testid="screen-content">
      <CashUpView />
    </div>
  );
}
