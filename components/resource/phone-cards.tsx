'use client';
// On a phone a table of a few columns is cut or scrolls sideways, hiding the amount or the link
// people came for. Portals show such rows as cards instead: what it is, its amount and state on
// top, its details under them, its links as buttons.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Whether the screen is a phone's (below the `sm` breakpoint). Portal panels render in the browser only. */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

type CardProps = {
  title: ReactNode;
  amount?: ReactNode;
  state?: ReactNode;
  /** Label and value pairs under the title. */
  details?: readonly { label: string; value: ReactNode }[];
  actions?: ReactNode;
  testId?: string;
};

export function PhoneCard({ title, amount, state, details = [], actions, testId }: CardProps) {
  return (
    <Paper variant="outlined" role="listitem" sx={{ p: 1.5 }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {amount !== undefined && (
          <Typography variant="subtitle2" component="p" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {amount}
          </Typography>
        )}
      </Stack>
      {state && <Stack sx={{ mt: 0.5, alignItems: 'flex-start' }}>{state}</Stack>}
      {details.map((detail) => (
        <Typography key={detail.label} variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {detail.label}: {detail.value}
        </Typography>
      ))}
      {actions && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      )}
    </Paper>
  );
}

export function PhoneCards({ children, testId, labelledBy }: { children: ReactNode; testId?: string; labelledBy?: string }) {
  return (
    <Stack spacing={1} data-testid={testId} role="list" aria-labelledby={labelledBy}>
      {children}
    </Stack>
  );
}
