import type { Metadata } from "next";
import { connection } from "next/server";
import { HydrationMark } from "@/components/hydration-mark";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Hireflow", template: "%s · Hireflow" },
  description: "Recruiting pipeline with a public API and webhooks",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: the CSP carries a per-request nonce (proxy.ts) that Next must
  // stamp on its scripts, which a page prerendered at build time (such as the 404) cannot have.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {children}
        <HydrationMark />
      </body>
    </html>
  );
}
