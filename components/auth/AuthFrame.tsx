// The bare layout of the sign-in screens: no menu, the product's name and one card.
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import LanguageSwitch from './LanguageSwitch';

export default function AuthFrame({ children }: { children: ReactNode }) {
  const t = useTranslations('common');
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: 4,
        bgcolor: 'background.default',
        backgroundImage: 'linear-gradient(160deg, rgba(29, 79, 124, 0.12) 0%, rgba(29, 79, 124, 0) 50%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 400 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mb: 3, color: 'primary.main' }}>
          <SchoolOutlined sx={{ fontSize: 40 }} aria-hidden />
          <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, letterSpacing: 0.3 }}>
            {t('app_name')}
          </Typography>
        </Box>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
          {children}
        </Paper>
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <LanguageSwitch />
        </Box>
      </Box>
    </Box>
  );
}
