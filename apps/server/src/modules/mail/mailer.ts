import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (marketing mail); already sanitised by the sender. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on marketing mail. */
  headers?: Record<string, string>;
  /** Files sent with the mail (a scheduled report's CSV). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Nodemailer waits up to 10 minutes on a silent socket by default. A campaign recipient is marked failed
 * after 10 minutes in `sending` (marketing STALE_SENDING_MS), so a send must give up well before: these
 * limits, unless SMTP_URL's query sets its own. Nodemailer reads options from the URL's query (an object
 * with `url` would drop every other key).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
export function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, ms] of Object.entries(SMTP_TIMEOUTS))
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  return url.toString();
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox folder, where
 * a developer (or a test) reads it. Mail bodies hold reset links, so they are never logged.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(withTimeouts(options.smtpUrl));
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      // A random part: two mails to one address in the same millisecond (a campaign batch) keep both files,
      // and 'wx' refuses to write over one rather than lose it.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer, {
        mode: 0o600,
        flag: 'wx',
      });
    },
  };
}
