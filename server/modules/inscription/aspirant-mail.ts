// The applicant hears of each step by e-mail, through the school's SMTP server (Settings ›
// Sistema). Best effort and after the step is saved: a school without a mail server, or a server
// that refuses the message, never undoes or fails the step (the failure is logged).
import { mailServer, sendMails } from '@/server/mail/mailer';
import { translator } from '@/server/i18n/messages';

type Applicant = { names: string; first_name: string; second_name: string | null; email: string | null; web_code: string };

export async function notifyAspirant(aspirant: Applicant, event: string, values: Record<string, string | number> = {}): Promise<void> {
  if (!aspirant.email) return;
  try {
    const server = await mailServer();
    if (!server) return;
    const t = translator();
    const name = [aspirant.names, aspirant.first_name, aspirant.second_name].filter(Boolean).join(' ');
    const detail = t(`admissions.mail.${event}`, { ...values, web_code: aspirant.web_code });
    const result = await sendMails(server, [{ to: aspirant.email, subject: t('admissions.mail.subject'), text: t('admissions.mail.body', { name, detail }) }]);
    if (result.failed.length > 0) console.error('[admissions] mail not delivered:', result.failed[0].error);
  } catch (error) {
    console.error('[admissions] mail:', error instanceof Error ? error.message : error);
  }
}
