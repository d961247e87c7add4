import { type ReactNode } from "react";

/** Public careers pages: a calm frame without the app's navigation. */
export default function CareersLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-white">
      <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        {children}
      </main>
      <footer className="mx-auto max-w-3xl px-4 pb-10 text-xs text-slate-500 sm:px-6">Powered by Hireflow</footer>
    </div>
  );
}
