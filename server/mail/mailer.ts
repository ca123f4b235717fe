// E-mail through the school's own SMTP server (Settings › Sistema: host, port, user, password),
// with nodemailer. One pooled connection per batch of messages; nothing is sent when the school
// has not configured a server. Tests point the settings at a local SMTP sink (smtp-server).
import nodemailer from 'nodemailer';
import { decryptSecret } from '@/server/auth/crypto';
import { prisma } from '@/server/db/client';
import { logger } from '@/server/log';

export type Mail = { to: string; subject: string; text: string };

export type MailServer = { host: string; port: number; user: string; password: string; from: string };

/** The school's SMTP server, or null when Settings › Sistema names none. */
export async function mailServer(): Promise<MailServer | null> {
  const settings = await prisma.setting.findFirst({ orderBy: { id: 'asc' }, select: { email_host: true, email_port: true, email_user: true, email_password: true, institution_name: true } });
  if (!settings?.email_host) return null;
  const address = settings.email_user.includes('@') ? settings.email_user : `no-responder@${settings.email_host}`;
  return {
    host: settings.email_host,
    port: settings.email_port,
    user: settings.email_user,
    password: decryptSecret(settings.email_password),
    // The school's name as the sender people see.
    from: `"${(settings.institution_name || 'Plantel').replace(/"/g, '')}" <${address}>`,
  };
}

/**
 * Sends each message over one pooled connection; answers, per message, whether the server took
 * it (a refused address does not stop the others).
 */
export async function sendMails(server: MailServer, mails: readonly Mail[], onSent?: (index: number) => Promise<void>): Promise<{ sent: number; failed: { to: string; error: string }[] }> {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    // Port 465 speaks TLS from the first byte; the others upgrade with STARTTLS when offered.
    secure: server.port === 465,
    pool: true,
    maxConnections: 2,
    auth: server.user && server.password ? { user: server.user, pass: server.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
  const failed: { to: string; error: string }[] = [];
  let sent = 0;
  try {
    for (const [index, mail] of mails.entries()) {
      try {
        await transport.sendMail({ from: server.from, to: mail.to, subject: mail.subject, text: mail.text });
        sent += 1;
      } catch (error) {
        failed.push({ to: mail.to, error: error instanceof Error ? error.message : String(error) });
      }
      await onSent?.(index);
    }
  } finally {
    transport.close();
  }
  return { sent, failed };
}

/**
 * One notice to one person, best effort and after the change it reports is saved: a school
 * without a mail server, or a server that refuses the message, never undoes or fails the change
 * (the failure is logged under `tag`).
 */
export async function sendNotice(to: string | null | undefined, subject: string, text: string, tag: string): Promise<void> {
  if (!to) return;
  try {
    const server = await mailServer();
    if (!server) return;
    const result = await sendMails(server, [{ to, subject, text }]);
    if (result.failed.length > 0) logger().error({ tag, err: result.failed[0].error }, 'mail not delivered');
  } catch (error) {
    logger().error({ tag, err: error }, 'mail failed');
  }
}
