import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      '.next/**',
      '**/.next/**',
      'node_modules/**',
      'dist/**',
      'release/**',
      'releases/**',
      'lib/generated/**',
      'public/vendor/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // Every browser journey fails on a Content-Security-Policy violation: its test comes from test-support/browser/journey.ts.
    files: ['e2e/browser/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from '../support/journey' (it fails on CSP violations)." }] },
      ],
    },
  },
];

export default config;
