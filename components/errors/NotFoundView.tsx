// 404 (spec section 8): "This page could not be found" and the way back home.
import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export default function NotFoundView({ fullPage = false }: { fullPage?: boolean }) {
  const t = useTranslations();
  return (
    <Box
      data-testid="not-found"
      sx={{ minHeight: fullPage ? '100vh' : '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center', bgcolor: fullPage ? 'background.default' : undefined }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Typography component="p" data-testid="error-status" sx={{ fontSize: '4.5rem', fontWeight: 300, lineHeight: 1, color: 'primary.main' }}>
          404
        </Typography>
        <Typography variant="h1" sx={{ mt: 2 }}>
          {t('errors.page_not_found')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('shell.error.not_found_hint')}</Typography>
        <Button href="/" variant="contained" sx={{ mt: 3 }} data-testid="error-home">
          {t('shell.error.home')}
        </Button>
      </Box>
    </Box>
  );
}
