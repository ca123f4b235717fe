// Finanzas › Nueva venta (/finance/counter, issue 29): the counter in one screen. The student by
// name, the first concept (the sale is created with it), then the cart, its discounts and "Cobrar".
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CounterView } from '@/components/finance/counter-view';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { canUse } from '@/server/engine/engine';
import { guardPage } from '@/server/pages/guard';
import { definitionFor } from '@/server/screens/derive';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.finance-counter') };
}

export default async function CounterPage() {
  const actor = await guardPage('/finance/counter');
  const can = (base: string, action: 'add' | 'change') => {
    const definition = definitionFor(base);
    return Boolean(definition && canUse(actor, definition, 'write', action));
  };
  return (
    <div data-testid="screen-content">
      <CounterView canSell={can(RESOURCE_BASES.sales, 'add')} canEdit={can(RESOURCE_BASES.saleDetails, 'add')} canPay={can(RESOURCE_BASES.payments, 'add')} />
    </div>
  );
}
