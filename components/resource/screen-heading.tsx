'use client';
// The heading of a screen of its own: its title (the page's h1), a line saying what it shows, and
// what it offers to the right (a download, a picker), stacked on a phone.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** `titleId` lets the screen's region be named by its title (`aria-labelledby`). */
export function ScreenHeading({ title, subtitle, titleId, children }: { title: string; subtitle?: string; titleId?: string; children?: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
      <Box>
        <Typography variant="h5" component="h1" id={titleId}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {children}
    </Stack>
  );
}
