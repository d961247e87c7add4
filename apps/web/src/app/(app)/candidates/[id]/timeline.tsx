import type { TimelineEntryDto } from "@hireflow/core/board/contract";
import Link from "next/link";
import { type ReactNode } from "react";
import { Time } from "@/components/ui";
import { applicationSourceLabel } from "@hireflow/core/candidate/contract";
import { type JobStage, stageName } from "@/lib/stages";

function actor(entry: TimelineEntryDto): string {
  if (entry.performer) return entry.performer.name ?? entry.performer.email;
  return { api: "API", user: "A user", system: "Hireflow", ai_agent: "AI agent" }[entry.added_by];
}

/** A stage of a timeline entry by name: the name the entry kept, else the job's current name of the key, else the key. */
function entryStage(data: Record<string, unknown>, side: "previous" | "new", stages: readonly JobStage[]): string {
  const kept = data[`${side}_stage_name`];
  if (typeof kept === "string" && kept) return kept;
  return stageName(stages, typeof data[`${side}_stage`] === "string" ? (data[`${side}_stage`] as string) : "");
}

/** What a stage change adds: the reject reason and the words given with it (or the agent's rule). */
function moveReason(data: Record<string, unknown>): ReactNode {
  const rejectReason = data.reject_reason as { name?: unknown } | null | undefined;
  const reasonName = rejectReason && typeof rejectReason.name === "string" ? rejectReason.name : null;
  const text = typeof data.reason === "string" && data.reason ? data.reason : null;
  if (!reasonName && !text) return null;
  return (
    <span className="mt-0.5 block text-slate-700" data-testid="move-reason">
      {reasonName && (
        <>
          Reason: <strong className="font-medium">{reasonName}</strong>
        </>
      )}
      {reasonName && text && " — "}
      {text}
    </span>
  );
}

const FILLED_FIELD: Record<string, string> = { name: "name", email: "e-mail", phone: "phone", location: "location", linkedin: "LinkedIn" };

/** "a", "a and b", "a, b and c". */
function wordList(words: string[]): string {
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** A parsed resume: the contact fields it filled (only empty ones ever are) and another e-mail it gives. */
function resumeParsed(data: Record<string, unknown>): ReactNode {
  const filled = (Array.isArray(data.backfilled) ? data.backfilled : []).filter((f): f is string => typeof f === "string").map((f) => FILLED_FIELD[f] ?? f);
  const otherEmail = typeof data.other_email === "string" && data.other_email ? data.other_email : null;
  return (
    <>
      Resume parsed{filled.length > 0 && ` · filled ${wordList(filled)} from it`}
      {otherEmail && <span className="mt-0.5 block text-slate-700">The resume gives another e-mail: {otherEmail}</span>}
    </>
  );
}

function describe(entry: TimelineEntryDto, stages: readonly JobStage[], canOpenEmailLog: boolean): ReactNode {
  const data = entry.data ?? {};
  switch (entry.type) {
    case "created":
      return (
        <>
          Added{typeof data.stage === "string" ? ` in ${stageName(stages, data.stage)}` : ""}
          {typeof data.source === "string" ? ` · Source: ${applicationSourceLabel(data.source)}` : ""}
        </>
      );
    case "stage_changed": {
      const from = entryStage(data, "previous", stages);
      const to = entryStage(data, "new", stages);
      if (data.pipeline_edit === true) {
        return (
          <>
            Moved from <strong>{from}</strong> to <strong>{to}</strong> by a pipeline change
            <span className="mt-0.5 block text-slate-600">The job&apos;s pipeline was edited and the stage {from} removed.</span>
          </>
        );
      }
      if (entry.added_by === "ai_agent") {
        return (
          <>
            AI agent moved from <strong>{from}</strong> to <strong>{to}</strong>
            {typeof data.reason === "string" && data.reason ? ` — ${data.reason}` : ""}
            {moveReason({ reject_reason: data.reject_reason })}
          </>
        );
      }
      return (
        <>
          Moved from <strong>{from}</strong> to <strong>{to}</strong>
          {moveReason(data)}
          {data.overrides_agent === true && typeof data.override_reason === "string" && (
            <span className="mt-0.5 block text-slate-700" data-testid="override-reason">
              Overrode the AI agent&apos;s move: {data.override_reason}
            </span>
          )}
        </>
      );
    }
    case "resume_processed":
      return data.status === "failed" ? `Resume could not be parsed${typeof data.error === "string" ? `: ${data.error}` : ""}` : resumeParsed(data);
    case "updated":
      return "Details updated";
    case "note_added":
      return "Note";
    case "email":
      return emailStep(data, canOpenEmailLog);
    case "scorecard":
      return `${data.event === "updated" ? "Scorecard edited" : "Scorecard submitted"}${typeof data.interview_title === "string" ? `: ${data.interview_title}` : ""}`;
  }
}

const EMAIL_KIND_LABEL: Record<string, string> = { application_received: "Application-received e-mail", rejection: "Rejection e-mail", screening_explanation: "Screening explanation e-mail" };

/**
 * A candidate e-mail's step (candidate-emails.ts): queued, scheduled, canceled, sent, failed or kept in the log.
 * The link to the message only for a member who may open the e-mail log (owners and admins): a recruiter got a 403.
 */
function emailStep(data: Record<string, unknown>, canOpenEmailLog: boolean) {
  const what = EMAIL_KIND_LABEL[String(data.kind)] ?? "E-mail";
  const subject = typeof data.subject === "string" ? <> “{data.subject}”</> : null;
  const id = typeof data.email_message_id === "number" ? data.email_message_id : null;
  const link = id !== null && canOpenEmailLog ? (
    <>
      {" "}
      · <Link href={`/settings/email-log/${id}`} className="underline">open in the e-mail log</Link>
    </>
  ) : null;
  const step =
    data.event === "scheduled" && typeof data.send_after === "string" ? (
      <>
        scheduled for <Time iso={data.send_after} />
      </>
    ) : (
      ({ queued: "queued", canceled: "canceled (never sent)", sent: "sent", failed: "could not be sent", stored: "kept in the e-mail log (no mail server)" } as Record<string, string>)[String(data.event)] ?? String(data.event)
    );
  return (
    <>
      {what}
      {subject} {step}
      {link}
    </>
  );
}

/**
 * The candidate's activity, newest first: what happened, the note of a note, who and when.
 * `canOpenEmailLog`: the member may open Settings → E-mail log (canManageSettings), so e-mails link to it.
 */
export function Timeline({ entries, stages, canOpenEmailLog }: { entries: TimelineEntryDto[]; stages: readonly JobStage[]; canOpenEmailLog: boolean }) {
  if (entries.length === 0) return <p className="mt-4 text-sm text-slate-500">No activity yet.</p>;
  return (
    <ol className="mt-5 space-y-4" aria-label="Activity timeline">
      {[...entries].reverse().map((entry) => (
        <li key={entry.id} className="relative border-l-2 border-slate-200 pl-4" data-testid={`activity-${entry.type}`}>
          <span className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-slate-400" aria-hidden="true" />
          <p className="text-sm text-slate-800">{describe(entry, stages, canOpenEmailLog)}</p>
          {entry.type === "note_added" && entry.note && (
            <p className="mt-1 rounded-md bg-amber-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-900 ring-1 ring-amber-100">{entry.note}</p>
          )}
          <p className="mt-1 text-xs text-slate-500">
            {actor(entry)} · <Time iso={entry.created_at} />
          </p>
        </li>
      ))}
    </ol>
  );
}
