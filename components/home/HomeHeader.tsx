'use client';

import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useShell } from '@/components/shell/ShellContext';

/** Greeting, institution and current period: the top of every start page. */
export default function HomeHeader({ intro }: { intro: string }) {
  const t = useTranslations('shell');
  const { user, initial, cicle } = useShell();
  const cicleName = cicle ? cicle.description || cicle.cicle_name : null;
  return (
    <Box>
      {initial.institution_name && (
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
          {initial.institution_name}
        </Typography>
      )}
      <Typography variant="h1" data-testid="home-greeting">
        {t('home.greeting', { name: user.first_name || user.full_name })}
      </Typography>
      {intro && <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{intro}</Typography>}
      {cicleName && user.kind !== 'aspirant' && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('home.current_cicle', { name: cicleName })}
        </Typography>
      )}
    </Box>
  );
}
