// Medical sheets (ficha médica) with an emergency contact.
import type { Context } from '../context';
import { MEDICAL_OPTIONS } from '../data/catalogs';
import type { Rng } from '../prng';

const BLOOD_WEIGHTS: [string, number][] = [['O+', 58], ['A+', 26], ['B+', 8], ['O-', 3], ['AB+', 2], ['A-', 2], ['B-', 1]];
const CLINICS = ['UMF 3 IMSS', 'UMF 34 IMSS', 'UMF 51 IMSS', 'UMF 171 IMSS', 'Clínica ISSSTE Guadalajara', 'Hospital Civil de Guadalajara', 'Centro de Salud Zapopan'];

function pickBlood(rng: Rng): string {
  let target = rng.next() * 100;
  for (const [type, weight] of BLOOD_WEIGHTS) {
    target -= weight;
    if (target < 0) return type;
  }
  return 'O+';
}

export function medicalSheet(ctx: Context, rng: Rng, contact: { name: string; phone: string; parent: string }, adult: boolean): number {
  const options = new Map(MEDICAL_OPTIONS);
  const maybe = (list: string[] | undefined, p: number) => (list && rng.chance(p) ? rng.pick(list) : null);
  const height = adult ? rng.normal(1.66, 0.09) : rng.normal(1.64, 0.08);
  const bmi = rng.normal(24, 3.5);
  const weight = Math.max(42, Math.min(140, bmi * height * height));
  const nss = rng.chance(0.7) ? rng.digits(11) : null;
  return ctx.tables.medical_sheets.add({
    weight: weight.toFixed(2),
    height: height.toFixed(2),
    blood: pickBlood(rng),
    no_sse: nss,
    no_clinic: nss ? String(rng.int(1, 180)) : null,
    all_vaccine: rng.chance(0.8),
    pending_vaccine: rng.chance(0.1) ? 'Refuerzo de tétanos' : null,
    notes: null,
    allergy_medicine: maybe(options.get('allergy')?.slice(0, 3), 0.08),
    fractures: rng.chance(0.1) ? rng.pick(['Fractura de brazo izquierdo en la infancia', 'Fractura de tobillo derecho', 'Fractura de clavícula']) : null,
    surgery: rng.chance(0.08) ? rng.pick(['Apendicectomía', 'Amigdalectomía', 'Cirugía de rodilla']) : null,
    allergy_food: maybe(options.get('allergy')?.slice(3, 6), 0.06),
    allergy_plants: maybe(['Polen', 'Pasto'], 0.05),
    allergy_others: maybe(['Polvo', 'Picadura de abeja', 'Látex'], 0.04),
    sickness: maybe(options.get('disease'), 0.07),
    doctor_name: rng.chance(0.3) ? `Dr. ${rng.pick(['Jorge', 'Laura', 'Ernesto', 'Patricia', 'Raúl'])} ${rng.pick(['Orozco', 'Gutiérrez', 'Navarro', 'Ramírez'])}` : null,
    doctor_address: null,
    doctor_phone: null,
    clinic: nss ? rng.pick(CLINICS) : null,
    contact_name: contact.name,
    contact_phone: contact.phone,
    contact_parent: contact.parent,
    ant_family: rng.chance(0.35) ? rng.pick(['Diabetes (abuelos)', 'Hipertensión (padre)', 'Diabetes e hipertensión (madre)', 'Cardiopatía (abuelo)']) : null,
    ant_personal: null,
    diseases: null,
    covid_vaccine: rng.chance(0.85),
    covid_note: null,
  });
}
