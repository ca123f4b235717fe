// The electronic titles' own calls (academic/api/electronic-titles/...): signing by two or more
// responsables with their e.firma, the signed XML one by one or as a zip, the round trip with SEP's
// service, and renewing a signer's certificate. The rules are pure (lib/titles: the cadena, the
// record → SEP mapping, the status machine); each write locks the title's row and writes the change,
// its TitleLog row and its history row in one transaction.
import { isoDay } from '@/lib/dates';
import * as contracts from '@/lib/contracts/academic';
import { type ParsedInputOf, XML } from '@/lib/contracts/contract';
import { cadenaOriginal } from '@/lib/titles/cadena';
import { type SignerRecord, type TitleProblem, type TitleRecord, firmanteOf, tituloOf } from '@/lib/titles/fields';
import { type TitleStatus, type TitleStep, nextStatus, stepsFrom } from '@/lib/titles/status';
import { type FirmaResponsable, readTituloXml, tituloXml } from '@/lib/titles/xml';
import { encryptSecret } from '@/server/auth/crypto';
import type { Actor } from '@/server/auth/actor';
import { type Prisma, prisma } from '@/server/db/client';
import { type Change, recordHistoryMany } from '@/server/engine/audit';
import type { ActionContext } from '@/server/engine/context';
import { canUse, create, listWhere, parseId, show } from '@/server/engine/engine';
import { accepted, created } from '@/server/engine/results';
import { FileResult } from '@/server/engine/results';
import { today } from '@/server/clock';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import { ApiError, type FieldErrors, badRequest, conflict, forbidden, msg, notFound } from '@/server/errors';
import { readCertificate } from '@/server/esign/credential';
import { checkHolder, checkedCredential, openSignerEfirma, signerName } from './signer-credential';
import { validateXml } from '@/server/esign/xsd';
import { streamedZip } from '@/server/files/zip';
import { defineJob } from '@/server/jobs/define';
import { startJob } from '@/server/jobs/queue';
import { idParam } from '@/server/validation';
import { SepError, type SepTitles, configuredSep } from './sep-titles';
import { refusalText } from '@/server/jobs/refusal';

type Tx = Prisma.TransactionClient;

const catalog = { select: { code: true, name: true } } as const;

/** What signing reads of a title (the record with its catalogue entries). */
export const titleSelect = {
  id: true,
  status: true,
  folio_control: true,
  swear: { select: { is_swear: true } },
  institution: true,
  institution_name: true,
  authorization: catalog,
  career_cve: true,
  career_name: true,
  career_start: true,
  career_end: true,
  rvoe: true,
  curp: true,
  names: true,
  first_name: true,
  second_name: true,
  email: true,
  exp_date: true,
  modality: catalog,
  test_date: true,
  exemption_date: true,
  social_service: true,
  legal_basis: catalog,
  entity: catalog,
  antecedent_institution: true,
  antecedent_type: catalog,
  antecedent_entity: catalog,
  antecedent_start: true,
  antecedent_end: true,
  antecedent_cedula: true,
  batch_no: true,
  is_posted: true,
  is_active: true,
  xml: true,
} as const;

type TitleRow = Prisma.ElectronicTitleGetPayload<{ select: typeof titleSelect }>;

const day = (value: Date | null) => (value ? isoDay(value) : null);

/** The record as the pure mapping reads it (dates as YYYY-MM-DD). */
export function titleRecord(row: TitleRow): TitleRecord {
  return {
    ...row,
    career_start: day(row.career_start),
    career_end: day(row.career_end),
    exp_date: day(row.exp_date),
    test_date: day(row.test_date),
    exemption_date: day(row.exemption_date),
    antecedent_start: day(row.antecedent_start),
    antecedent_end: day(row.antecedent_end),
  };
}

const signerSelect = {
  id: true,
  names: true,
  first_name: true,
  second_name: true,
  curp: true,
  abr_title: true,
  status: true,
  charge: catalog,
  certificate: true,
  key: true,
  key_password: true,
  cert_no: true,
} as const;

type SignerRow = Prisma.TitleResponsableGetPayload<{ select: typeof signerSelect }>;

