import { type ReactNode } from "react";

/** The candidate's scheduling page: the careers pages' calm frame, without the app's navigation. */
export default function OfferLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>
      <footer className="mx-auto max-w-2xl px-4 pb-10 text-xs text-slate-500 sm:px-6">Powered by Hireflow</footer>
    </div>
  );
}
