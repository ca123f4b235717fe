'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import { useShell } from '@/components/shell/ShellContext';
import { visibleMenu } from '@/lib/auth/access';
import { STAFF_MENU } from '@/lib/menu';
import HomeHeader from './HomeHeader';
import LinkCard, { cardGridSx } from './LinkCard';

const TEACHER_ICONS: Record<string, string> = {
  'teacher-data': 'badge',
  'teacher-classes': 'school',
  'teacher-results': 'poll',
  'teacher-timer': 'schedule',
  'teacher-groups': 'person',
};

// Their evaluations' results load after the cards.
const TeacherResults = dynamic(() => import('@/components/polls/teacher-results').then((module) => module.TeacherResults), { ssr: false });

/** A teacher's home: the Profesor section's screens they may open, then their evaluations' results. */
export default function TeacherHome() {
  const t = useTranslations('shell.home');
  const tm = useTranslations('menu');
  const { subject } = useShell();
  const items = visibleMenu(
    subject,
    STAFF_MENU.filter((submenu) => submenu.key === 'teacher'),
  ).flatMap((submenu) => submenu.items);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <HomeHeader intro={t('teacher_intro')} />
      <Box sx={cardGridSx}>
        {items.map((item) => (
          <LinkCard
            key={item.route}
            href={item.path}
            icon={TEACHER_ICONS[item.route] ?? 'person'}
            title={tm(`items.${item.route}`)}
            description={t.has(`teacher_cards.${item.route}`) ? t(`teacher_cards.${item.route}`) : ''}
            testId={`home-card-${item.route}`}
          />
        ))}
      </Box>
      <TeacherResults />
    </Box>
  );
}
