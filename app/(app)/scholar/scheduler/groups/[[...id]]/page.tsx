// Académico › Horarios › a group (spec section 2, /scholar/scheduler/groups/{id_group?}): the
// group's week built on a grid, its clashes refused by the server.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WeekBuilder } from '@/components/academic/week-builder';
import { canUse } from '@/server/engine/engine';
import { guardPage } from '@/server/pages/guard';
import { definitionFor } from '@/server/screens/derive';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Props = { params: Promise<{ id?: string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('academic');
  return { title: t('week.title') };
}

export default async function GroupWeekPage({ params }: Props) {
  const actor = await guardPage('/scholar/scheduler');
  const [raw] = (await params).id ?? [];
  const groupId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const hours = definitionFor(RESOURCE_BASES.schedulesHours);
  return <WeekBuilder groupId={groupId} canEdit={!!hours && canUse(actor, hours, 'write', 'add')} />;
}
