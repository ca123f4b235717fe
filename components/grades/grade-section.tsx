// The titled panel of the grade screens: a section named by its heading, with what acts on it
// (filters, buttons, a total) beside the title, wrapping under it on a narrow screen.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, useId } from 'react';

export function GradeSection({
  title,
  aside,
  children,
  scroll = false,
  testId,
  sx,
}: {
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  /** The body is a wide table that scrolls sideways on a phone instead of widening the page. */
  scroll?: boolean;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid={testId} sx={[{ p: { xs: 1.5, sm: 2 } }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {title}
        </Typography>
        {aside}
      </Stack>
      {scroll ? <Box sx={{ overflowX: 'auto' }}>{children}</Box> : children}
    </Paper>
  );
}
