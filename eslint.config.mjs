import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

// Layering (architecture.md): server/ never imports app/ or components/; lib/ is shared by both
// sides and never imports server/; components/ never import server/ (they talk to the API).
const layer = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: ['.next/**', 'node_modules/**', 'server/db/generated/**', '.data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Typed env in one module: nothing else in the app reads process.env.
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}'],
    ignores: ['server/env.ts', 'server/db/generated/**'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through server/env.ts.' }] },
  },
  // Tests read loosely typed JSON answers; production code may not.
  { files: ['tests/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['server/**/*.{ts,tsx}'], rules: layer(['@/app/*', '@/components/*', '../app/*', '../components/*'], 'server/ must not import app/ or components/.') },
  // Engine operations and module actions return data; only server/http speaks HTTP. A module reaches
  // another module through its index.ts; rules every module shares live in server/modules/shared/.
  {
    files: ['server/engine/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/http', '@/server/http/*', '../http', '../http/*'], message: 'server/engine returns data; only server/http builds a Response.' },
            { group: ['@/app/*', '@/components/*'], message: 'server/ must not import app/ or components/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/http', '@/server/http/*', '../../http', '../../http/*'], message: 'Modules return data; only server/http builds a Response.' },
            { group: ['@/server/modules/*/*', '!@/server/modules/shared/*', '../*'], message: "Reach another module through its index.ts ('@/server/modules/<module>'), or put common field rules in server/modules/shared/." },
            { group: ['@/app/*', '@/components/*'], message: 'server/ must not import app/ or components/.' },
          ],
        },
      ],
    },
  },
  { files: ['lib/**/*.{ts,tsx}'], rules: layer(['@/server/*', '@/app/*', '@/components/*'], 'lib/ is isomorphic: it must not import server/, app/ or components/.') },
  { files: ['components/**/*.{ts,tsx}'], rules: layer(['@/server/*', '@/app/*'], 'components/ must not import server/ or app/: pass data from pages or call the API.') },
  // Screens name what they call: an action by its contract (lib/contracts, through lib/api/actions.ts)
  // and a resource by RESOURCE_BASES (lib/contracts/resources.ts), never by spelling its path, so a
  // moved or renamed path is one change and every answer is typed.
  {
    files: ['components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: ':not(ImportDeclaration, ImportExpression, ExportNamedDeclaration, ExportAllDeclaration) > Literal[value=/(^|\\/)[a-z-]+\\/api\\//]', message: 'Name the API through lib/contracts (an action contract or RESOURCE_BASES), not by its path.' },
        { selector: 'TemplateElement[value.raw=/(^|\\/)[a-z-]+\\/api\\//]', message: 'Name the API through lib/contracts (an action contract or RESOURCE_BASES), not by its path.' },
      ],
    },
  },
];

export default config;