const fullName = signerName;

/** The title's problems as the contract's 400: each on its field, and a line that says why nothing was signed. */
function problemsAnswer(problems: TitleProblem[]): ApiError {
  const fields: FieldErrors = { non_field_errors: [msg('titles.errors.incomplete', { count: problems.length })] };
  for (const problem of problems) (fields[problem.field] ??= []).push(msg(problem.key, problem.values));
  return badRequest(fields);
}

function refusedStep(status: TitleStatus, step: TitleStep): ApiError {
  return conflict('titles.errors.status', { status, step });
}

async function lockTitle(tx: Tx, id: number): Promise<TitleRow> {
  await tx.$queryRaw`SELECT id FROM electronic_titles WHERE id = ${id} FOR UPDATE`;
  const row = await tx.electronicTitle.findUnique({ where: { id }, select: titleSelect });
  if (!row) throw notFound();
  return row;
}

/** One TitleLog row and the history row of a step, in the step's transaction. */
async function recordStep(tx: Tx, actor: Actor, before: TitleRow, data: Prisma.ElectronicTitleUncheckedUpdateInput & { status: TitleStatus }, log: { message: string; item_no?: string | null }) {
  await tx.electronicTitle.update({ where: { id: before.id }, data });
  await tx.titleLog.create({ data: { title_id: before.id, user_id: actor.id ?? null, status: data.status, message: log.message, item_no: log.item_no ?? null } });
  const changes: Change[] = (['status', 'batch_no', 'is_posted', 'is_active'] as const)
    .filter((field) => field in data && data[field] !== before[field])
    .map((field) => ({ field, old: before[field], new: data[field] }));
  // The signed XML is large and hidden: the history says it changed and how big it is.
  if ('xml' in data) changes.push({ field: 'xml', old: before.xml ? `${before.xml.length} B` : null, new: typeof data.xml === 'string' ? `${data.xml.length} B` : null });
  await recordHistoryMany(tx, [{ table: 'electronic_titles', recordId: before.id, type: '~', actor, changes, reason: log.message }]);
}

// ---------------------------------------------------------------------------------------------
// Signers.

/** A signer ready to seal: their FirmaResponsable data and their opened e.firma. */
type ReadySigner = { row: SignerRow; seal: (text: string) => string; firma: Omit<FirmaResponsable, 'sello'> };

/** Opens a responsable's stored e.firma at a moment, or says (409) why it cannot seal. */
function readySigner(row: SignerRow, at: Date): ReadySigner {
  const mapped = firmanteOf(row satisfies SignerRecord);
  if (!mapped.ok) throw conflict('titles.errors.signer_incomplete', { name: fullName(row), fields: mapped.problems.map((problem) => problem.field).join(', ') });
  const credential = openSignerEfirma(row, at);
  const { certificate } = credential;
  return { row, seal: credential.sign, firma: { ...mapped.value, certificadoResponsable: certificate.base64, noCertificadoResponsable: certificate.number } };
}

/** Builds, seals (one seal per signer over their own cadena), validates and stores a title's XML. */
export async function signTitle(actor: Actor, id: number, responsableIds: readonly number[], at = new Date()) {
  const signers = await prisma.titleResponsable.findMany({ where: { id: { in: [...responsableIds] } }, select: signerSelect });
  if (signers.length !== responsableIds.length) throw badRequest({ responsable_ids: [msg('titles.errors.signers_unknown')] });
  return prisma.$transaction(async (tx) => {
    const before = await lockTitle(tx, id);
    const to = nextStatus(before.status, 'sign');
    if (!to) throw refusedStep(before.status, 'sign');
    if (before.swear && !before.swear.is_swear) throw conflict('titles.errors.not_sworn');
    // The title's own data first: staff correct it on the form whoever signs.
    const mapped = tituloOf(titleRecord(before));
    if (!mapped.ok) throw problemsAnswer(mapped.problems);
    const titulo = mapped.value;
    // In the order chosen: the first signs first (SEP prints them in the XML's order).
    const ready = responsableIds.map((signerId) => readySigner(signers.find((row) => row.id === signerId)!, at));
    const firmas = ready.map((signer) => ({ ...signer.firma, sello: signer.seal(cadenaOriginal(titulo, signer.firma)) }));
    const xml = tituloXml(titulo, firmas);
    const schema = await validateXml(xml, 'titulo');
    // Our mapping checks what the schema asks; a refusal here is still the user's to read, never a 500.
    if (!schema.valid) throw badRequest({ non_field_errors: schema.problems.slice(0, 5).map((problem) => msg('titles.errors.xsd', { line: problem.line ?? 0, message: problem.message })) });
    const names = ready.map((signer) => fullName(signer.row)).join(', ');
    await recordStep(tx, actor, before, { status: to, xml, user_id: actor.id ?? undefined }, { message: `Firmado por ${names}` });
    return { id, status: to, folio_control: titulo.folioControl, signers: firmas.map((firma) => ({ curp: firma.curp, cert_no: firma.noCertificadoResponsable })) };
  });
}

