'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import { useShell } from '@/components/shell/ShellContext';
import { canOpenRoute } from '@/lib/auth/access';
import { PORTAL_MENU } from '@/lib/menu';
import HomeHeader from './HomeHeader';
import LinkCard, { cardGridSx } from './LinkCard';

// The payments and the shop load after the cards: the home's first paint does not wait for them.
const StudentPayments = dynamic(() => import('@/components/finance/student-payments').then((module) => module.StudentPayments), { ssr: false });
const StudentDocuments = dynamic(() => import('@/components/documents/student-documents').then((module) => module.StudentDocuments), { ssr: false });
const StudentInvoices = dynamic(() => import('@/components/invoicing/student-invoices').then((module) => module.StudentInvoices), { ssr: false });

/** The student portal's home: the portal's screens as cards, then their payments, the shop and their invoices. */
export default function StudentHome() {
  const t = useTranslations('shell.home');
  const tm = useTranslations('menu');
  const { subject } = useShell();
  const items = PORTAL_MENU.filter((item) => item.route !== 'index' && canOpenRoute(subject, item.route));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <HomeHeader intro={t('student_intro')} />
      <Box sx={cardGridSx}>
        {items.map((item) => (
          <LinkCard
            key={item.route}
            href={item.path}
            icon={item.icon}
            title={tm(`items.${item.route}`)}
            description={t(`student_cards.${item.route}`)}
            testId={`home-card-${item.route}`}
          />
        ))}
      </Box>
      <StudentDocuments />
      <StudentPayments />
      <StudentInvoices />
    </Box>
  );
}
