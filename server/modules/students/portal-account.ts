// A student's portal account (the `student` role's user): user = her control number. It is opened
// with her record, without a usable password; staff give her a first password by printing her
// welcome sheet (reset_portal_access/), which also e-mails it when she has an address and the
// school a mail server. A new first password replaces the last one and ends her sessions. The
// plain password lives only in that answer (the PDF) and that e-mail: it is stored hashed and
// never logged or written to the history (which says only that it changed).
import PDFDocument from 'pdfkit';
import type { Actor } from '@/server/auth/actor';
import { UNUSABLE_PASSWORD, hashPassword, randomPassword } from '@/server/auth/password';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';
import { env } from '@/server/env';
import { conflict } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';

type Tx = Prisma.TransactionClient;

/** What the account is made from. */
type StudentAccountOf = { id: number; no_control: string; names: string; first_name: string; second_name: string | null; email: string | null; current_group_id: number | null; user_id: number | null };

export const STUDENT_ACCOUNT_SELECT = { id: true, no_control: true, names: true, first_name: true, second_name: true, email: true, current_group_id: true, user_id: true, is_active: true } as const;

/**
 * Opens her portal account when she has none, in the caller's transaction: user = control number,
 * the student role, no usable password until her welcome sheet is printed. A username already
 * taken by someone else's account is refused (409) rather than handing her that account.
 */
export async function openPortalAccount(tx: Tx, actor: Actor, student: StudentAccountOf): Promise<{ userId: number; history: HistoryEntry[] }> {
  if (student.user_id) return { userId: student.user_id, history: [] };
  const taken = await tx.user.findUnique({ where: { username: student.no_control }, select: { id: true } });
  if (taken) throw conflict('scholar.portal.username_taken', { username: student.no_control });
  const role = await tx.role.findFirst({ where: { short: 'student' }, select: { id: true } });
  const user = await tx.user.create({
    data: {
      username: student.no_control,
      first_name: student.names,
      last_name: [student.first_name, student.second_name].filter(Boolean).join(' '),
      email: student.email ?? '',
      password: UNUSABLE_PASSWORD,
      current_group_id: student.current_group_id,
      ...(role ? { roles: { create: { role_id: role.id } } } : {}),
    },
    select: { id: true },
  });
  await tx.student.update({ where: { id: student.id }, data: { user_id: user.id } });
  return {
    userId: user.id,
    history: [
      { table: 'users', recordId: user.id, type: '+', actor, changes: [{ field: 'username', old: null, new: student.no_control }] },
      { table: 'students', recordId: student.id, type: '~', actor, changes: [{ field: 'user_id', old: null, new: user.id }] },
    ],
  };
}

/** A new first password, hashed before the transaction (hashing is slow and needs no lock). */
export async function newFirstPassword(): Promise<{ password: string; hash: string }> {
  const password = randomPassword();
  return { password, hash: await hashPassword(password) };
}

/** Sets her account's password to a new first one (opening the account if needed); answers the
 * user's id and the history rows (the password itself is never in them). */
export async function setFirstPassword(tx: Tx, actor: Actor, student: StudentAccountOf, hash: string): Promise<{ userId: number; username: string; history: HistoryEntry[] }> {
  const opened = await openPortalAccount(tx, actor, student);
  const user = await tx.user.update({ where: { id: opened.userId }, data: { password: hash, is_active: true }, select: { username: true } });
  return { userId: opened.userId, username: user.username, history: [...opened.history, { table: 'users', recordId: opened.userId, type: '~', actor, changes: [{ field: 'password', old: '••••', new: '••••' }] }] };
}

/** Where students sign in: the configured public address, else this server's. */
export function portalUrl(): string {
  const base = env.NEXTAUTH_URL || `http://localhost:${env.PORT}`;
  return `${base.replace(/\/+$/, '')}/login`;
}

export type WelcomeSheet = { institution: string; name: string; no_control: string; username: string; password: string; url: string; career: string | null; group: string | null };

/** The welcome sheet (hoja de bienvenida): who she is, how she signs in, with what first password. */
export function renderWelcomeSheet(sheet: WelcomeSheet, t: Translate): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `${t('scholar.portal.sheet_title')} ${sheet.no_control}`, Author: sheet.institution } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(16).text(sheet.institution, { align: 'center' });
  doc.font('Helvetica').fontSize(13).text(t('scholar.portal.sheet_title'), { align: 'center' });
  doc.moveDown(1.5);
  doc.fontSize(11).text(t('scholar.portal.sheet_greeting', { name: sheet.name }));
  doc.moveDown(1);
  const line = (label: string, value: string, mono = false) => {
    doc.font('Helvetica').fontSize(11).text(`${label}: `, { continued: true });
    doc.font(mono ? 'Courier-Bold' : 'Helvetica-Bold').text(value);
    doc.moveDown(0.3);
  };
  line(t('fields.no_control'), sheet.no_control);
  if (sheet.career) line(t('fields.career'), sheet.career);
  if (sheet.group) line(t('fields.current_group'), sheet.group);
  doc.moveDown(0.8);
  line(t('scholar.portal.sheet_url'), sheet.url);
  line(t('scholar.portal.sheet_username'), sheet.username, true);
  line(t('scholar.portal.sheet_password'), sheet.password, true);
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(10).text(t('scholar.portal.sheet_keep'));
  doc.end();
  return done;
}
