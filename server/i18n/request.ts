// next-intl without locale routing: the language is the user's choice (a cookie), Spanish by default.
import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { DEFAULT_LOCALE, LOCALE_COOKIE, asLocale } from '@/lib/i18n';
import { messagesFor } from './messages';

export default getRequestConfig(async () => {
  const store = await cookies();
  const locale = asLocale(store.get(LOCALE_COOKIE)?.value) ?? DEFAULT_LOCALE;
  return { locale, messages: messagesFor(locale), timeZone: 'America/Mexico_City' };
});
