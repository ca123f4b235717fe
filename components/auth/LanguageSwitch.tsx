'use client';

import { Fragment } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { switchLocale } from '@/components/shell/browser-cookies';
import { LOCALES } from '@/lib/i18n';

/** Español · English, for screens without the user menu. */
export default function LanguageSwitch() {
  const t = useTranslations('shell');
  const locale = useLocale();
  return (
    <nav aria-label={t('user.language')}>
      {LOCALES.map((option, index) => (
        <Fragment key={option}>
          {index > 0 && (
            <Typography component="span" aria-hidden sx={{ color: 'text.disabled', mx: 0.5 }}>
              ·
            </Typography>
          )}
          <Button
            size="small"
            lang={option}
            aria-current={option === locale ? 'true' : undefined}
            disabled={option === locale}
            onClick={() => switchLocale(option)}
            data-testid={`language-${option}`}
            sx={{ minWidth: 0, '&.Mui-disabled': { color: 'text.primary', fontWeight: 700 } }}
          >
            {t(`languages.${option}`)}
          </Button>
        </Fragment>
      ))}
    </nav>
  );
}
