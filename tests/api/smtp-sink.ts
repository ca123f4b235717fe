// A local SMTP server that keeps what it receives: the tests' stand-in for the school's mail server
// (smtp-server from npm; nodemailer talks to it as to any server). Settings › Sistema point at it
// while `run` runs, and are put back after.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { prisma } from '@/server/db/client';

export type ReceivedMail = { to: string[]; text: string };

export async function withSmtpSink(run: (received: ReceivedMail[]) => Promise<void>): Promise<void> {
  const received: ReceivedMail[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const settings = await prisma.setting.findFirstOrThrow({ orderBy: { id: 'asc' } });
  try {
    await prisma.setting.update({ where: { id: settings.id }, data: { email_host: '127.0.0.1', email_port: (sink.server.address() as AddressInfo).port, email_user: 'escolar@plantel.example', email_password: '' } });
    await run(received);
  } finally {
    await prisma.setting.update({ where: { id: settings.id }, data: { email_host: settings.email_host, email_port: settings.email_port, email_user: settings.email_user, email_password: settings.email_password } });
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}
