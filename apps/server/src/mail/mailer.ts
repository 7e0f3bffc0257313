import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Clock } from '../platform/clock.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a notification's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** 'smtp' when SMTP_URL is set, else 'outbox' (DATA_DIR/outbox/*.eml). */
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The dev outbox folder: every mail as an .eml file when no SMTP server is configured. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * The mailer. In outbox mode `onWritten` hears of each file written (the plugin logs who it is for
 * and where it is: the file, never its content, since the mails carry one-time links).
 */
function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  clock: Clock,
  onWritten: (file: string, to: string) => void = () => {},
): Mailer & { close: () => void } {
  if (config.smtpUrl) {
    // Short timeouts (nodemailer waits 2 minutes by default): register awaits the send, and an
    // unreachable SMTP server must not hold the request that long (the account exists either way).
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: 'smtp',
      send: async (message) => {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(config.dataDir);
  let sequence = 0;
  return {
    kind: 'outbox',
    send: async (message) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(dir, { recursive: true });
      // Sortable by the app's time, then by the order of sending (a clock that stands still in tests
      // gives every mail one time); the random part keeps two processes' mails apart.
      sequence += 1;
      const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      onWritten(file, message.to);
    },
    close: () => transport.close(),
  };
}

async function mailerPlugin(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const mailer = createMailer(opts.config, app.clock, (file, to) => app.log.info({ to, file }, 'mail written to the outbox (open the file for its link)'));
  app.decorate('mailer', { kind: mailer.kind, send: mailer.send });
  app.addHook('onClose', async () => mailer.close());
}

export default fp(mailerPlugin, { name: 'mailer' });
