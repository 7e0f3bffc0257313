import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server projects run without per-file isolation (vitest.config.ts: isolate false): the files of
// one worker share their modules. That holds only while no server test replaces a module or a global
// for the files after it. This guard reads every server test file and fails on what would leak.

const srcRoot = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** What a file does that would outlive it in a shared module graph. */
function leaksOf(source: string): string[] {
  const found: string[] = [];
  for (const call of ['vi.mock(', 'vi.doMock(', 'vi.stubGlobal(', 'vi.stubEnv(', 'vi.spyOn(']) {
    if (source.includes(call) && !(call === 'vi.spyOn(' && source.includes('vi.restoreAllMocks()'))) found.push(call.slice(0, -1));
  }
  if (source.includes('vi.useFakeTimers(') && !source.includes('vi.useRealTimers()')) found.push('vi.useFakeTimers without vi.useRealTimers');
  if (/process\.env\.[A-Z0-9_]+\s*=[^=]/.test(source) || /delete process\.env\./.test(source)) found.push('process.env written');
  return found;
}

describe('server tests share one module graph per worker', () => {
  it('no server test file replaces a module or a global, or leaves fake timers or environment changes behind', () => {
    const files = testFiles(srcRoot).filter((f) => !f.endsWith('shared-module-graph.test.ts'));
    expect(files.length).toBeGreaterThan(90);
    const problems = files.flatMap((f) => leaksOf(readFileSync(f, 'utf8')).map((leak) => `${path.relative(srcRoot, f)}: ${leak}`));
    expect(problems).toEqual([]);
  });

  it('finds each kind of leak', () => {
    expect(leaksOf("vi.mock('../lib/mailer.ts')")).toEqual(['vi.mock']);
    expect(leaksOf("vi.stubGlobal('fetch', f)")).toEqual(['vi.stubGlobal']);
    expect(leaksOf('vi.spyOn(console, "log")')).toEqual(['vi.spyOn']);
    expect(leaksOf('vi.spyOn(console, "log"); afterEach(() => vi.restoreAllMocks())')).toEqual([]);
    expect(leaksOf('vi.useFakeTimers()')).toEqual(['vi.useFakeTimers without vi.useRealTimers']);
    expect(leaksOf("process.env.APP_ORIGIN = 'x'")).toEqual(['process.env written']);
    expect(leaksOf("process.env.TEST_DB === 'postgres'")).toEqual([]);
  });
});
