// The electronic title aggregate (issue 27): what the generic API may change in each state of a
// title (the state table, tried cell by cell), and the rules only its owner applies: the title log is
// append-only (no write through title-logs/), a deleted DRAFT frees its oath, cveInstitucion is SEP's
// key of the school from Settings (not its internal code), and a SIGNED title not yet sent has its
// signature voided back to DRAFT with a reason in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tituloOf } from '@/lib/titles/fields';
import type { TitleStatus } from '@/lib/titles/status';
import { prisma } from '@/server/db/client';
import { fakeSep } from '@/server/modules/academic/sep-titles';
import { titleRecord, titleSelect } from '@/server/modules/academic/title-actions';
import { call, tokenFor } from './client';
import { historyOf, runStateMatrix } from './state-matrix';

const BASE = 'academic/api/electronic-titles/';
const LOGS = 'academic/api/title-logs/';
const STATES: TitleStatus[] = ['DRAFT', 'SIGNED', 'SENT', 'ACCEPTED', 'REJECTED', 'CANCELLED'];

let admin: string;
let signers: number[];
let curp: string;
const catalog: Record<string, number> = {};
const made: number[] = [];
let sequence = 0;

beforeAll(async () => {
  admin = await tokenFor('admin');
  signers = (await prisma.titleResponsable.findMany({ where: { status: true, certificate: { not: null } }, orderBy: { id: 'asc' }, select: { id: true } })).map((row) => row.id);
  curp = (await prisma.student.findFirstOrThrow({ where: { curp: { not: null } }, orderBy: { id: 'asc' }, select: { curp: true } })).curp!;
  for (const value of ['MOD-2', 'FUN-1', 'ENT-14', 'ANT-4']) catalog[value] = (await prisma.catalog.findFirstOrThrow({ where: { clas_id: 666, code: value }, select: { id: true } })).id;
  catalog.authorization = (await prisma.catalog.findFirstOrThrow({ where: { clas_id: 9, code: '2' }, select: { id: true } })).id;
});

afterAll(async () => {
  fakeSep().pendingPolls = 0;
  await prisma.electronicTitle.deleteMany({ where: { id: { in: made } } });
});

/** A title in a state as the owner leaves it: signed ones with their XML, sent ones with their batch. */
async function titleIn(status: TitleStatus): Promise<number> {
  sequence += 1;
  const row = await prisma.electronicTitle.create({
    data: {
      folio_control: `MTX${Date.now()}${sequence}`,
      no_control: `M${sequence}`,
      status,
      xml: status === 'DRAFT' ? null : '<TituloElectronico/>',
      batch_no: ['DRAFT', 'SIGNED'].includes(status) ? null : `9${sequence}`,
      is_posted: !['DRAFT', 'SIGNED'].includes(status),
      is_active: status !== 'CANCELLED',
    },
    select: { id: true },
  });
  made.push(row.id);
  if (status !== 'DRAFT') await prisma.titleLog.create({ data: { title_id: row.id, status, message: `Paso ${status}` } });
  return row.id;
}

/** Everything the aggregate stores about a title: the row, its log and its history. */
async function titleSnapshot(id: number) {
  const row = await prisma.electronicTitle.findUnique({ where: { id } });
  const { updated_at: _updated, ...rest } = row ?? { updated_at: null };
  return { title: rest, logs: await prisma.titleLog.findMany({ where: { title_id: id }, orderBy: { id: 'asc' } }), history: await historyOf('electronic_titles', id) };
}

/** DRAFT titles of the demo whose data SEP would take. */
async function readyDraft(): Promise<number> {
  const rows = await prisma.electronicTitle.findMany({ where: { status: 'DRAFT', swear: { is_swear: true } }, orderBy: { id: 'desc' }, take: 200, select: titleSelect });
  const ready = rows.filter((row) => tituloOf(titleRecord(row)).ok);
  const id = ready[sequence++ % ready.length]?.id;
  if (id) return id;
  // Earlier files of the run may have signed and sent the demo's drafts: a copy of a complete
  // title, back in DRAFT, is one SEP would take.
  const complete = (await prisma.electronicTitle.findMany({ where: { swear: { is_swear: true } }, orderBy: { id: 'desc' }, take: 200, select: titleSelect })).find((row) => tituloOf(titleRecord(row)).ok);
  if (!complete) throw new Error('no complete title to copy');
  const { id: _id, created_at: _created, updated_at: _updated, search_text: _search, ...data } = await prisma.electronicTitle.findUniqueOrThrow({ where: { id: complete.id } });
  sequence += 1;
  const copy = await prisma.electronicTitle.create({ data: { ...data, folio_control: `CPY${Date.now()}${sequence}`, status: 'DRAFT', xml: null, batch_no: null, is_posted: false, is_active: true }, select: { id: true } });
  made.push(copy.id);
  return copy.id;
}

