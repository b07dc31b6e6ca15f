import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server/src/modules, wherever the repository is checked out. */
const MODULES = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/server/src/modules');

/**
 * The files a server module publishes to the others. Its service is its front door; events and kinds are the
 * shapes it announces. A few modules publish more, each for a reason:
 * - catalog/snapshot: the in-memory read model of the catalogue that markets, betting and feeds read;
 * - markets/format: how a market is shown (Myanmar lines), which betting prices against;
 * - settlement/queue: the outbox the catalogue fills in the transaction that stores a result;
 * - ledger/fragments: the ledger's SQL fragment a bet's one-statement placement embeds (the stake reservation);
 * - ledger/bet-postings: the posting rules settlement builds its batches with.
 * Everything else (repository, bulk paths, helpers) is the module's own.
 */
const PUBLISHED_EVERYWHERE = new Set(['service', 'events', 'kinds']);
const PUBLISHED_BY_MODULE = {
  catalog: new Set(['snapshot']),
  markets: new Set(['format']),
  settlement: new Set(['queue']),
  ledger: new Set(['fragments', 'bet-postings']),
};

/** The module a path lies in and the path inside it (no extension), or null outside apps/server/src/modules. */
function locate(path) {
  const inside = relative(MODULES, path);
  if (inside.startsWith('..') || inside === '' || resolve(MODULES, inside) !== path) return null;
  const [module, ...rest] = inside.split(sep);
  if (rest.length === 0) return null;
  return { module, file: rest.join('/').replace(/\.(ts|js|mts|cts)$/, '') };
}

const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A server module imports another module only through its service or published files.',
    },
    schema: [],
    messages: {
      internal:
        "'{{source}}' is {{module}}'s own file: reach {{module}} through its service (or a published events/kinds file).",
    },
  },
  create(context) {
    const here = locate(resolve(context.filename));
    if (!here) return {};
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = locate(resolve(dirname(resolve(context.filename)), source));
      if (!target || target.module === here.module) return;
      if (PUBLISHED_EVERYWHERE.has(target.file)) return;
      if (PUBLISHED_BY_MODULE[target.module]?.has(target.file)) return;
      context.report({ node: node.source, messageId: 'internal', data: { source, module: target.module } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** The project's own ESLint rules for the server's module boundaries. */
export const serverBoundaries = { rules: { 'module-boundaries': moduleBoundaries } };
