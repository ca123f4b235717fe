// A screen of the spec whose content is not built yet: its title and an honest note.
import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';

export default function ScreenPlaceholder({ title }: { title: string }) {
  const t = useTranslations('shell.placeholder');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="h1">{title}</Typography>
      <Paper
        variant="outlined"
        data-testid="page-placeholder"
        sx={{ p: { xs: 3, md: 6 }, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5 }}
      >
        <ConstructionOutlined sx={{ fontSize: 48, color: 'primary.light' }} aria-hidden />
        <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
          {t('note')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 460 }}>
          {t('detail')}
        </Typography>
        <Button href="/" variant="outlined" sx={{ mt: 1 }}>
          {t('back_home')}
        </Button>
      </Paper>
    </Box>
  );
}