// ---------------------------------------------------------------------------------------------
// A batch of titles signed as a job.

/**
 * Signs many titles with the same signers, each in its own transaction (a refused title does not
 * stop the others). Run again, it signs only what is left: a signed title is refused by its status.
 */
export const signTitlesJob = defineJob({
  name: 'academic-sign-titles',
  input: contracts.signBatchInput,
  async run({ ids, responsable_ids: signers }, { ctx, report }) {
    const refused: { id: number; reason: string }[] = [];
    let signed = 0;
    await report(0, ids.length);
    for (const [index, id] of ids.entries()) {
      try {
        await signTitle(ctx.actor, id, signers);
        signed += 1;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refused.push({ id, reason: refusalText(error, ctx.t) });
      }
      await report(index + 1, ids.length);
    }
    return { signed, refused_count: refused.length, refused: refused.slice(0, 200) };
  },
});

/** Starts a batch once its signers are able to sign (a missing e.firma refuses the whole batch at once). */
async function startSigning(ctx: ActionContext, input: ParsedInputOf<typeof contracts.signTitleBatch>) {
  const signers = await prisma.titleResponsable.findMany({ where: { id: { in: input.responsable_ids } }, select: signerSelect });
  if (signers.length !== input.responsable_ids.length) throw badRequest({ responsable_ids: [msg('titles.errors.signers_unknown')] });
  for (const signer of signers) readySigner(signer, new Date());
  return accepted(await startJob(ctx, signTitlesJob, input));
}

// ---------------------------------------------------------------------------------------------
// SEP.

function sepFailure(error: unknown): never {
  if (error instanceof SepError) throw new ApiError(502, msg('titles.errors.sep', { message: error.message }));
  throw error;
}

/** Uploads a signed title to SEP: its batch number is kept, the title is SENT. */
export async function postToSep(actor: Actor, id: number) {
  const current = await prisma.electronicTitle.findUnique({ where: { id }, select: { status: true, xml: true, folio_control: true } });
  if (!current) throw notFound();
  if (!nextStatus(current.status, 'send') || !current.xml) throw refusedStep(current.status, 'send');
  let upload: { batch: string; message: string };
  try {
    upload = await configuredSep().upload(`${current.folio_control}.xml`, Buffer.from(current.xml, 'utf8'));
  } catch (error) {
    sepFailure(error);
  }
  return prisma.$transaction(async (tx) => {
    const before = await lockTitle(tx, id);
    // Someone else sent it meanwhile: SEP has two batches; the first one stands.
    if (!nextStatus(before.status, 'send')) throw refusedStep(before.status, 'send');
    await recordStep(tx, actor, before, { status: 'SENT', batch_no: upload.batch, is_posted: true }, { message: upload.message || 'Enviado a la SEP', item_no: upload.batch });
    return { id, status: 'SENT' as const, batch_no: upload.batch, message: upload.message };
  });
}

