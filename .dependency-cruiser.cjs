// The layers of docs/architecture.md ("Folders"), checked by `npm test` (tests/architecture.test.ts):
//   npx depcruise src server scripts tests --config .dependency-cruiser.cjs
// Each rule names a folder and what it may import; anything else it imports is an error.
// Tests beside the code (*.test.ts, and the order API's suites and helpers in server/tests/)
// follow their folder's rule too, except that they may use the fixtures and builders in tests/helpers/.
const TEST = '(\\.test\\.tsx?$|^server/tests/)';
const HELPERS = '|^tests/helpers/';
/** Node's own modules and npm packages: the layers are about our folders (the browser's no-node rule is separate). */
const PACKAGES = ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'unknown'];

/**
 * A folder may import only `others` (path patterns), its own files and npm packages. The rule is
 * named after the folder (src/core/data/ → core-data) and says `why`.
 */
function layer(folder, others, why) {
  const name = folder
    .replace(/^src\//, '')
    .replace(/\/$/, '')
    .replaceAll('/', '-');
  const comment = `${folder.replace(/\/$/, '')}: ${why}`;
  const from = `^${folder}`;
  const allowed = [folder, ...others];
  return [
    {
      name,
      comment,
      severity: 'error',
      from: { path: from, pathNot: TEST },
      to: { pathNot: `^(${allowed.join('|')})|node_modules/`, dependencyTypesNot: PACKAGES },
    },
    {
      name: `${name} (tests)`,
      comment,
      severity: 'error',
      from: { path: `(?=${from})(?=.*${TEST})` },
      to: { pathNot: `^(${allowed.join('|')})|node_modules/${HELPERS}`, dependencyTypesNot: PACKAGES },
    },
  ];
}

const BROWSER = '^src/(domain|site|components|islands|runtime/client)/';

/**
 * The generator's stage folders, each after the stages it uses. The build runs validate first, but
 * validation reads pictures with the images stage's checker; render drives each site's publishing.
 */
const STAGES = ['images', 'validate', 'bundle', 'reuse', 'publish', 'render', 'deploy'];
const GENERATOR = '^src/core/generator/';

/** A stage never imports a later one: what two stages share lives in src/core/generator/shared/. */
function stageOrder() {
  return STAGES.slice(0, -1).map((stage, index) => ({
    name: `generator-stage-${stage}`,
    severity: 'error',
    comment: `src/core/generator/${stage}: imports only the stages before it (${STAGES.join(' → ')}) and shared/.`,
    from: { path: `${GENERATOR}${stage}/` },
    to: { path: `${GENERATOR}(${STAGES.slice(index + 1).join('|')})/` },
  }));
}
/** The dev server's browser code, which Vite serves to `npm run dev`'s pages. */
const DEV_BROWSER = '^src/core/dev/(live-client|live-channel|data-errors-overlay|placement-outlines)\\.ts$';
/**
 * The validator and the catalog writer as the browser editor runs them: the node-free part of
 * src/core/data (validate-sources.ts and what it imports) and of src/core/catalog-sheet.
 */
const EDITOR_SHARED =
  '^src/core/(data/(validate-sources|schema-diagnostics|schema-error-words|cross-checks|colour-near-misses|data-shape|discount-tiers|diagnostic|order-api-address|report-at|suggest|yaml-source|yaml-syntax-words|image-uses|placement-area-checks|photo-match|to-domain|file-shapes|file-shapes\\.generated)|catalog-sheet/(catalog-text-edit|same-data|price-change)|user-error)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules are one concept, or one is in the wrong layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-code-has-no-node',
      severity: 'error',
      comment: 'Browser code (domain, site, components, islands, runtime/client) runs in the browser: no node: module.',
      from: { path: BROWSER, pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain: pure rules and types, shared by the browser and the order API; no React, no DOM, no package.',
      from: { path: '^src/domain/', pathNot: TEST },
      to: { pathNot: '^src/domain/' },
    },
    ...layer(
      'src/contracts/',
      ['src/domain/'],
      "the order API's contract (request and answer schemas and types, TypeBox; the OpenAPI document made from them); shared by the islands and the API.",
    ),
    ...layer('src/site/', ['src/domain/'], 'what pages and the browser share; imports domain only.'),
    ...layer('src/components/', ['src/domain/', 'src/site/'], 'static components; domain and site only.'),
    ...layer(
      'src/islands/',
      ['src/domain/', 'src/contracts/', 'src/site/', 'src/components/'],
      'interactive components; domain, contracts (types), site, components.',
    ),
    ...layer('src/runtime/client/', ['src/domain/', 'src/site/', 'src/components/', 'src/islands/'], 'browser entries; islands, components, site, domain.'),
    ...layer('src/runtime/server/', ['src/domain/', 'src/site/'], 'the HTML document and the island marker.'),
    ...layer(
      'src/pages/',
      ['src/domain/', 'src/site/', 'src/components/', 'src/islands/', 'src/runtime/server/'],
      'one component per page, rendered at build time.',
    ),
    ...layer(
      'src/core/data/',
      ['src/domain/', 'src/core/stable-json', 'src/core/user-error', 'src/core/project-root'],
      'reading and validating the data files.',
    ),
    {
      name: 'core-generator',
      severity: 'error',
      comment: 'src/core/generator: builds dist/; below the commands, the dev server and the static server.',
      from: { path: '^src/core/generator/' },
      to: { path: '^src/core/(cli|dev|serve)/' },
    },
    ...stageOrder(),
    {
      name: 'generator-shared',
      severity: 'error',
      comment: 'src/core/generator/shared: helpers two or more stages use (digests, written files, compression, manifest, report); no stage.',
      from: { path: `${GENERATOR}shared/` },
      to: { path: `${GENERATOR}(${STAGES.join('|')})/` },
    },
    ...layer(
      'src/core/catalog-sheet/',
      ['src/domain/', 'src/core/data/', 'src/core/user-error', 'src/core/project-root'],
      'catalog spreadsheets and bulk price changes; checked by the data loader, no build.',
    ),
    {
      name: 'editor-shared-code-has-no-node',
      severity: 'error',
      comment: 'The validator and catalog writer the browser editor runs (EDITOR_SHARED) import no node: module.',
      from: { path: EDITOR_SHARED, pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'editor-has-no-node',
      severity: 'error',
      comment: 'src/editor is browser code: no node: module.',
      from: { path: '^src/editor/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    ...layer(
      'src/editor/',
      ['src/domain/', EDITOR_SHARED.slice(1)],
      "the merchandisers' editor in the browser and its backends (local proxy, GitHub); the domain and the node-free validator and catalog writer (EDITOR_SHARED).",
    ),
    ...layer(
      'src/core/editor/',
      ['src/domain/', 'src/core/data/', 'src/core/project-root', 'src/editor/editor-backend'],
      "npm run editor's local proxy and the editor's bundle; the data loader, nothing of the build.",
    ),
    ...layer(
      'src/core/hosting/',
      ['src/core/headers-file', 'src/core/generator/publish/publish-site', 'src/core/generator/shared/site-manifest', 'src/core/user-error'],
      "the shared-host folder and the hosts' limits; the built folders' headers, nothing else of the build.",
    ),
    {
      name: 'core-dev',
      severity: 'error',
      comment: 'src/core/dev: the live preview; below the commands (cli/dev-command.ts starts it), so it never imports them.',
      from: { path: '^src/core/dev/' },
      to: { path: '^src/core/cli/' },
    },
    {
      name: 'dev-browser-code',
      severity: 'error',
      comment:
        "The dev pages' browser code (live client, overlays) runs in the browser: the domain and each other; no node: module, no package (Vite gives the live client import.meta.hot).",
      from: { path: DEV_BROWSER, pathNot: TEST },
      to: { pathNot: `^src/domain/|${DEV_BROWSER}` },
    },
    ...layer(
      'src/core/serve/',
      ['src/domain/', 'src/site/', 'src/core/headers-file', 'src/core/user-error'],
      'the static server; nothing of the build (Vite, sharp).',
    ),
    ...layer(
      'server/',
      [
        'src/domain/',
        'src/contracts/',
        'src/core/data/',
        'src/core/stable-json',
        'src/core/user-error',
        'src/core/project-root',
        'src/core/compiled-module',
        'src/core/thread-module',
      ],
      'the order API; domain rules and the data loader, nothing of the site.',
    ),
    {
      name: 'src-not-from-tests',
      severity: 'error',
      comment: 'Code never imports the test suites; only tests beside the code may use tests/helpers/ fixtures.',
      from: { path: '^(src|server)/', pathNot: TEST },
      to: { path: '^tests/' },
    },
    {
      name: 'browser-tests-in-tests',
      severity: 'error',
      comment: 'A test that drives a browser belongs in tests/browser/, not beside the code.',
      from: { path: `(?=^(src|server)/)(?=.*${TEST})` },
      to: { path: '^tests/browser/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
