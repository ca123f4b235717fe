'use client';

import Link from 'next/link';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import MenuIcon from '@/components/shell/MenuIcon';

type LinkCardProps = { href: string; icon: string; title: string; description: string; testId?: string };

/** A large, obvious link to one screen (start pages of students and teachers). */
export default function LinkCard({ href, icon, title, description, testId }: LinkCardProps) {
  return (
    <Card data-testid={testId} sx={{ height: '100%', transition: 'border-color 120ms', '&:hover': { borderColor: 'primary.light' } }}>
      <CardActionArea component={Link} href={href} sx={{ height: '100%', p: 2.5, display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box
          sx={{ display: 'grid', placeItems: 'center', width: 44, height: 44, borderRadius: 2, bgcolor: 'rgba(29, 79, 124, 0.08)', color: 'primary.main', flexShrink: 0 }}
        >
          <MenuIcon name={icon} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {description}
          </Typography>
        </Box>
        <ChevronRight sx={{ color: 'text.disabled', alignSelf: 'center' }} aria-hidden />
      </CardActionArea>
    </Card>
  );
}

export const cardGridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
} as const;
