import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getSession, safeReturnPath } from "@/lib/server/session";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = safeReturnPath((await searchParams).next);
  if (await getSession()) redirect(next);
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <p className="text-2xl font-semibold tracking-tight text-indigo-700">Hireflow</p>
          <h1 className="mt-2 text-lg font-medium text-slate-800">Sign in to your company</h1>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <SignInForm next={next} />
        </div>
        <p className="mt-6 text-center text-sm text-slate-500">
          Building an integration? Read the <a className="text-indigo-700 underline" href="/docs">API reference</a>.
        </p>
      </div>
    </main>
  );
}
