// Every value of every enum of the data model has its name in both languages, so lists and forms
// never show a raw code (APPROVED, QUARTER) to the user.
import { describe, expect, it } from 'vitest';
import metaJson from '@/server/db/generated/model-meta.json';
import { catalog } from '@/messages';

const enums = (metaJson as unknown as { enums: Record<string, string[]> }).enums;

describe('enum labels', () => {
  it('the model has enums to name', () => {
    expect(Object.keys(enums).length).toBeGreaterThan(10);
  });
  for (const locale of ['es', 'en'] as const) {
    it.each(Object.entries(enums))(`${locale}: %s`, (name, values) => {
      const labels = (catalog[locale].enums as Record<string, Record<string, string>>)[name];
      expect(labels, `messages/${locale}/enums.json has ${name}`).toBeDefined();
      for (const value of values) expect(labels[value], `${name}.${value}`).toMatch(/\S/);
    });
  }
});
