"use client";

import { useEffect, useRef, useState } from "react";

type ScalarGlobal = {
  createApiReference: (element: HTMLElement, configuration: Record<string, unknown>) => { destroy: () => void };
};

/**
 * WCAG AA for Scalar's light theme: its grey text and syntax colours (#8e8e8e, #0084d6, #ff5700 on
 * #f6f6f6) are below 4.5:1, so darker ones (each at least 4.5:1 on its backgrounds); and the code blocks
 * of the descriptions wrap instead of scrolling sideways (a scrolling block without a focusable element
 * is unreachable by keyboard), as do the tags' endpoint lists.
 */
const CUSTOM_CSS = `
.light-mode {
  --scalar-color-2: #5c5c5c !important;
  --scalar-color-3: #666666 !important;
  --scalar-color-accent: #0062a3 !important;
  --scalar-color-blue: #0062a3 !important;
  --scalar-color-orange: #b33f00 !important;
  --scalar-color-green: #00704a !important;
  --scalar-color-red: #c00006 !important;
  --scalar-color-yellow: #7a5700 !important;
  --scalar-color-query: #006a6e !important;
}
.markdown pre, .markdown pre code, .markdown pre code * {
  white-space: pre-wrap !important;
  text-wrap-mode: wrap !important;
  overflow-wrap: anywhere;
  overflow-x: visible !important;
}
.markdown pre code {
  display: block;
  width: auto !important;
  max-width: 100%;
}
/* Dark mode (Scalar follows the system colour scheme): secondary text and the red method label at AA. */
.dark-mode.dark-mode { --scalar-color-3: #848484; --scalar-color-red: #f43c3c; }
/* A tag's endpoint overview ("Candidates endpoints") grows instead of scrolling: a scrolling list with nothing
   focusable in it is unreachable by keyboard (axe scrollable-region-focusable, once the candidates
   tag had more endpoints than the box showed). */
.scalar-app ul[aria-label$=" endpoints"],
.scalar-app .scalar-card-content:has(ul[aria-label$=" endpoints"]) { max-height: none !important; overflow: visible !important; }
/* ...and so a long path wraps (at a slash or anywhere): kept on one line it ran past a phone's edge and
   made the whole page wider than the screen. */
.scalar-app ul[aria-label$=" endpoints"] .endpoint-path { white-space: normal !important; overflow-wrap: anywhere; min-width: 0; }
/* The code samples' copy buttons keep their "Copy" name visible to assistive technology. */
.scalar-app .scalar-code-copy .sr-only > .hidden { display: inline; }
`;

/**
 * Scalar's configuration for /docs: the document from this app, and nothing that reaches another host.
 * No default fonts (fonts.scalar.com), no telemetry, no AI agent or MCP button, no developer tools
 * (they upload the document to scalar.com), no API client ("Test request" / "Open API client", which
 * can use Scalar's request proxy), and its external URLs emptied. The page's CSP (connect-src 'self',
 * font-src 'self') enforces the same in the browser.
 */
export const SCALAR_CONFIGURATION = {
  url: "/api/v1/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  hideClientButton: true,
  hideTestRequestButton: true,
  persistAuth: false,
  externalUrls: { dashboardUrl: "", registryUrl: "", proxyUrl: "", apiBaseUrl: "" },
  // Only the document's own x-codeSamples (curl, the TypeScript SDK, Python requests).
  hiddenClients: true,
  documentDownloadType: "json",
  theme: "default",
  customCss: CUSTOM_CSS,
  layout: "modern",
  defaultOpenAllTags: false,
  metaData: { title: "API reference · Hireflow" },
  // The "show more" button's name starts with its visible label (WCAG 2.5.3).
  localization: { translations: { navigation: { showAllEndpoints: "Show more {name} endpoints" } } },
};

/** Loads the renderer (served by the app at scriptSrc) and mounts it; a script it adds is trusted by the CSP's 'strict-dynamic'. */
export function ApiReference({ scriptSrc }: { scriptSrc: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let app: { destroy: () => void } | undefined;
    let cancelled = false;
    const mount = () => {
      const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
      if (cancelled || !container.current) return;
      if (!scalar) return setFailed(true);
      app = scalar.createApiReference(container.current, SCALAR_CONFIGURATION);
    };
    let script = document.querySelector<HTMLScriptElement>(`script[src="${scriptSrc}"]`);
    if (script?.dataset.loaded) mount();
    else {
      if (!script) {
        script = document.createElement("script");
        script.src = scriptSrc;
        script.async = true;
        document.head.appendChild(script);
      }
      script.addEventListener("load", () => {
        script!.dataset.loaded = "true";
        mount();
      });
      script.addEventListener("error", () => setFailed(true));
    }
    return () => {
      cancelled = true;
      app?.destroy();
    };
  }, [scriptSrc]);

  return (
    <>
      <div ref={container} />
      {failed && (
        <p role="alert" className="p-8">
          The API reference could not be loaded. The OpenAPI document is at <a className="text-indigo-700 underline" href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
        </p>
      )}
    </>
  );
}