/** A sworn student's oath with no title yet. */
async function swornWithoutTitle(skip = 0): Promise<number> {
  const swear = await prisma.swearCareer.findFirstOrThrow({ where: { is_swear: true, has_title: false, electronic_titles: { none: {} } }, orderBy: { id: 'asc' }, skip, select: { id: true } });
  return swear.id;
}

describe('the state matrix', () => {
  it('titles: DRAFT and REJECTED are edited, only a DRAFT is deleted; signed, sent, accepted and cancelled refuse every change', async () => {
    await runStateMatrix({
      base: BASE,
      token: () => admin,
      states: Object.fromEntries(STATES.map((state) => [state, () => titleIn(state)])),
      edits: {
        folio_control: () => `MTY${Date.now()}${++sequence}`,
        swear_id: async () => (await prisma.swearCareer.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { id: true } })).id,
        no_control: () => '20269999',
        institution: () => '999999',
        institution_name: () => 'OTRA UNIVERSIDAD',
        authorization_id: () => catalog.authorization,
        career_id: async () => (await prisma.career.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { id: true } })).id,
        career_cve: () => '123456',
        career_name: () => 'LICENCIATURA EN DERECHO',
        career_start: () => '2020-08-17',
        career_end: () => '2024-07-05',
        rvoe: () => 'RVOE-2020-01',
        curp: () => curp,
        names: () => 'ANA',
        first_name: () => 'LOPEZ',
        second_name: () => 'MARTINEZ',
        email: () => 'ana@example.mx',
        exp_date: () => '2025-01-10',
        modality_id: () => catalog['MOD-2'],
        test_date: () => '2024-12-01',
        exemption_date: () => '2024-12-02',
        social_service: () => false,
        legal_basis_id: () => catalog['FUN-1'],
        entity_id: () => catalog['ENT-14'],
        antecedent_institution: () => 'PREPARATORIA 5',
        antecedent_type_id: () => catalog['ANT-4'],
        antecedent_entity_id: () => catalog['ENT-14'],
        antecedent_start: () => '2015-08-20',
        antecedent_end: () => '2018-06-28',
        antecedent_cedula: () => '1234567',
        notes: () => 'Nota',
        // The opposite of what the record holds (a cancelled title is already inactive).
        is_active: async (id) => !(await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { is_active: true } })).is_active,
      },
      snapshot: titleSnapshot,
    });
  }, 300_000);

  it('the title page reads each state’s operations', async () => {
    const operations: Record<string, string[]> = {};
    for (const state of STATES) operations[state] = (await call('GET', `${BASE}${await titleIn(state)}/state/`, { token: admin })).body.operations;
    expect(operations).toEqual({ DRAFT: ['sign'], SIGNED: ['post_to_sep', 'void_signature'], SENT: ['sep_status'], ACCEPTED: ['cancel_at_sep'], REJECTED: ['sign'], CANCELLED: [] });
  });
});

