import js from "@eslint/js";
import tseslint from "typescript-eslint";
import coreBoundaries from "./eslint/core-boundaries.js";

// One flat config for the whole repository. ESLint 9 finds it from any workspace (each runs
// `eslint .` through turbo), and its ignore patterns are relative to this folder.
export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      // Prisma's generated client: not ours to lint, and regenerated on every install.
      "**/generated/**",
      // Next build folders (.next, or NEXT_DIST_DIR such as .next-e2e).
      "**/.next*/**",
      "**/next-env.d.ts",
      "**/dist/**",
      "**/.data/**",
      "**/.turbo/**",
      "**/coverage/**",
      "**/test-results/**",
      "**/playwright-report/**",
    ],
  },
  js.configs.recommended,
  // Covers .ts/.tsx/.mts/.cts; the parser enables JSX for .tsx by extension, so React components
  // in apps/web are parsed and linted like the rest (JSX references count as uses).
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Input hardening matches C0 control characters on purpose (/[\u0000-\u001F]/, NUL that
      // PostgreSQL text refuses); the rule flags even those explicit escapes.
      "no-control-regex": "off",
    },
  },
  {
    // packages/core's floors and its browser-safe contracts (eslint/core-boundaries.js).
    files: ["packages/core/src/**/*.ts"],
    plugins: { hireflow: coreBoundaries },
    rules: { "hireflow/core-boundaries": "error" },
  },
  {
    // Plain JS here is configuration run by Node (postcss, this file).
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: {
      sourceType: "module",
      globals: { process: "readonly", console: "readonly", URL: "readonly" },
    },
  },
  {
    // Tests poke at untyped JSON responses and mocks; `any` there costs less than it buys.
    files: ["**/test/**", "**/e2e/**", "**/*.test.ts", "**/*.test.tsx", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
