// Who may do what on a generic screen.
import { type AccessSubject, hasPermission } from '@/lib/auth/access';
import type { Abilities, Ability, ScreenConfig } from './types';

const ABILITY_CODES: Record<Ability, string> = {
  view: 'view',
  create: 'add',
  edit: 'change',
  delete: 'delete',
  history: 'view',
  export: 'view',
};

/**
 * What the screen offers a user who may open it. Superusers do everything. A user who holds
 * permissions of this resource (`users.change`, ...) gets exactly those; one who holds none gets
 * everything, because the route itself is the grant in installations that only use roles. The
 * API checks again on every call: this only hides buttons that would be refused.
 */
export function abilitiesFor(subject: AccessSubject, config: Pick<ScreenConfig, 'permission' | 'allowCreate' | 'allowDelete' | 'allowExport' | 'allowHistory'>): Abilities {
  const prefix = config.permission;
  const granular = !!prefix && !subject.is_superuser && subject.permissions.some((code) => code.startsWith(`${prefix}.`));
  const may = (ability: Ability) => !granular || hasPermission(subject, `${prefix}.${ABILITY_CODES[ability]}`);
  return {
    view: may('view'),
    create: config.allowCreate && may('create'),
    edit: may('edit'),
    delete: config.allowDelete && may('delete'),
    history: config.allowHistory !== false && may('history'),
    export: config.allowExport && may('export'),
  };
}
