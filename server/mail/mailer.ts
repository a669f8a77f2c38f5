/**
 * Outgoing mail. With SMTP_URL set, nodemailer sends through that server; without it every message
 * is written as an .eml file to DATA_DIR/mail, so a development machine needs no mail server and
 * the invitation link can still be followed.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const MAIL_FROM = 'Docentenomgeving Maatschappijwijzer <no-reply@maatschappijwijzer.example>';

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    // Timeouts in ms: a hanging mail server must not hold the request (and its transaction) for minutes.
    t = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    transports.set(smtpUrl, t);
  }
  return t;
}

export async function sendMail(config: Pick<ServerConfig, 'smtpUrl' | 'dataDir'>, message: MailMessage): Promise<void> {
  const mail = { from: MAIL_FROM, ...message };
  if (config.smtpUrl) {
    await transportFor(config.smtpUrl).sendMail(mail);
    return;
  }
  const raw = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
  const dir = join(config.dataDir, 'mail');
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await writeFile(join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`), raw.message as Buffer);
}
