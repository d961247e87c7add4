import { AppError, formatLetterDateTime, formatMoney, getPublicOfferLetter } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OfferLetter } from "@/components/offer-letter";
import { Alert } from "@/components/ui";
import { OfferAnswer } from "./offer-answer";

export const dynamic = "force-dynamic";
// The token is the credential: no search engine, no referrer carrying it elsewhere.
export const metadata: Metadata = { title: "Your offer", robots: { index: false, follow: false }, referrer: "no-referrer" };

function Gone({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">This offer link no longer works</h1>
      <p className="mt-2 text-slate-600">{message}</p>
    </div>
  );
}

/**
 * /offers/{token}: the candidate's page (issue 41 §2) — the letter, Accept (typing their full name as
 * the signature) and Decline, usable on a phone. The same answers as the public API
 * (/api/public/offers/{token}); a withdrawn, superseded or expired offer's link says so.
 */
export default async function OfferPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let result: Awaited<ReturnType<typeof getPublicOfferLetter>>;
  try {
    result = await getPublicOfferLetter(getPrisma(), token);
  } catch (error) {
    if (error instanceof AppError && error.code === "gone") return <Gone message={error.message} />;
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
  const { offer, letter } = result;
  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-indigo-700">{offer.company.name}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Your offer: {offer.job_title}</h1>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm text-slate-700">
          <dt className="text-slate-500">Salary</dt>
          <dd>{formatMoney(offer.salary)}</dd>
          <dt className="text-slate-500">Start date</dt>
          <dd>{offer.start_date}</dd>
          {offer.expires_at && (
            <>
              <dt className="text-slate-500">Answer by</dt>
              <dd>{formatLetterDateTime(offer.expires_at)}</dd>
            </>
          )}
        </dl>
      </header>
      {offer.status === "accepted" && offer.signature && (
        <Alert tone="green" title="You accepted this offer">
          Signed as {offer.signature.name} on {formatLetterDateTime(offer.signature.signed_at)}. Welcome aboard!
        </Alert>
      )}
      {offer.status === "declined" && <Alert tone="amber" title="You declined this offer">Thank you for letting us know.</Alert>}
      <OfferLetter blocks={letter} />
      {offer.letter_url && (
        <p className="text-sm">
          <a className="text-indigo-700 underline" href={offer.letter_url}>
            Download the letter (PDF)
          </a>
        </p>
      )}
      {offer.answerable && <OfferAnswer token={token} candidateName={offer.candidate.name} />}
    </div>
  );
}
