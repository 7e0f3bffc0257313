import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { smtpPort } from '../playwright.config';
import { mailDirPointer, type StoredMail } from './smtp-server';

function mailDir(): string {
  if (process.env.E2E_MAIL_DIR) return process.env.E2E_MAIL_DIR;
  const pointer = mailDirPointer(smtpPort);
  if (!existsSync(pointer)) throw new Error(`No test SMTP receiver is running on port ${smtpPort} (global setup)`);
  return readFileSync(pointer, 'utf8').trim();
}

function readMails(to: string): StoredMail[] {
  const dir = mailDir();
  const mails: StoredMail[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    try {
      const mail = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as StoredMail;
      if (mail.to.includes(to.toLowerCase())) mails.push(mail);
    } catch {
      // Still being written: the next poll reads it.
    }
  }
  return mails;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded bodies of every MIME part (quoted-printable and base64 undone). */
export function decodeMailBodies(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      const headers = split >= 0 ? part.slice(0, split) : '';
      const body = split >= 0 ? part.slice(split).trim() : part;
      const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
      if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
      if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      return body;
    })
    .join('\n');
}

/** Extracts the first verification link (…/verify-email?token=…) of a message. */
export function verificationLink(raw: string): string | null {
  const match = /https?:\/\/[^\s"'<>]+\/verify-email\?token=[^\s"'<>]+/.exec(decodeMailBodies(raw));
  return match ? match[0].replace(/&amp;/g, '&') : null;
}

/** Waits until a message to `to` has arrived at the test SMTP receiver; returns it with its verification link. */
export async function waitForMail(to: string, options: { timeout?: number } = {}): Promise<StoredMail & { link: string }> {
  let found: (StoredMail & { link: string }) | null = null;
  await expect
    .poll(
      () => {
        const mails = readMails(to);
        const last = mails.at(-1);
        const link = last ? verificationLink(last.raw) : null;
        if (last && link) found = { ...last, link };
        return found !== null;
      },
      { timeout: options.timeout ?? 20_000, message: `a verification mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** Waits until a message to `to` carries a link to `pathname` (e.g. '/reset-password'); returns the newest such link. */
export async function waitForLink(to: string, pathname: string, options: { timeout?: number; after?: number } = {}): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${pathname.replace(/[/]/g, '\\/')}\\?token=[^\\s"'<>]+`);
  let link: string | null = null;
  await expect
    .poll(
      () => {
        const mails = readMails(to).filter((mail) => Date.parse(mail.receivedAt) >= (options.after ?? 0));
        for (const mail of mails.reverse()) {
          const match = pattern.exec(decodeMailBodies(mail.raw));
          if (match) {
            link = match[0].replace(/&amp;/g, '&');
            break;
          }
        }
        return link !== null;
      },
      { timeout: options.timeout ?? 20_000, message: `a mail to ${to} with a ${pathname} link` },
    )
    .toBe(true);
  return link!;
}

/** Waits until a message to `to` whose subject contains `subject` has arrived. */
export async function waitForSubject(to: string, subject: string, options: { timeout?: number } = {}): Promise<void> {
  await expect
    .poll(() => readMails(to).some((mail) => new RegExp(`^Subject: .*${subject}`, 'mi').test(mail.raw)), {
      timeout: options.timeout ?? 20_000,
      message: `a mail to ${to} about "${subject}"`,
    })
    .toBe(true);
}

/** Waits until a message to `to` contains `text` (in its headers or decoded bodies); returns its raw source. */
export async function waitForMailWith(to: string, text: string, options: { timeout?: number } = {}): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      () => {
        found =
          readMails(to)
            .map((mail) => `${mail.raw}\n${decodeMailBodies(mail.raw)}`)
            .find((all) => all.includes(text)) ?? null;
        return found !== null;
      },
      { timeout: options.timeout ?? 20_000, message: `a mail to ${to} with "${text}"` },
    )
    .toBe(true);
  return found!;
}
