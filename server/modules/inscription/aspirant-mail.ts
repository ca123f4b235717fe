// The applicant hears of each step by e-mail, through the school's SMTP server (Settings ›
// Sistema), best effort and after the step is saved (server/mail/mailer.ts).
import { sendNotice } from '@/server/mail/mailer';
import { translator } from '@/server/i18n/messages';

type Applicant = { names: string; first_name: string; second_name: string | null; email: string | null; web_code: string };

export async function notifyAspirant(aspirant: Applicant, event: string, values: Record<string, string | number> = {}): Promise<void> {
  const t = translator();
  const name = [aspirant.names, aspirant.first_name, aspirant.second_name].filter(Boolean).join(' ');
  const detail = t(`admissions.mail.${event}`, { ...values, web_code: aspirant.web_code });
  await sendNotice(aspirant.email, t('admissions.mail.subject'), t('admissions.mail.body', { name, detail }), 'admissions');
}
