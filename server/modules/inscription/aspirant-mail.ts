// The applicant hears of each step by e-mail, through the school's SMTP server (Settings ›
// Sistema), best effort and after the step is saved (server/mail/mailer.ts).
import { prisma } from '@/server/db/client';
import { sendNotice } from '@/server/mail/mailer';
import { translator } from '@/server/i18n/messages';

type Applicant = { names: string; first_name: string; second_name: string | null; email: string | null; web_code: string };

export async function notifyAspirant(aspirant: Applicant, event: string, values: Record<string, string | number> = {}): Promise<void> {
  const t = translator();
  const name = [aspirant.names, aspirant.first_name, aspirant.second_name].filter(Boolean).join(' ');
  const detail = t(`admissions.mail.${event}`, { ...values, web_code: aspirant.web_code });
  await sendNotice(aspirant.email, t('admissions.mail.subject'), t('admissions.mail.body', { name, detail }), 'admissions');
}

/**
 * Sends the web codes of the applications registered with an e-mail, or of a CURP's applications,
 * to the e-mail each was registered with (a person who signed up twice, or forgot theirs). Nothing is
 * said to the caller about whether there were any: the HTTP answer is the same either way, and the
 * mail leaves without being waited for, so the answer's time does not tell either.
 */
export async function sendWebCodeReminder(by: { email?: string | null; curp?: string | null }): Promise<void> {
  const email = by.email?.trim();
  const curp = by.curp?.trim().toUpperCase();
  const applications = await prisma.aspirant.findMany({
    where: { is_active: true, student_id: null, email: { not: null }, OR: [...(email ? [{ email: { equals: email, mode: 'insensitive' as const } }] : []), ...(curp ? [{ curp }] : [])] },
    orderBy: { id: 'asc' },
    select: { names: true, first_name: true, second_name: true, email: true, web_code: true, cicle: { select: { description: true } } },
  });
  const t = translator();
  // One mail per registered address, listing that address's applications.
  const byAddress = new Map<string, typeof applications>();
  for (const row of applications) {
    const key = row.email!.trim().toLowerCase();
    byAddress.set(key, [...(byAddress.get(key) ?? []), row]);
  }
  for (const rows of byAddress.values()) {
    const [first] = rows;
    const name = [first.names, first.first_name, first.second_name].filter(Boolean).join(' ');
    const codes = rows.map((row) => t('admissions.mail.web_code_line', { web_code: row.web_code, period: row.cicle?.description ?? '—' })).join('\n');
    void sendNotice(first.email, t('admissions.mail.subject'), t('admissions.mail.body', { name, detail: t('admissions.mail.web_code_reminder', { codes }) }), 'admissions');
  }
}
