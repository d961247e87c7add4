import { AppError, getPublicSchedulingLink } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui";
import { SlotPicker } from "./slot-picker";
import { BookingActions } from "./booking-actions";

export const dynamic = "force-dynamic";
// The token is the credential: no search engine, no referrer carrying it elsewhere.
export const metadata: Metadata = { title: "Pick a time for your interview", robots: { index: false, follow: false }, referrer: "no-referrer" };

function Gone({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">This scheduling link no longer works</h1>
      <p className="mt-2 text-slate-600">{message}</p>
    </div>
  );
}

function formatRange(startAt: string, endAt: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(new Date(startAt));
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${day}, ${time.format(new Date(startAt))}–${time.format(new Date(endAt))} (${timeZone})`;
}

/**
 * /schedule/{token}: the candidate picks a time (issue 42 §2) — the free slots in their own zone,
 * booking one, then the confirmation with Reschedule and Cancel. The same answers as the public API
 * (/api/public/scheduling/{token}/…); a revoked or expired link says so.
 */
export default async function SchedulePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let link: Awaited<ReturnType<typeof getPublicSchedulingLink>>;
  try {
    link = await getPublicSchedulingLink(getPrisma(), token);
  } catch (error) {
    if (error instanceof AppError && error.code === "gone") return <Gone message={error.message} />;
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-indigo-700">{link.company.name}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{link.title}</h1>
        <p className="mt-2 text-sm text-slate-700">
          {link.duration_minutes} minutes{link.video_url ? " · video call" : ""}
          {link.location ? ` · ${link.location}` : ""}
        </p>
      </header>
      {link.status === "canceled" && <Alert tone="amber" title="Your interview is canceled">Thank you for letting us know. Ask {link.company.name} for a new link if you would like another time.</Alert>}
      {link.status === "booked" && link.booking && (
        <>
          <Alert tone="green" title="Your interview is booked">
            {formatRange(link.booking.start_at, link.booking.end_at, link.booking.time_zone)}
            {link.booking.interviewer.name ? ` with ${link.booking.interviewer.name}` : ""}. A calendar invitation is on its way to your e-mail.
          </Alert>
          <BookingActions token={token} reschedulesLeft={link.reschedules_left} />
        </>
      )}
      {link.status === "open" && <SlotPicker token={token} mode="book" />}
    </div>
  );
}
