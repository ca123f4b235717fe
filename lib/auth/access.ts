// Who may open what (spec section 6). Pure: used by the server to authorize and by the shell to
// filter the menu, so the menu never shows a screen the server would refuse.
import type { MenuItem, Submenu } from '@/lib/menu';

export type AccessSubject = {
  is_superuser: boolean;
  /** The union of the routes of all the user's active roles. */
  routes: readonly string[];
  /** Short codes of the user's permissions. */
  permissions: readonly string[];
  /** Short codes of the user's roles. */
  roles: readonly string[];
};

/** Allowed routes are the union of the routes of all the user's roles, without repeats. */
export function unionRoutes(roles: ReadonlyArray<{ routes: unknown; status?: boolean }>): string[] {
  const routes = new Set<string>();
  for (const role of roles) {
    if (role.status === false || !Array.isArray(role.routes)) continue;
    for (const route of role.routes) if (typeof route === 'string' && route) routes.add(route);
  }
  return [...routes].sort();
}

export function canOpenRoute(subject: AccessSubject, route: string | null): boolean {
  if (route === null) return false;
  if (route === 'index' || subject.is_superuser) return true;
  return subject.routes.includes(route);
}

/** A permission check passes if the user holds the short code, or any of a list of them. */
export function hasPermission(subject: AccessSubject, codes: string | readonly string[]): boolean {
  if (subject.is_superuser) return true;
  const wanted = typeof codes === 'string' ? [codes] : codes;
  return wanted.some((code) => subject.permissions.includes(code));
}

export function hasRole(subject: AccessSubject, shorts: string | readonly string[]): boolean {
  if (subject.is_superuser) return true;
  const wanted = typeof shorts === 'string' ? [shorts] : shorts;
  return wanted.some((short) => subject.roles.includes(short));
}

/** Menu items whose route is not allowed are hidden; a submenu with no visible item disappears. */
export function visibleMenu(subject: AccessSubject, menu: readonly Submenu[], search = ''): Submenu[] {
  const needle = normalizeForSearch(search);
  return menu
    .map((submenu) => ({
      ...submenu,
      items: submenu.items.filter((item) => canOpenRoute(subject, item.authorizedBy ?? item.route)),
    }))
    .filter((submenu) => submenu.items.length > 0)
    .map((submenu) => ({ ...submenu, items: needle ? submenu.items.filter((item) => matches(item, needle)) : submenu.items }))
    .filter((submenu) => submenu.items.length > 0);

  function matches(item: MenuItem & { title?: string }, text: string) {
    return normalizeForSearch(item.title ?? item.route).includes(text);
  }
}

/** Lower case without accents, so "calificacion" finds "Calificación". */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}