/** Asks SEP how a sent title's batch stands; when processed, the title is ACCEPTED or REJECTED with SEP's message. */
export async function checkSep(actor: Actor, id: number) {
  const current = await prisma.electronicTitle.findUnique({ where: { id }, select: { status: true, batch_no: true, folio_control: true } });
  if (!current) throw notFound();
  if (current.status !== 'SENT' || !current.batch_no) throw refusedStep(current.status, 'accept');
  let state: { message: string };
  let download: Awaited<ReturnType<SepTitles['download']>>;
  try {
    const sep = configuredSep();
    state = await sep.status(current.batch_no);
    download = await sep.download(current.batch_no);
  } catch (error) {
    sepFailure(error);
  }
  const result = download.results.find((row) => row.folio === current.folio_control) ?? (download.results.length === 1 ? download.results[0] : undefined);
  if (!result) return { id, status: 'SENT' as const, batch_no: current.batch_no, message: state.message || download.message };
  return prisma.$transaction(async (tx) => {
    const before = await lockTitle(tx, id);
    const to = nextStatus(before.status, result.accepted ? 'accept' : 'reject');
    if (!to) throw refusedStep(before.status, result.accepted ? 'accept' : 'reject');
    await recordStep(tx, actor, before, { status: to }, { message: result.message || state.message, item_no: before.batch_no });
    return { id, status: to, batch_no: before.batch_no, message: result.message };
  });
}

/** Cancels an accepted title at SEP with the reason typed; the title is CANCELLED and inactive. */
export async function cancelAtSep(actor: Actor, id: number, reason: string) {
  const current = await prisma.electronicTitle.findUnique({ where: { id }, select: { status: true, folio_control: true } });
  if (!current) throw notFound();
  if (!nextStatus(current.status, 'cancel')) throw refusedStep(current.status, 'cancel');
  let answer: { message: string };
  try {
    answer = await configuredSep().cancel(current.folio_control, reason);
  } catch (error) {
    sepFailure(error);
  }
  return prisma.$transaction(async (tx) => {
    const before = await lockTitle(tx, id);
    const to = nextStatus(before.status, 'cancel');
    if (!to) throw refusedStep(before.status, 'cancel');
    await recordStep(tx, actor, before, { status: to, is_active: false }, { message: [reason, answer.message].filter(Boolean).join(' — '), item_no: before.batch_no });
    return { id, status: to, message: answer.message };
  });
}

/**
 * Takes a SIGNED title not yet sent back to DRAFT with the reason typed: its signed XML (the seals
 * over its data) is dropped so the data can be corrected and signed again, and the log says why.
 * Once SEP has it (SENT and after), SEP's answer decides: 409.
 */
export async function voidSignature(actor: Actor, id: number, reason: string) {
  return prisma.$transaction(async (tx) => {
    const before = await lockTitle(tx, id);
    const to = nextStatus(before.status, 'void');
    if (!to) throw refusedStep(before.status, 'void');
    await recordStep(tx, actor, before, { status: to, xml: null }, { message: `Firma anulada: ${reason}` });
    return { id, status: to };
  });
}

// ---------------------------------------------------------------------------------------------
// The signing panel's facts.

/** What the title's page shows around signing: problems, who may sign, who signed, the next steps, the log. */
export async function signingFacts(id: number, at = new Date()) {
  const [row, signers, logs] = await Promise.all([
    prisma.electronicTitle.findUnique({ where: { id }, select: titleSelect }),
    prisma.titleResponsable.findMany({ where: { status: true }, select: signerSelect, orderBy: [{ first_name: 'asc' }, { names: 'asc' }] }),
    prisma.titleLog.findMany({ where: { title_id: id }, orderBy: [{ created_at: 'desc' }, { id: 'desc' }], select: { id: true, status: true, message: true, item_no: true, created_at: true, user: { select: { username: true } } } }),
  ]);
  if (!row) throw notFound();
  const mapped = tituloOf(titleRecord(row));
  let signed: { curp: string; name: string; cert_no: string }[] = [];
  if (row.xml) {
    try {
      signed = readTituloXml(row.xml).firmas.map((firma) => ({ curp: firma.curp, name: [firma.nombre, firma.primerApellido, firma.segundoApellido].filter(Boolean).join(' '), cert_no: firma.noCertificadoResponsable }));
    } catch {
      signed = [];
    }
  }
  return {
    id,
    status: row.status,
    folio_control: row.folio_control,
    batch_no: row.batch_no,
    steps: stepsFrom(row.status),
    has_xml: Boolean(row.xml),
    problems: mapped.ok ? [] : mapped.problems,
    signed,
    signers: signers.map((signer) => {
      let certificate: { number: string; valid_from: string; valid_to: string } | null = null;
      try {
        if (signer.certificate) {
          const { info } = readCertificate(signer.certificate);
          certificate = { number: info.number, valid_from: isoDay(info.validFrom), valid_to: isoDay(info.validTo) };
        }
      } catch {
        certificate = null;
      }
      const usable = Boolean(certificate && signer.key && signer.key_password && certificate.valid_from <= isoDay(at) && isoDay(at) <= certificate.valid_to);
      return { id: signer.id, name: fullName(signer), abr_title: signer.abr_title, charge: signer.charge?.name ?? null, certificate, usable };
    }),
    logs: logs.map((log) => ({ ...log, user: log.user?.username ?? null })),
  };
}

