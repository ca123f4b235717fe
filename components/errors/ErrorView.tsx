'use client';

// The error page (spec section 8): the status code and message taken from the error, 500 and
// "Error" when it carries none, a retry and the way home.
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { reloadForChunkError } from '@/components/shell/chunk-reload';

type ErrorViewProps = { error: unknown; retry?: () => void; fullPage?: boolean };

function statusOf(error: unknown): number {
  if (error && typeof error === 'object') {
    for (const key of ['status', 'statusCode'] as const) {
      const value = (error as Record<string, unknown>)[key];
      if (typeof value === 'number' && value >= 400 && value <= 599) return value;
    }
  }
  return 500;
}

function digestOf(error: unknown): string | null {
  const digest = error && typeof error === 'object' ? (error as { digest?: unknown }).digest : undefined;
  return typeof digest === 'string' && digest ? digest : null;
}

function messageOf(error: unknown): string | null {
  // A server error reaches the browser with its message replaced by a generic English text:
  // show the reference instead, which matches the server log.
  if (digestOf(error)) return null;
  if (error instanceof Error) return error.message || null;
  if (typeof error === 'string') return error || null;
  return null;
}

export default function ErrorView({ error, retry, fullPage = false }: ErrorViewProps) {
  const t = useTranslations('shell.error');

  useEffect(() => {
    // A screen part that failed to download is fixed by loading the new build.
    if (!reloadForChunkError(error)) console.error(error);
  }, [error]);

  const status = statusOf(error);
  const message = messageOf(error) ?? t('title');
  const digest = digestOf(error);

  return (
    <Box
      role="alert"
      data-testid="error-page"
      sx={{ minHeight: fullPage ? '100vh' : '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 520 }}>
        <Typography component="p" data-testid="error-status" sx={{ fontSize: '4.5rem', fontWeight: 300, lineHeight: 1, color: 'error.main' }}>
          {status}
        </Typography>
        <Typography variant="h1" data-testid="error-message" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {message}
        </Typography>
        {digest && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('reference', { digest })}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
          {retry && (
            <Button variant="contained" onClick={retry} data-testid="error-retry">
              {t('retry')}
            </Button>
          )}
          <Button href="/" variant="outlined" data-testid="error-home">
            {t('home')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
