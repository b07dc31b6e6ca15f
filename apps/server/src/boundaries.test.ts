import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository root: the real eslint.config.js is what is tested, so the rule cannot silently vanish. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** Lints `code` as if it were the file at `path` (relative to the root; the file need not exist). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'house/module-boundaries')
    .map((message) => message.message);
}

describe('server module boundaries (lint)', () => {
  // Loading the config and its parsers once takes seconds on a busy machine: not a test's time.
  beforeAll(() => boundaryErrors('apps/server/src/modules/probe/warm.ts', 'export {};\n'), 120_000);

  it("fails on an import of another module's repository", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/probe/service.ts',
      "import { betRepository } from '../betting/repository';\nexport const probe = betRepository;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('betting');
  });

  it('fails on internal files from a nested folder, re-exports and the ledger bulk path', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/probe/inner/deep.ts',
      [
        "import { catalogRepository } from '../../catalog/repository';",
        "export { bulkLedger } from '../../ledger/bulk';",
        'export const probe = catalogRepository;',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
  });

  it('allows services, published interfaces, the own module and shared code', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/probe/service.ts',
      [
        "import { accountRecords } from '../account/service';",
        "import { TRANSFER_KINDS } from '../ledger/kinds';",
        "import { CATALOG_CHANNEL } from '../catalog/events';",
        "import { probeRepository } from './repository';",
        "import { isUniqueViolation } from '../../db/errors';",
        'export const probe = [accountRecords, TRANSFER_KINDS, CATALOG_CHANNEL, probeRepository, isUniqueViolation];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('leaves files outside the modules alone (app wiring, jobs, command line)', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/cli/probe.ts',
      "import { betRepository } from '../modules/betting/repository';\nexport const probe = betRepository;\n",
    );
    expect(errors).toEqual([]);
  });
});