describe('the title log', () => {
  it('is append-only: title-logs/ takes no POST, PUT, PATCH or DELETE (405) and changes nothing', async () => {
    const id = await titleIn('SIGNED');
    const log = await prisma.titleLog.findFirstOrThrow({ where: { title_id: id }, select: { id: true } });
    const before = await titleSnapshot(id);
    const invented = await call('POST', LOGS, { token: admin, body: { title_id: id, status: 'ACCEPTED', message: 'Aceptado por la SEP' } });
    expect(invented.status).toBe(405);
    expect((await call('PATCH', `${LOGS}${log.id}/`, { token: admin, body: { message: 'otro' } })).status).toBe(405);
    expect((await call('PUT', `${LOGS}${log.id}/`, { token: admin, body: { title_id: id, status: 'SIGNED', message: 'otro' } })).status).toBe(405);
    expect((await call('DELETE', `${LOGS}${log.id}/`, { token: admin })).status).toBe(405);
    expect(await titleSnapshot(id)).toEqual(before);
    // Still read, as the title's page lists it.
    const list = await call('GET', `${LOGS}?title_id=${id}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: { id: number }) => row.id)).toEqual([log.id]);
  });
});

describe('a title from the oath', () => {
  it('takes cveInstitucion from SEP’s institution key in Settings, not the school’s own code', async () => {
    const setting = await prisma.setting.findFirstOrThrow({ select: { id: true, institution_code: true, sep_institution_key: true } });
    expect(setting.sep_institution_key).toMatch(/^\d+$/);
    const made_ = await call('POST', `${BASE}from_swear/`, { token: admin, body: { swear_id: await swornWithoutTitle() } });
    expect(made_.status, JSON.stringify(made_.body)).toBe(201);
    made.push(made_.body.id);
    expect(made_.body.institution).toBe(setting.sep_institution_key);
    expect(made_.body.institution).not.toBe(setting.institution_code);
    // The key is a setting staff can change in Settings.
    const changed = await call('PATCH', `manage/api/settings/${setting.id}/`, { token: admin, body: { sep_institution_key: '090001' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.sep_institution_key).toBe('090001');
    expect((await call('PATCH', `manage/api/settings/${setting.id}/`, { token: admin, body: { sep_institution_key: 'PLT' } })).status).toBe(400);
    try {
      const second = await call('POST', `${BASE}from_swear/`, { token: admin, body: { swear_id: await swornWithoutTitle() } });
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      made.push(second.body.id);
      expect(second.body.institution).toBe('090001');
      // Without the key no title is made, and the message says where to set it.
      await prisma.setting.update({ where: { id: setting.id }, data: { sep_institution_key: '' } });
      const swearId = await swornWithoutTitle();
      const titles = await prisma.electronicTitle.count();
      const refused = await call('POST', `${BASE}from_swear/`, { token: admin, body: { swear_id: swearId } });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatch(/clave de la institución ante la SEP.*Configuración/);
      expect(await prisma.electronicTitle.count()).toBe(titles);
      expect((await prisma.swearCareer.findUniqueOrThrow({ where: { id: swearId }, select: { has_title: true } })).has_title).toBe(false);
    } finally {
      await prisma.setting.update({ where: { id: setting.id }, data: { sep_institution_key: setting.sep_institution_key } });
    }
  });

  it('deleted as a DRAFT, frees its oath in the same transaction: the student is offered a title again', async () => {
    const swearId = await swornWithoutTitle();
    const draft = await call('POST', `${BASE}from_swear/`, { token: admin, body: { swear_id: swearId } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect((await prisma.swearCareer.findUniqueOrThrow({ where: { id: swearId }, select: { has_title: true } })).has_title).toBe(true);
    expect((await call('DELETE', `${BASE}${draft.body.id}/`, { token: admin })).status).toBe(204);
    expect((await prisma.swearCareer.findUniqueOrThrow({ where: { id: swearId }, select: { has_title: true } })).has_title).toBe(false);
    const history = await historyOf('swear_careers', swearId);
    expect(JSON.stringify((history.at(-1) as { changes?: unknown } | undefined)?.changes)).toContain('has_title');
    // Only the title marks the oath: its own form cannot (refused on the field, not dropped).
    const marked = await call('PATCH', `academic/api/swear-careers/${swearId}/`, { token: admin, body: { has_title: true } });
    expect(marked.status).toBe(400);
    expect(marked.body.has_title[0]).toMatch(/título electrónico/);
    expect((await prisma.swearCareer.findUniqueOrThrow({ where: { id: swearId }, select: { has_title: true } })).has_title).toBe(false);
    // Offered again, and a new title can be made.
    const again = await call('POST', `${BASE}from_swear/`, { token: admin, body: { swear_id: swearId } });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    made.push(again.body.id);
    // A full PUT of the oath's form that repeats the mark changes nothing and passes.
    const form = (await call('GET', `academic/api/swear-careers/${swearId}/`, { token: admin })).body;
    const saved = await call('PUT', `academic/api/swear-careers/${swearId}/`, { token: admin, body: { student_id: form.student_id, is_swear: form.is_swear, has_title: true, notes: 'Sin cambios' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('a signed title is not deleted, nor is its oath freed', async () => {
    const id = await readyDraft();
    expect((await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: signers } })).status).toBe(200);
    const before = await titleSnapshot(id);
    const removed = await call('DELETE', `${BASE}${id}/`, { token: admin });
    expect(removed.status).toBe(409);
    expect(removed.body.detail).toMatch(/firmado/);
    expect(await titleSnapshot(id)).toEqual(before);
  });
});

describe('voiding a signature', () => {
  it('takes a SIGNED title back to DRAFT with the reason in the log, its seals dropped; it is then corrected and signed again', async () => {
    const id = await readyDraft();
    expect((await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: signers } })).body.status).toBe('SIGNED');
    // Signed: the generic edit names the field and the state.
    const edit = await call('PATCH', `${BASE}${id}/`, { token: admin, body: { names: 'ANNA' } });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ field: 'names', state: 'SIGNED' });
    expect(edit.body.detail).toMatch(/firmado/);
    const before = await titleSnapshot(id);
    expect((await call('POST', `${BASE}${id}/void_signature/`, { token: admin, body: {} })).status).toBe(400);
    expect((await call('POST', `${BASE}${id}/void_signature/`, { token: admin, body: { reason: '   ' } })).status).toBe(400);
    expect(await titleSnapshot(id)).toEqual(before);

    const voided = await call('POST', `${BASE}${id}/void_signature/`, { token: admin, body: { reason: 'Error en el segundo apellido' } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ id, status: 'DRAFT' });
    expect(await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { status: true, xml: true } })).toEqual({ status: 'DRAFT', xml: null });
    const last = await prisma.titleLog.findFirstOrThrow({ where: { title_id: id }, orderBy: { id: 'desc' } });
    expect(last).toMatchObject({ status: 'DRAFT', message: 'Firma anulada: Error en el segundo apellido' });
    const history = await historyOf('electronic_titles', id);
    expect((history.at(-1) as { changes?: unknown } | undefined)?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'status', old: 'SIGNED', new: 'DRAFT' }), expect.objectContaining({ field: 'xml', new: null })]));
    const facts = await call('GET', `${BASE}${id}/signing/`, { token: admin });
    expect(facts.body).toMatchObject({ status: 'DRAFT', has_xml: false, signed: [] });

    // Corrected and signed again.
    expect((await call('PATCH', `${BASE}${id}/`, { token: admin, body: { notes: 'Apellido corregido' } })).status).toBe(200);
    expect((await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: signers } })).body.status).toBe('SIGNED');
  });

  it('only from SIGNED: a draft has nothing to void, and once SEP has it the signature stands (409, nothing changed)', async () => {
    const draft = await titleIn('DRAFT');
    const refused = await call('POST', `${BASE}${draft}/void_signature/`, { token: admin, body: { reason: 'x' } });
    expect(refused.status).toBe(409);
    const id = await readyDraft();
    expect((await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: signers } })).body.status).toBe('SIGNED');
    fakeSep().pendingPolls = 1;
    expect((await call('POST', `${BASE}${id}/post_to_sep/`, { token: admin })).status).toBe(200);
    const before = await titleSnapshot(id);
    for (const state of ['SENT', 'ACCEPTED', 'REJECTED', 'CANCELLED'] as const) {
      const other = state === 'SENT' ? id : await titleIn(state);
      const snapshot = state === 'SENT' ? before : await titleSnapshot(other);
      const answer = await call('POST', `${BASE}${other}/void_signature/`, { token: admin, body: { reason: 'Error de captura' } });
      expect(answer.status, state).toBe(409);
      expect(answer.body.detail, state).toMatch(/anular su firma/);
      expect(await titleSnapshot(other), state).toEqual(snapshot);
    }
  });

  it('is for those who sign titles only', async () => {
    const id = await titleIn('SIGNED');
    for (const user of ['docente', 'alumno']) {
      expect((await call('POST', `${BASE}${id}/void_signature/`, { token: await tokenFor(user), body: { reason: 'x' } })).status, user).toBe(403);
    }
    expect((await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { status: true } })).status).toBe('SIGNED');
    expect((await call('POST', `${BASE}${id}/void_signature/`, { body: { reason: 'x' } })).status).toBe(401);
  });
});
