// The form's validation is the API's: for every typed field of every derived screen and a table of
// awkward values, the browser's check (validateField) accepts exactly what the resource's create
// schema accepts, with the same message. (Before, the browser had a validator of its own that took
// "+1" and ".5" as decimals and "a@b.c" style e-mails the API refused, or the other way round.)
import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES } from '@/server/modules/registry';
import { type FormField, toBody } from '@/lib/resource-ui';
import { validateField } from '@/lib/resource-ui/validation';
import { z } from 'zod';
import { SYSTEM_SETTINGS, USERS_SCREEN } from '@/server/modules/manage/settings-screens';
import { definitionFor, screenConfig } from '@/server/screens/derive';
import { zodFieldErrors } from '@/server/validation';

const AWKWARD: Record<string, string[]> = {
  decimal: ['1.5', '+1', '.5', '1.', '-0.01', '0', '12.345', '100.01', '1e3', '99999999999', 'abc', ' 7.25 '],
  number: ['3', '-3', '1.5', '+4', '0', '2', '4', '51', '2147483648', 'doce', ' 12 '],
  email: ['ana@example.com', 'a@b', 'ana@example', 'ana@@example.com', 'ana lopez@example.com', 'ANA@EXAMPLE.MX'],
  date: ['30/09/2001', '31/09/2001', '29/02/2024', '29/02/2026', '2026-02-30', 'mañana'],
  text: ['Ana', '  ', 'ana.lopez', 'ana lópez', 'ABC123456XY', 'x'.repeat(400)],
  textarea: ['Texto largo', 'x'.repeat(5000)],
};

type Case = { screen: string; field: FormField; shape: Record<string, z.ZodType> };

const cases: Case[] = [];
for (const [screen, route] of Object.entries(SCREEN_ROUTES)) {
  const definition = definitionFor(route.base);
  if (!definition?.model || !definition.createSchema) continue;
  const config = screenConfig(definition, { titleKey: 'menu.x', filters: route.filters, query: route.query });
  const shape = (definition.createSchema as unknown as { shape: Record<string, z.ZodType> }).shape;
  for (const field of config.fields) if (field.spec && AWKWARD[field.type] && shape[field.name]) cases.push({ screen, field, shape });
}

// The Settings screens' hand-written forms, against their resources' schemas.
for (const [screen, config, base] of [
  ['/settings/users', USERS_SCREEN, 'manage/api/users/'],
  ['/settings', SYSTEM_SETTINGS, 'manage/api/settings/'],
] as const) {
  const definition = definitionFor(base)!;
  const shape = ((definition.createSchema ?? definition.updateSchema) as unknown as { shape: Record<string, z.ZodType> }).shape;
  for (const field of config.fields) if (field.spec && AWKWARD[field.type] && shape[field.name]) cases.push({ screen, field, shape });
}

describe("the form checks typed values with the API's schema", () => {
  it('there are typed fields of every kind to check', () => {
    expect(new Set(cases.map((c) => c.field.type))).toEqual(new Set(Object.keys(AWKWARD)));
  });

  it.each(cases.map((c) => [`${c.screen} ${c.field.name} (${c.field.type})`, c] as const))('%s', (_name, { field, shape }) => {
    for (const typed of AWKWARD[field.type]) {
      const client = validateField(field, typed, 'create');
      // As JSON carries it to the API.
      const sent = JSON.parse(JSON.stringify(toBody([field], { [field.name]: typed }, 'create')))[field.name];
      // Parsed as the API parses a body, so its messages come out as the API answers them.
      const server = z.object({ [field.name]: shape[field.name] }).safeParse({ [field.name]: sent });
      const serverKey = server.success ? null : zodFieldErrors(server.error, { [field.name]: sent })[field.name]?.[0]?.key;
      expect({ typed, client: client?.key ?? null }).toEqual({ typed, client: serverKey ?? null });
    }
  });
});
