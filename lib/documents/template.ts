// A document type's text with placeholders in braces ({nombre}, {periodo}...), filled from the
// student's record when a document is issued. A placeholder the document has no value for stays as
// written, so a typo in a template shows on the first document instead of vanishing.

/** The placeholders a template may use, with what each is filled with (shown on the type's form). */
export const TEMPLATE_PLACEHOLDERS = ['nombre', 'no_control', 'curp', 'carrera', 'grado', 'grupo', 'periodo', 'promedio', 'creditos', 'fecha', 'proposito', 'institucion'] as const;

export type TemplateValues = Partial<Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string>>;

export function fillTemplate(template: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : value;
  });
}

/** The placeholders a template names that no document fills (a typo such as {nombres}). */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(TEMPLATE_PLACEHOLDERS);
  return [...new Set([...template.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1]).filter((name) => !known.has(name)))];
}
