// ESLint with typescript-eslint's type-checked recommended rules over every file of the project
// (`npm run lint`; CI runs it). A rule is changed here only with the reason beside it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'coverage/', '.data/', 'bench/results/', 'sdk/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Fastify plugins and hooks are async by contract: the returned promise says they are done,
      // whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
      // `const { secret, ...rest } = x` is how a property is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read JSON response bodies, which are `any` by nature, and assert on every field they
    // touch; typing each body would add casts, not safety. The other type-checked rules apply.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The portal's pages: browser JavaScript, type-checked through its JSDoc by its own
    // project (src/portal/web/tsconfig.json), which knows the browser's globals; ESLint's
    // no-undef does not, and the type checker already refuses an undefined name.
    files: ['src/portal/web/**/*.js'],
    rules: { 'no-undef': 'off' },
  },
  {
    // Plain JavaScript (the launcher, this file) is outside the TypeScript project.
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly' },
    },
  },
  {
    // CommonJS (an integrator's program the SDK's install test runs): require() is how it imports.
    files: ['**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: { require: 'readonly', process: 'readonly', console: 'readonly', Buffer: 'readonly' },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
);
