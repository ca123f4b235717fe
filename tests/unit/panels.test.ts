// Screens by registry (issue 28): each panel a screen route names is declared once by its area
// (components/<area>/panels.tsx), and every declared panel is on some screen.
import { describe, expect, it } from 'vitest';
import { PANELS } from '@/components/panels/registry';
import { DETAIL_ROUTES, SCREEN_ROUTES } from '@/server/modules/registry';

const named = new Set<string>();
for (const route of [...Object.values(SCREEN_ROUTES), ...Object.values(DETAIL_ROUTES)]) {
  for (const name of route.panels ?? []) named.add(name);
  for (const tab of (route as { tabs?: readonly { panel?: string }[] }).tabs ?? []) if (tab.panel) named.add(tab.panel);
}

describe('the panel registry', () => {
  it('declares every panel a screen names, each once', () => {
    const declared = PANELS.map((panel) => panel.name);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...named].filter((name) => !declared.includes(name))).toEqual([]);
  });

  it('has no panel that no screen shows', () => {
    expect(PANELS.map((panel) => panel.name).filter((name) => !named.has(name))).toEqual([]);
  });
});
