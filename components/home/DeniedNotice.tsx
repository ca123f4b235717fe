// Why the start page opened instead of the screen asked for: the guard (server/pages/guard.ts) sends
// a user whose roles do not open a screen here with ?denied=<route>, and this names that screen.
import Alert from '@mui/material/Alert';
import { getTranslations } from 'next-intl/server';

export default async function DeniedNotice({ route }: { route: string }) {
  const t = await getTranslations('shell.denied');
  const menu = await getTranslations('menu');
  const key = `items.${route}`;
  const screen = /^[\w-]{1,80}$/.test(route) && menu.has(key as Parameters<typeof menu>[0]) ? menu(key as Parameters<typeof menu>[0]) : null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="access-denied" role="alert">
      {screen ? t('named', { screen }) : t('unnamed')}
    </Alert>
  );
}
