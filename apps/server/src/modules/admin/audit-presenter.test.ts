import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_TITLES, auditActionTitle, auditDetails, auditTarget, presentAudit } from './audit-presenter.ts';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every `action: '<target>.<verb>'` that a module's service writes with recordAudit or refuses. */
function writtenActions(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = readFileSync(file, 'utf8');
        if (!/recordAudit|refuseOwn|own-account|refuse-admin/.test(text)) continue;
        for (const m of text.matchAll(/action: (?:[^,\n]*\? )?'([a-z_]+\.[a-z_]+)'(?: : '([a-z_]+\.[a-z_]+)')?/g)) {
          found.add(m[1]!);
          if (m[2]) found.add(m[2]);
        }
      }
    }
  };
  walk(modules);
  return [...found].sort();
}

describe('audit presenter', () => {
  it('gives every audited action a label of its own (no raw key such as dond.close)', () => {
    const actions = writtenActions();
    expect(actions).toContain('dond.close');
    expect(actions).toContain('bonus_hunt.bonus_open');
    expect(actions.filter((a) => !AUDIT_ACTION_TITLES[a])).toEqual([]);
    expect(auditActionTitle('dond.close')).toBe('Deal or No Deal entries closed');
    expect(auditActionTitle('points.grant_refused')).toBe('Own points grant refused');
    expect(auditActionTitle('raffle.draw_refused')).toBe('Raffle drawn: refused (own account)');
    // A key nobody labelled yet still reads as words.
    expect(auditActionTitle('thing.do_it')).toBe('Thing do it');
  });

  it('writes amounts in the currency, not cents, and names target types', () => {
    expect(auditDetails('Spring hunt: finished at 53440 cents; 1 Guess the Balance winner(s)')).toBe(
      'Spring hunt: finished at $534.40; 1 Guess the Balance winner(s)',
    );
    expect(auditDetails('Added Sugar Rush at 100 cents', 'EUR')).toBe('Added Sugar Rush at €1.00');
    expect(auditTarget('raffle')).toEqual({ label: 'Raffle', href: '/admin/raffles' });
  });

  it('presents a row with its target by name and a link', () => {
    const entry = presentAudit(
      {
        id: 'a1',
        seq: 1,
        actorId: 'u1',
        actorName: 'admin',
        action: 'points.grant',
        targetType: 'user',
        targetId: 'u2',
        changes: { summary: 'Granted 500 points' },
        ip: null,
        userAgent: null,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
      { name: 'demo' },
    );
    expect(entry).toMatchObject({
      title: 'Points granted',
      details: 'Granted 500 points',
      target: { label: 'Member', name: 'demo', href: '/admin/users?id=u2' },
    });
  });
});
