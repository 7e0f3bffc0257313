import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A received message as stored on disk: the SMTP envelope and the raw RFC 5322 source. */
export type StoredMail = { from: string; to: string[]; receivedAt: string; raw: string };

/** Where a run on this SMTP port records its mail folder, so test workers find it (see mail.ts). */
export function mailDirPointer(smtpPort: number): string {
  return path.join(tmpdir(), `rh-e2e-smtp-${smtpPort}.path`);
}

/**
 * A real SMTP receiver for the end-to-end run: the server under test sends through nodemailer over
 * SMTP to it, and every message lands as one JSON file in a fresh temp folder.
 */
export async function startSmtpServer(port: number): Promise<{ dir: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-e2e-mail-'));
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail: StoredMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        count += 1;
        const file = path.join(dir, `${Date.now()}-${String(count).padStart(4, '0')}.json`);
        // Write then rename would be safer against partial reads; a single small write is enough here
        // because readers parse JSON and simply retry on a parse error.
        writeFileSync(file, JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  writeFileSync(mailDirPointer(port), dir);
  return {
    dir,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(mailDirPointer(port), { force: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
