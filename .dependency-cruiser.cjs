/**
 * Import rules of the house, checked by `node scripts/check-house.mjs` (the `house` step of `npm test`)
 * and by hand with `npx depcruise apps packages scripts bench e2e`. See docs/architecture.md.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files import each other in a circle: move what both need into a third file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'providers-not-to-modules',
      severity: 'error',
      comment:
        'providers/ are the outside world behind interfaces and know no business: a type they share with a module lives in the provider (its types.ts) or in packages/domain.',
      from: { path: '^apps/server/src/providers/' },
      to: { path: '^apps/server/src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results|playwright-report)/' },
    // Type-only imports count: a circle through types is still a circle for the reader.
    tsPreCompilationDeps: true,
    // The web app's `@/` alias (see tsconfig.imports.json); no other package uses it.
    tsConfig: { fileName: 'tsconfig.imports.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
