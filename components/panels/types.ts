// A panel: a screen's own piece beside its lists and forms (the cart on a sale's page, tuition on
// Pagos recurrentes). Each area declares its panels next to their components
// (components/<area>/panels.tsx): the name a screen route lists (server/modules/<m>/screens.ts,
// `panels` or a tab's `panel`), where it goes, the rights it needs and what it renders. The screen
// page finds them in components/panels/registry.ts, so a new panel never touches the page.
import type { ReactNode } from 'react';

/** A right of the signed-in user on a resource (the screen's own unless `base` names another, from RESOURCE_BASES). */
export type PanelRight = { base?: string; need: 'read' | 'write'; action?: 'add' | 'change' | 'delete' };

export type PanelContext = {
  /** The record of a record page ("" on a list screen). */
  recordId: string;
  /** Whose record page it is, for panels shared by students and applicants. */
  ownerKind: 'student' | 'aspirant';
  /** The declared abilities, resolved for the user. */
  abilities: Readonly<Record<string, boolean>>;
};

export type PanelDeclaration = {
  name: string;
  /**
   * Where it goes: on a list screen above its list (the default) or below it; on a record page
   * above the record's form or below it (the default). Inside a record page's tabs a panel goes
   * in its tab, and the route's own panels above the tabs.
   */
  where?: 'above-list' | 'below-list' | 'above-record' | 'below-record';
  /** Shown only to who has every one of these rights. */
  shownWhen?: readonly PanelRight[];
  /** Rights passed to the panel as booleans (`canEdit`), resolved for the user. */
  abilities?: Readonly<Record<string, PanelRight>>;
  render: (context: PanelContext) => ReactNode;
};

export const ownWrite = (action: 'add' | 'change' | 'delete'): PanelRight => ({ need: 'write', action });
