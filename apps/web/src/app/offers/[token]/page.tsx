import { AppError, formatLetterDateTime, formatMoney, getPublicOfferLetter, type LetterBlock, type LetterRun } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { type ReactNode } from "react";
import { Alert } from "@/components/ui";
import { OfferAnswer } from "./offer-answer";

export const dynamic = "force-dynamic";
// The token is the credential: no search engine, no referrer carrying it elsewhere.
export const metadata: Metadata = { title: "Your offer", robots: { index: false, follow: false }, referrer: "no-referrer" };

function Runs({ runs }: { runs: LetterRun[] }) {
  return runs.map((run, i) => {
    if (run.br) return <br key={i} />;
    let node: ReactNode = run.text;
    if (run.underline) node = <u>{node}</u>;
    if (run.italic) node = <em>{node}</em>;
    if (run.bold) node = <strong>{node}</strong>;
    return <span key={i}>{node}</span>;
  });
}

/** The letter as sent, from the same reading of its HTML the PDF was laid out from: text only, no markup of the template runs. */
function Letter({ blocks }: { blocks: LetterBlock[] }) {
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 text-slate-900 sm:p-8" aria-label="Offer letter">
      {blocks.map((block, i) => {
        if (block.kind === "rule") return <hr key={i} className="border-slate-200" />;
        const style = { marginInlineStart: `${block.indent * 1.25}rem` };
        const content = (
          <>
            {block.marker && <span className="mr-1.5 text-slate-600">{block.marker}</span>}
            <Runs runs={block.runs} />
          </>
        );
        if (block.role === "h1") return <h2 key={i} style={style} className="text-xl font-semibold">{content}</h2>;
        if (block.role === "h2") return <h3 key={i} style={style} className="text-lg font-semibold">{content}</h3>;
        if (block.role === "h3") return <h4 key={i} style={style} className="font-semibold">{content}</h4>;
        return <p key={i} style={style} className="break-words leading-relaxed">{content}</p>;
      })}
    </article>
  );
}

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
      <Letter blocks={letter} />
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
