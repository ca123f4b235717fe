// The title of the screen at a URL: the most specific route name that has a title, so
// /invoices/units reads "Unidades de medida" although "invoices-catalogs" authorizes it.
import { routeForPath } from '@/lib/menu';

/** Message key under the "menu" namespace, or null when the path is no screen of the product. */
export function pageTitleKey(pathname: string, hasTitle: (key: string) => boolean): string | null {
  const route = routeForPath(pathname);
  if (route === null) return null;
  const segments = pathname.split('/').filter(Boolean);
  for (let length = segments.length; length > 0; length -= 1) {
    const key = `items.${segments.slice(0, length).join('-')}`;
    if (hasTitle(key)) return key;
  }
  return `items.${route}`;
}
