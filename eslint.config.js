// Lint rules; the import rules below are the architecture's one-way flow (docs/architecture.md "Import rules").
import tseslint from 'typescript-eslint';

const REMOTES = ['mf-landing', 'mf-checkout', 'mf-account', 'mf-blog', 'mf-campaign'];
const ROUTER_IMPORTS = {
  group: ['react-router', 'react-router-dom', 'react-router/*'],
  message: "Remotes navigate with plain links and the navigationRequested event; the router is the shell's (ADR 0003).",
};

/** The shell app reaches remotes only through the federation runtime, and never server infrastructure. */
const SHELL_APP_PATTERNS = [
  {
    group: REMOTES.flatMap((remote) => [`**/${remote}/**`, `@reelkeep/${remote}`, `@reelkeep/${remote}/*`]),
    message: 'The shell reaches remotes only through the federation runtime.',
  },
  { group: ['@reelkeep/platform', '@reelkeep/platform/*'], message: 'shell/src is the app; server infrastructure belongs in shell/server.' },
];

/** Browser code of a remote: its own files, shared-contracts and the shared singletons only. */
const remoteRules = REMOTES.map((remote) => ({
  files: [`${remote}/src/**/*.{ts,tsx}`],
  // Its tests render through the shell's one test helper (docs/testing.md "Component tests"): see remoteTestRules.
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/shell/**', '@reelkeep/shell', '@reelkeep/shell/*'],
            message: 'A remote never imports the shell; it reaches it through shared-contracts.',
          },
          {
            group: REMOTES.filter((other) => other !== remote).flatMap((other) => [`**/${other}/**`, `@reelkeep/${other}`, `@reelkeep/${other}/*`]),
            message: 'A remote never imports another remote.',
          },
          {
            group: ['@reelkeep/platform', '@reelkeep/platform/*', 'node:*'],
            message: 'Browser code of a remote cannot use server infrastructure; put it in server/.',
          },
          ROUTER_IMPORTS,
        ],
      },
    ],
  },
}));

/**
 * A remote's component tests: what its browser code may import, plus the shell's test helper (`renderWithShell`,
 * the production store and providers) and Node's file reading for `locales/`; never the shell's code itself.
 */
const remoteTestRules = REMOTES.map((remote) => ({
  files: [`${remote}/src/**/*.test.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/shell/src/**', '**/shell/server/**', '**/shell/api/**', '@reelkeep/shell/*', '!@reelkeep/shell/testing'],
            message: 'A remote never imports the shell; its tests render through @reelkeep/shell/testing.',
          },
          {
            group: REMOTES.filter((other) => other !== remote).flatMap((other) => [`**/${other}/**`, `@reelkeep/${other}`, `@reelkeep/${other}/*`]),
            message: 'A remote never imports another remote.',
          },
          {
            group: ['@reelkeep/platform', '@reelkeep/platform/*'],
            message: 'Browser code of a remote cannot use server infrastructure; put it in server/.',
          },
          ROUTER_IMPORTS,
        ],
      },
    ],
  },
}));

/**
 * Server code that ships inside a release (a squad's `server/`, the shell's `api/`): its own files,
 * shared-contracts and npm packages; of the host only the context types (docs/releases.md "A squad's API").
 */
const RELEASED_SERVER_PATTERNS = [
  {
    group: ['@reelkeep/platform', '@reelkeep/platform/*', '!@reelkeep/platform/host-context', '**/platform/src/**'],
    message: "Released server code gets the host's services through its HostContext; it imports only the context types.",
  },
  { group: ['@reelkeep/shell', '@reelkeep/shell/*'], message: 'Released server code never imports the shell.' },
];
const HOST_CONTEXT_TYPES_ONLY = {
  name: '@reelkeep/platform/host-context',
  allowTypeImports: true,
  message: 'Only the types of the host context: its services come through the context.',
};
const releasedServerRules = REMOTES.map((remote) => ({
  files: [`${remote}/server/**/*.{ts,tsx}`],
  ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/*-cli.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [HOST_CONTEXT_TYPES_ONLY],
        patterns: [
          ...RELEASED_SERVER_PATTERNS,
          { group: ['**/shell/**'], message: 'Released server code never imports the shell.' },
          {
            group: REMOTES.filter((other) => other !== remote).flatMap((other) => [`**/${other}/**`, `@reelkeep/${other}`, `@reelkeep/${other}/*`]),
            message: 'A squad never imports another squad; it calls its API through fetchApi.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/*.tmp.mjs',
      '**/node_modules/**',
      'releases/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '.e2e/**',
      'bench/results/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  ...remoteRules,
  ...remoteTestRules,
  ...releasedServerRules,
  {
    // The shell's own API ships in the shell's release, like a squad's.
    files: ['shell/api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [HOST_CONTEXT_TYPES_ONLY],
          patterns: [
            ...RELEASED_SERVER_PATTERNS,
            {
              group: REMOTES.flatMap((remote) => [`**/${remote}/**`, `@reelkeep/${remote}`, `@reelkeep/${remote}/*`]),
              message: 'The shell never imports a remote.',
            },
          ],
        },
      ],
    },
  },
  {
    // The host loads every release, the shell's included, from the registry: it imports none of their code.
    files: ['shell/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: REMOTES.flatMap((remote) => [`**/${remote}/**`, `@reelkeep/${remote}`, `@reelkeep/${remote}/*`]),
              message: "The host never imports a squad's code; it loads the live release through the registry.",
            },
            { group: ['../api/*', '../api/**'], message: "The host loads the shell's API from its release, never from source." },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: SHELL_APP_PATTERNS }] },
  },
  {
    // Flat config replaces a rule's options per block, so the shell's patterns are repeated here.
    files: [
      'shell/src/bootstrap.client.tsx',
      'shell/src/app/**',
      'shell/src/routing/**',
      'shell/src/federation/browser-remotes.ts',
      'shell/src/monitoring/**',
    ],
    ignores: ['shell/src/routing/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SHELL_APP_PATTERNS,
            {
              ...ROUTER_IMPORTS,
              message: 'Browser code hydrates without React Router (ADR 0003); only entry.server.tsx and server-routes.tsx use it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared-contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@reelkeep/*', '../../*'], message: 'shared-contracts depends on nothing of the system.' }] },
      ],
    },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      'e2e/**',
      'bench/**',
      'platform/src/release/cli.ts',
      'platform/src/release/dev.ts',
      'platform/src/topology/cli.ts',
      'platform/src/topology/soak.ts',
      'locales/check-i18n.ts',
      'scripts/check-docs.ts',
      'scripts/check-suites.ts',
      '**/media/render-*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
