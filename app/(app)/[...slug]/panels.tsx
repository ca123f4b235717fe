// A screen's panels, found by name in the registry (components/panels/registry.ts) and shown to
// who has the rights each declares, resolved here on the server for the signed-in user.
import { Fragment, type ReactNode } from 'react';
import { panelNamed } from '@/components/panels/registry';
import type { PanelDeclaration, PanelRight } from '@/components/panels/types';
import type { Actor } from '@/server/auth/actor';
import { canUse } from '@/server/engine/engine';
import type { ResourceDefinition } from '@/server/engine/types';
import { definitionFor } from '@/server/screens/derive';

type Where = NonNullable<PanelDeclaration['where']>;
type Screen = { actor: Actor; definition: ResourceDefinition; recordId?: string; ownerKind?: 'student' | 'aspirant' };

function allowed(screen: Screen, right: PanelRight): boolean {
  const definition = right.base ? definitionFor(right.base.replace(/^\//, '')) : screen.definition;
  return Boolean(definition) && canUse(screen.actor, definition!, right.need, right.action);
}

/** One panel by name, or null when the user may not see it (or no area declares it). */
export function renderPanel(name: string, screen: Screen): ReactNode {
  const panel = panelNamed(name);
  if (!panel || !(panel.shownWhen ?? []).every((right) => allowed(screen, right))) return null;
  const abilities = Object.fromEntries(Object.entries(panel.abilities ?? {}).map(([ability, right]) => [ability, allowed(screen, right)]));
  return panel.render({ recordId: screen.recordId ?? '', ownerKind: screen.ownerKind ?? 'student', abilities });
}

/** The named panels that go in one place (`fallback` for those that do not say where). */
export function renderPanels(names: readonly string[] | undefined, where: Where, fallback: Where, screen: Screen): ReactNode[] {
  return (names ?? [])
    .filter((name) => (panelNamed(name)?.where ?? fallback) === where)
    .map((name) => <Fragment key={name}>{renderPanel(name, screen)}</Fragment>);
}
