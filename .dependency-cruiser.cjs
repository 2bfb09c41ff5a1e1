// The dependency rules of ARCHITECTURE.md §2 and §4, checked by `npm run lint` (depcruise).

/** Tests, test helpers and browser tests: they may reach across packages to set things up. */
const tests = '(\\.test\\.tsx?$|/test/|/e2e/)';

/** One rule: no dependency from `from` to `to`; `comment` says which sentence of the map it enforces. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'no-circular',
      'No import cycles anywhere, type-only imports included (§4).',
      {},
      { circular: true },
    ),
    forbid(
      'nothing-imports-apps',
      'Nothing imports apps/*: an app reaches neither another app nor is reached by a package (§2).',
      { path: '^(apps|packages)/([^/]+)/' },
      { path: '^apps/', pathNot: '^$1/$2/' },
    ),
    forbid(
      'packages-stand-alone',
      'A package imports no other package outside its tests (contracts, pdf and trust-services depend on nothing of ours, §2).',
      { path: '^packages/([^/]+)/', pathNot: tests },
      { path: '^packages/', pathNot: '^packages/$1/' },
    ),
    forbid(
      'packages-stay-inside',
      'A package reaches nothing outside itself but packages and its npm dependencies (pure libraries, §2).',
      { path: '^packages/([^/]+)/' },
      { pathNot: ['^packages/', '(^|/)node_modules/'], dependencyTypesNot: ['core'] },
    ),
    forbid(
      'web-only-contracts',
      'The web depends on contracts only (web → contracts, §2).',
      { path: '^apps/web/' },
      { path: '^packages/', pathNot: '^packages/contracts/' },
    ),
    forbid(
      'trust-services-mounted-once',
      "Only the api's app.ts mounts the trust-services plugin; api modules reach providers over HTTP through their adapters (§2).",
      { path: '^apps/api/', pathNot: ['^apps/api/src/app\\.ts$', tests] },
      { path: '^packages/trust-services/' },
    ),
    forbid(
      'api-modules-through-services',
      'An api module uses another module only through its *.service.ts, and the types of its *-deps.ts (§2).',
      { path: '^apps/api/src/modules/([^/]+)/' },
      {
        path: '^apps/api/src/modules/',
        pathNot: ['^apps/api/src/modules/$1/', '\\.service\\.ts$', '-deps\\.ts$'],
      },
    ),
    forbid(
      'web-shared-layer-not-features',
      "The web's shared layer (components/, lib/) never imports features/: what two features need lives in the shared layer (§4).",
      { path: '^apps/web/src/(components|lib)/' },
      { path: '^apps/web/src/features/' },
    ),
    forbid(
      'web-shared-layer-not-routes',
      'The shared layer is below the routes too: routes compose it, never the other way round (§2).',
      { path: '^apps/web/src/(components|lib)/' },
      { path: '^apps/web/src/(routes/|router\\.tsx$)' },
    ),
    forbid(
      'web-feature-not-other-features',
      'A web feature does not import another feature; routes compose them (§2).',
      { path: '^apps/web/src/features/([^/]+)/' },
      { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    ),
    forbid(
      'web-feature-not-routes',
      'Features are composed by the routes and do not import them (§2).',
      { path: '^apps/web/src/features/' },
      { path: '^apps/web/src/(routes/|router\\.tsx$)' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    // Type-only imports are dependencies too: a cycle through them is still a cycle.
    tsPreCompilationDeps: true,
    // The workspaces' @signet/* links resolve to the packages' own files, so the path rules see them.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
