import type { FullConfig } from '@playwright/test';
import { smtpPort } from '../playwright.config';
import { startSmtpServer } from './smtp-server';

/** Starts the test SMTP receiver for the run; the returned function is Playwright's teardown. */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const smtp = await startSmtpServer(smtpPort);
  // Workers start after global setup and inherit this (mail.ts also falls back to the pointer file).
  process.env.E2E_MAIL_DIR = smtp.dir;
  return smtp.stop;
}
