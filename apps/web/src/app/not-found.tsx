import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-md px-6 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">The page does not exist, or it belongs to another company.</p>
      <Link href="/" className="mt-6 inline-block text-indigo-700 underline">
        Go to the start page
      </Link>
    </main>
  );
}
