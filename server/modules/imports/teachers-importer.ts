// Teachers (docentes). The natural key is the teacher's code (número de docente): a teacher found
// by it is compared and updated field by field, a new one created through the teachers resource
// (its schema checks the CURP's and RFC's form and check digit, the e-mail, the hours).
import { catalogClass, fixedChoices } from './catalogs';
import { type ImportColumn, type RowValues, defineImporter } from './definition';
import { judge, upsertThrough } from './through';
import { resources } from './importer-resources';

const SEX = fixedChoices('sex', [
  { code: 'H', name: 'Hombre' },
  { code: 'M', name: 'Mujer' },
  { code: 'X', name: 'No binario' },
]);

const COLUMNS: readonly ImportColumn[] = [
  { key: 'code', es: 'Número de docente', en: 'Teacher code', aliases: ['Clave', 'Clave del docente', 'Número de empleado', 'No. docente', 'Code'], type: 'text', required: true, example: 'D0101' },
  { key: 'names', es: 'Nombre(s)', en: 'Names', aliases: ['Nombre', 'Nombres', 'First name'], type: 'text', required: true, example: 'Ricardo' },
  { key: 'first_name', es: 'Primer apellido', en: 'First surname', aliases: ['Apellido paterno', 'Last name'], type: 'text', required: true, example: 'Hernández' },
  { key: 'second_name', es: 'Segundo apellido', en: 'Second surname', aliases: ['Apellido materno'], type: 'text', example: 'Ortiz' },
  { key: 'genre', es: 'Sexo', en: 'Sex', aliases: ['Género', 'Gender'], type: 'catalog', catalog: SEX, example: 'Hombre' },
  { key: 'curp', es: 'CURP', en: 'CURP', type: 'text', example: 'HEOR800101HDFRRC09' },
  { key: 'rfc', es: 'RFC', en: 'RFC', type: 'text', example: 'HEOR800101AB1' },
  { key: 'birthday', es: 'Fecha de nacimiento', en: 'Birthday', aliases: ['Date of birth'], type: 'date', example: '01/01/1980' },
  { key: 'email', es: 'Correo electrónico', en: 'Email', aliases: ['Correo', 'E-mail'], type: 'text', example: 'ricardo.hernandez@example.com' },
  { key: 'telephone', es: 'Teléfono', en: 'Telephone', aliases: ['Phone'], type: 'text', example: '5511122233' },
  { key: 'imss', es: 'NSS', en: 'Social security number', aliases: ['IMSS', 'Número de seguridad social'], type: 'text', example: '' },
  { key: 'academic_level', es: 'Grado académico', en: 'Academic level', aliases: ['Nivel de estudios', 'Escolaridad'], type: 'catalog', catalog: catalogClass('academic-levels', 5), example: 'Maestría' },
  { key: 'contract_hours', es: 'Horas contratadas', en: 'Contract hours', aliases: ['Horas'], type: 'integer', example: '20' },
];

const FIELDS: Record<string, string> = {
  code: 'code', names: 'names', first_name: 'first_name', second_name: 'second_name', genre: 'genre', curp: 'curp', rfc: 'rfc', birthday: 'birthday', email: 'email', telephone: 'telephone', imss: 'imss', academic_level: 'academic_level_id', contract_hours: 'contract_hours',
};
const COLUMN_OF = Object.fromEntries(Object.entries(FIELDS).map(([column, field]) => [field, column]));

function payloadOf(values: RowValues) {
  const payload: Record<string, unknown> = {};
  for (const [column, field] of Object.entries(FIELDS)) if (values[column] !== null && values[column] !== undefined) payload[field] = values[column];
  return payload;
}

export const teachersImporter = defineImporter<{ payload: Record<string, unknown>; parsed: Record<string, unknown> }>({
  name: 'teachers',
  resource: () => resources.teacher,
  columns: COLUMNS,
  naturalKey: ['code'],
  columnOfField: COLUMN_OF,
  validate: async (values) => {
    const payload = payloadOf(values);
    const judged = judge(resources.teacher.createSchema, payload, COLUMN_OF);
    if (!judged.ok) return judged;
    return { ok: true, key: `code:${String(judged.parsed.code)}`, input: { payload, parsed: judged.parsed } };
  },
  write: async (row, ctx) => {
    const existing = await ctx.tx!.teacher.findUnique({ where: { code: String(row.parsed.code) }, select: { id: true } });
    return (await upsertThrough(resources.teacher, ctx, existing?.id ?? null, row.payload, row.parsed)).outcome;
  },
});
