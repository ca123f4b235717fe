// Portal › Calificaciones: the student's kardex (spec section 2, /portal/kardex).
import Alert from '@mui/material/Alert';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { KardexView } from '@/components/grades/kardex-view';
import { guardPage, portalStudent } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('grades');
  return { title: t('kardex') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function KardexPage({ searchParams }: Props) {
  const studentId = portalStudent(await guardPage('/portal/kardex'), await searchParams);
  if (studentId === undefined) {
    const t = await getTranslations('grades');
    return <Alert severity="info">{t('kardex_pick_student')}</Alert>;
  }
  return <KardexView studentId={studentId} />;
}
