import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that holds the server's layers (eslint/server-layers.js), tried on files it has not
// seen: each import below is linted as if written in the named file. It reads no database, so it
// runs in the PGlite project only.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function layerErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = 1;\n`, { filePath: `${repoRoot}apps/server/src/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'local/server-layers').map((m) => m.message);
}

describe.runIf(process.env.TEST_DB !== 'postgres')('the server layers lint rule', () => {
  it('lets a module import another through its public file, in the direction the tree already has', async () => {
    expect(await layerErrors('modules/races/new-file.ts', "export { creditAccount } from '../wagers/index.ts';")).toEqual([]);
  });

  it('refuses a module file reached past its public file', async () => {
    expect(await layerErrors('modules/races/new-file.ts', "export { creditAccount } from '../wagers/crediting.ts';")).toEqual([
      'Import wagers through its public file modules/wagers/index.ts.',
    ]);
  });

  it('refuses an import that closes a cycle between modules', async () => {
    const [message] = await layerErrors('modules/wagers/new-file.ts', "export * from '../races/index.ts';");
    expect(message).toMatch(/^Modules must not import each other: wagers → races → .*wagers\.$/);
  });

  it('refuses platform/ importing a module, admin/ imported by a module, and the chat module importing a feature', async () => {
    expect(await layerErrors('platform/new-file.ts', "export * from '../modules/raffles/index.ts';")).toEqual([
      'platform/ imports no module (raffles): move the shared piece down, or let the module register with it.',
    ]);
    expect(await layerErrors('modules/races/new-file.ts', "export * from '../admin/index.ts';")).toEqual([
      'No module imports admin/: the console sits on top; move the shared piece down.',
    ]);
    expect(await layerErrors('modules/chat/new-file.ts', "export * from '../raffles/index.ts';")).toEqual([
      'The chat module imports no feature (raffles): the feature registers with app.chat instead.',
    ]);
  });

  it('lets tests reach into a module, since they build what they test', async () => {
    expect(await layerErrors('modules/races/new-file.test.ts', "export * from '../wagers/crediting.ts';")).toEqual([]);
  });
});