// ---------------------------------------------------------------------------------------------
// A signer's certificate.

/** Stores a responsable's renewed e.firma once it opens, matches its certificate and names that person. */
export async function updateTitleCerts(actor: Actor, input: ParsedInputOf<typeof contracts.updateTitleCerts>, at = new Date()) {
  const signer = await prisma.titleResponsable.findUnique({ where: { id: input.responsable_id }, select: { curp: true } });
  if (!signer) throw badRequest({ responsable_id: [msg('errors.not_found')] });
  const certificate = checkedCredential({ certificate: input.certificate, key: input.key, password: input.key_password });
  checkHolder(certificate, signer.curp, at);
  const { number, base64, validTo } = certificate;
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM title_responsables WHERE id = ${input.responsable_id} FOR UPDATE`;
    const before = await tx.titleResponsable.findUniqueOrThrow({ where: { id: input.responsable_id }, select: { id: true, cert_no: true } });
    await tx.titleResponsable.update({ where: { id: before.id }, data: { certificate: base64, cert_no: number, key: encryptSecret(input.key), key_password: encryptSecret(input.key_password) } });
    await recordHistoryMany(tx, [
      {
        table: 'title_responsables',
        recordId: before.id,
        type: '~',
        actor,
        // The key and its password are never written to the history, only that they changed.
        changes: [
          { field: 'cert_no', old: before.cert_no, new: number },
          { field: 'key', old: '***', new: '***' },
        ],
        reason: 'Renovación de e.firma',
      },
    ]);
    return { id: before.id, cert_no: number, valid_to: isoDay(validTo) };
  });
}

// ---------------------------------------------------------------------------------------------
// A title from the oath.

/**
 * The DRAFT title of a sworn student, filled from what the school already knows: the student, the
 * career with its SEP key and RVOE, the school's SEP key and name (settings), the career's dates
 * (the student's first period to the oath's period) and their prior school. What only staff know
 * (modality, exam date, legal basis) is left for the title's form.
 */
export async function titleFromSwear(ctx: ActionContext, titles: ResourceDefinition, swearId: number) {
  const swear = await prisma.swearCareer.findUnique({
    where: { id: swearId },
    select: {
      id: true,
      is_swear: true,
      has_title: true,
      cicle: { select: { end: true } },
      career: { select: { id: true, cve: true, name: true, rvoe: true, auth_id: true } },
      student: {
        select: {
          no_control: true, curp: true, names: true, first_name: true, second_name: true, email: true,
          cicle_start: { select: { start: true } },
          academic_origin: { select: { name: true, city: { select: { state: { select: { code: true } } } } } },
        },
      },
      electronic_titles: { where: { status: { not: 'CANCELLED' } }, select: { id: true } },
    },
  });
  if (!swear) throw badRequest({ swear_id: [msg('errors.not_found')] });
  if (!swear.is_swear) throw conflict('titles.errors.not_sworn');
  if (swear.electronic_titles.length) throw conflict('titles.errors.title_exists');
  const [setting, year] = [await prisma.setting.findFirst({ select: { institution_code: true, institution_name: true, sep_institution_key: true } }), today().slice(0, 4)];
  // cveInstitucion is SEP's numeric key of the school, not its own short code: without it SEP refuses the title.
  if (!setting?.sep_institution_key) throw conflict('titles.errors.sep_institution_key');
  const catalogId = async (clas: number, code: string | null | undefined) => (code ? ((await prisma.catalog.findFirst({ where: { clas_id: clas, code }, select: { id: true } }))?.id ?? null) : null);
  const { student, career } = swear;
  const prefix = `${setting?.institution_code || 'T'}${year}`;
  const issued = await prisma.electronicTitle.count({ where: { folio_control: { startsWith: prefix } } });
  const origin = student.academic_origin;
  const body = {
    // The school's key, the year and a sequence: unique (a clash answers 409 and is asked again).
    folio_control: `${prefix}${String(issued + 1).padStart(5, '0')}`,
    swear_id: swear.id,
    no_control: student.no_control,
    institution: setting.sep_institution_key,
    institution_name: setting?.institution_name || null,
    career_id: career?.id ?? null,
    career_cve: career?.cve ?? null,
    career_name: career?.name ?? null,
    rvoe: career?.rvoe ?? null,
    authorization_id: await catalogId(9, career?.auth_id ? String(career.auth_id) : null),
    career_start: student.cicle_start ? isoDay(student.cicle_start.start) : null,
    career_end: swear.cicle?.end ? isoDay(swear.cicle.end) : null,
    curp: student.curp,
    names: student.names,
    first_name: student.first_name,
    second_name: student.second_name,
    email: student.email,
    exp_date: today(),
    social_service: true,
    antecedent_institution: origin?.name ?? null,
    antecedent_entity_id: await catalogId(666, origin?.city?.state.code ? `ENT-${origin.city.state.code}` : null),
  };
  return prisma.$transaction(async (tx) => {
    const row = await create(titles, { ...ctx, tx }, body);
    if (!swear.has_title) {
      await tx.swearCareer.update({ where: { id: swear.id }, data: { has_title: true } });
      await recordHistoryMany(tx, [{ table: 'swear_careers', recordId: swear.id, type: '~', actor: ctx.actor, changes: [{ field: 'has_title', old: false, new: true }] }]);
    }
    return created(row);
  });
}

// ---------------------------------------------------------------------------------------------
// The actions.

export function titleActions(titles: () => ResourceDefinition, responsables: () => ResourceDefinition): ActionDefinition[] {
  /** The title as the caller may read it (404 outside their reach). */
  const visible = async (ctx: ActionContext, id: number) => (await show(titles(), ctx, id)) as { id: number };

  /** POST {id}/sign/ {responsable_ids: [..2+]}: one seal per signer, the XML valid against SEP's schema, status SIGNED. */
  const sign = defineAction(contracts.signTitle, {
    needs: 'write',
    handler: async (ctx) => {
      const { id } = await visible(ctx, parseId(ctx.params.id));
      return signTitle(ctx.actor, id, ctx.input.responsable_ids);
    },
  });

  /** POST sign_batch/ {ids, responsable_ids}: many titles signed by the same signers, as a job (202 {job_id}). */
  const signBatch = defineAction(contracts.signTitleBatch, { needs: 'write', handler: async (ctx) => startSigning(ctx, ctx.input) });

  /** GET {id}/signing/: what the title's page shows around signing and sending. */
  const signing = defineAction(contracts.titleSigning, { needs: 'read', handler: async (ctx) => signingFacts((await visible(ctx, parseId(ctx.params.id))).id) });

  /** GET export_xml/?id=: one title's signed XML. */
  const exportXml = defineAction(contracts.titleXml, {
    needs: 'read',
    handler: async (ctx) => {
      const { id } = await visible(ctx, idParam(ctx.query, 'id', true));
      const row = await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { folio_control: true, xml: true, status: true } });
      if (!row.xml) throw conflict('titles.errors.no_xml');
      const bytes = Buffer.from(row.xml, 'utf8');
      return new FileResult(new Uint8Array(bytes), XML, `${row.folio_control}.xml`, { size: bytes.length });
    },
  });

  /** GET download_zip/?ids=1,2,3 (or the list's filters: status, career_id, search...): the signed XMLs as one zip. */
  const downloadZip = defineAction(contracts.titlesZip, {
    needs: 'read',
    handler: async (ctx) => {
      const raw = ctx.query.get('ids');
      let where: Prisma.ElectronicTitleWhereInput;
      if (raw) {
        const ids = raw.split(',').map((part) => part.trim());
        if (ids.length > 5_000 || ids.some((part) => !/^[1-9]\d{0,9}$/.test(part) || Number(part) > 2_147_483_647)) throw badRequest({ ids: [msg('errors.invalid')] });
        where = { id: { in: ids.map(Number) } };
      } else {
        where = listWhere(titles(), ctx.query) as Prisma.ElectronicTitleWhereInput;
      }
      const found = await prisma.electronicTitle.findMany({ where: { AND: [where, { xml: { not: null } }] }, select: { id: true }, orderBy: { id: 'asc' }, take: 5_000 });
      if (found.length === 0) throw conflict('titles.errors.no_xml');
      const ids = found.map((row) => row.id);
      return streamedZip('titulos.zip', async (append) => {
        // Read a few at a time: a batch of thousands never sits whole in memory.
        for (let start = 0; start < ids.length; start += 50) {
          const rows = await prisma.electronicTitle.findMany({ where: { id: { in: ids.slice(start, start + 50) } }, select: { folio_control: true, xml: true }, orderBy: { id: 'asc' } });
          for (const row of rows) if (row.xml) await append(Buffer.from(row.xml, 'utf8'), `${row.folio_control}.xml`);
        }
      });
    },
  });

  /** POST {id}/post_to_sep/: uploads the signed title to SEP; answers the batch number. */
  const postToSepAction = defineAction(contracts.postTitleToSep, { needs: 'write', handler: async (ctx) => postToSep(ctx.actor, (await visible(ctx, parseId(ctx.params.id))).id) });

  /** POST {id}/sep_status/: asks SEP about the batch; a processed one leaves the title accepted or rejected. */
  const sepStatus = defineAction(contracts.titleSepStatus, { needs: 'write', handler: async (ctx) => checkSep(ctx.actor, (await visible(ctx, parseId(ctx.params.id))).id) });

  /** POST {id}/cancel_at_sep/ {reason}: an accepted title cancelled at SEP. */
  const cancelAction = defineAction(contracts.cancelTitleAtSep, { needs: 'write', handler: async (ctx) => cancelAtSep(ctx.actor, (await visible(ctx, parseId(ctx.params.id))).id, ctx.input.reason) });

  /** POST {id}/void_signature/ {reason}: a SIGNED title not yet sent back to DRAFT, its seals dropped, the reason logged. */
  const voidSignatureAction = defineAction(contracts.voidTitleSignature, { needs: 'write', handler: async (ctx) => voidSignature(ctx.actor, (await visible(ctx, parseId(ctx.params.id))).id, ctx.input.reason) });

  /** POST update_title_certs/ {responsable_id, certificate, key, key_password}: a signer's renewed e.firma. */
  const updateCerts = defineAction(contracts.updateTitleCerts, {
    needs: 'write',
    handler: async (ctx) => {
      // The signers' own screen guards their records: renewing here needs that right too.
      if (!canUse(ctx.actor, responsables(), 'write', 'change')) throw forbidden();
      return updateTitleCerts(ctx.actor, ctx.input);
    },
  });

  /** POST from_swear/ {swear_id}: a sworn student's DRAFT title, filled from what the school knows. */
  const fromSwear = defineAction(contracts.titleFromSwear, { needs: 'write', handler: async (ctx) => titleFromSwear(ctx, titles(), ctx.input.swear_id) });

  return [fromSwear, sign, signBatch, signing, exportXml, downloadZip, postToSepAction, sepStatus, cancelAction, voidSignatureAction, updateCerts];
}
