// An electronic title's record as SEP would take it (lib/titles/fields.ts), for the unit tables
// and the titles benchmark: names with accents and Ñ, a doubled space, an e-mail in mixed case, an
// absent second surname and antecedent start, so the mapping's normalising shows.
import type { TitleRecord } from '@/lib/titles/fields';

export function sampleTitleRecord(overrides: Partial<TitleRecord> = {}): TitleRecord {
  return {
    folio_control: 'PLT202600001',
    institution: '141234',
    institution_name: 'Universidad Plantel',
    authorization: { code: '2', name: 'RVOE ESTATAL' },
    career_cve: '610301',
    career_name: 'Ingeniería en  Sistemas ',
    career_start: '2019-08-19',
    career_end: '2023-06-30',
    rvoe: '20190101',
    curp: 'VIIR620914HJCLXC07',
    names: 'José Ñoño',
    first_name: 'Peña',
    second_name: null,
    email: 'Jose.Pena@Example.com',
    exp_date: '2024-01-15',
    modality: { code: 'MOD-1', name: 'Por tesis' },
    test_date: '2023-12-01',
    exemption_date: null,
    social_service: true,
    legal_basis: { code: 'FUN-1', name: 'ART. 52 LRART. 5 CONST' },
    entity: { code: 'ENT-14', name: 'Jalisco' },
    antecedent_institution: 'Preparatoria 5',
    antecedent_type: { code: 'ANT-4', name: 'BACHILLERATO' },
    antecedent_entity: { code: 'ENT-9', name: 'CIUDAD DE MÉXICO' },
    antecedent_start: null,
    antecedent_end: '2019-06-28',
    antecedent_cedula: null,
      ...overrides,
    };
}
