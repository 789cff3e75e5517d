/**
 * The shape of src/ that `npm run check` enforces (docs/ARCHITECTURE.md draws it): six contexts, each
 * entered only through its door (index.ts), layered one way; the surfaces (http, cli, jobs, process) on top;
 * lib, config and db at the bottom; no import loop between folders.
 */
const CONTEXTS = '(platform|identity|catalog|content|traffic|delivery)';
/** What each context may import besides itself and the ground floors: the contexts below it. */
const BELOW = {
  platform: [],
  identity: ['platform'],
  delivery: ['platform', 'identity'],
  catalog: ['platform', 'identity', 'delivery'],
  content: ['platform', 'identity', 'delivery', 'catalog'],
  traffic: ['platform', 'identity', 'delivery', 'catalog', 'content'],
};
const others = (context) => Object.keys(BELOW).filter((other) => other !== context && !BELOW[context].includes(other));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment: 'No import loop between folders: every arrow between folders runs one way.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      comment: 'No import loop between files either.',
      severity: 'error',
      from: { path: '^src' },
      to: { circular: true },
    },
    {
      name: 'through-the-door',
      comment: 'Another context is reached only through its door (index.ts); its inside is its own.',
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: `^src/${CONTEXTS}/`, pathNot: ['^src/$1/', `^src/${CONTEXTS}/index\\.ts$`] },
    },
    {
      name: 'through-the-door-from-the-root',
      comment: 'The composition root reaches a context only through its door too.',
      severity: 'error',
      from: { path: '^src/[^/]+\\.ts$' },
      to: { path: `^src/${CONTEXTS}/`, pathNot: `^src/${CONTEXTS}/index\\.ts$` },
    },
    {
      name: 'not-its-own-door',
      comment: "A context's inside imports its neighbours directly, never its own door (that would be a loop).",
      severity: 'error',
      from: { path: `^src/${CONTEXTS}/.+/`, pathNot: `^src/${CONTEXTS}/(index|build)\\.ts$` },
      to: { path: '^src/$1/index\\.ts$' },
    },
    ...Object.keys(BELOW).flatMap((context) =>
      others(context).length === 0
        ? []
        : [
            {
              name: `layers-${context}`,
              comment: `${context} stands on ${BELOW[context].join(', ') || 'the ground floors only'}.`,
              severity: 'error',
              from: { path: `^src/${context}/` },
              to: { path: `^src/(${others(context).join('|')})/` },
            },
          ],
    ),
    {
      name: 'contexts-below-surfaces',
      comment:
        'Contexts know nothing of the surfaces that call them, nor of the composition root (root.ts, where files are found from, is ground).',
      severity: 'error',
      from: { path: `^src/${CONTEXTS}/` },
      to: { path: '^src/(http|cli|jobs|process)/|^src/(?!root\\.ts$)[^/]+\\.ts$' },
    },
    {
      name: 'sql-in-stores',
      comment: 'SQL (Kysely and the schema) lives only in a store/ folder or in db/: services pass a transaction on.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/db/', '/store/'] },
      to: { path: ['(^|/)node_modules/kysely/', '^src/db/schema\\.ts$'] },
    },
    {
      name: 'ground-floors',
      comment: 'lib stands on nothing of ours; config on lib; db on lib and config.',
      severity: 'error',
      from: { path: '^src/(lib|config|db)/' },
      to: { path: `^src/(${CONTEXTS.slice(1, -1)}|http|cli|jobs|process)/|^src/[^/]+\\.ts$` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.tsx?$' },
    doNotFollow: { path: 'node_modules' },
  },
};
