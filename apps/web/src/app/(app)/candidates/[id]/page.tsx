import type { CandidateProfileDto, TimelineEntryDto } from "@hireflow/core/board/contract";
import type { Metadata } from "next";
import Link from "next/link";
import { type ReactNode } from "react";
import { AutoRefresh } from "@/components/auto-refresh";
import { FitCoverage } from "@/components/fit-coverage";
import { Highlighted } from "@/components/highlighted";
import { Badge, Card, PageHeader, Time } from "@/components/ui";
import { applicationSourceLabel } from "@hireflow/core/candidate/contract";
import { canEraseCandidates, isInterviewerOnly } from "@hireflow/core/kernel/roles";
import { load, serverCaller } from "@/lib/server/caller";
import { requireSession } from "@/lib/server/session";
import { describeCriterion, engineLabel, resultOf } from "@/lib/screening";
import { idFromParams } from "@/lib/server/params";
import { type JobStage, stageName, stageTone, TYPE_STAGES } from "@/lib/stages";
import { InterviewsSection } from "./interviews-section";
import { NoteForm } from "./note-form";
import { PrivacyActions } from "./privacy-actions";
import { ScreeningExplanation } from "./screening-explanation";
import { ScorecardsSection } from "./scorecards-section";
import { StageSelect } from "./stage-select";

export const metadata: Metadata = { title: "Candidate" };

const RESUME_STATUS = {
  pending: { tone: "slate", label: "Queued for parsing" },
  processing: { tone: "amber", label: "Parsing" },
  completed: { tone: "green", label: "Parsed" },
  failed: { tone: "red", label: "Could not be parsed" },
} as const;

export default async function CandidatePage({ params }: { params: Promise<{ id: string }> }) {
  const id = await idFromParams(params);
  const session = await requireSession(`/candidates/${id}`);
  const caller = await serverCaller();
  const { data: profile } = await load(caller.pipeline.candidate({ id }));
  const c = profile.candidate;
  // An interviewer sees the candidates they interview and their scorecards, nothing to edit or schedule.
  const interviewer = isInterviewerOnly(session.user.role);
  const [forms, scorecards] = await Promise.all([load(caller.scorecards.forms({ id: String(c.id) })), load(caller.scorecards.listForCandidate({ id: String(c.id) }))]);
  const scorecardsSection = (
    <Section title="Scorecards">
      <ScorecardsSection forms={forms} scorecards={scorecards.data} />
    </Section>
  );
  if (interviewer) return <InterviewerView profile={profile} scorecards={scorecardsSection} />;
  // The stages the candidate can move to: its job's pipeline (a candidate without a job: the six types).
  const jobStages = profile.job ? (await load(caller.jobs.get({ id: String(profile.job.id) }))).data.stages : null;
  const stages: readonly JobStage[] = jobStages ?? TYPE_STAGES;
  // The interview plan of the stage the candidate is in: the kits the schedule form offers.
  const kits = jobStages?.find((stage) => stage.key === c.stage)?.interviews ?? [];
  const name = c.name ?? c.email ?? `Candidate ${c.id}`;
  const [interviews, members] = await Promise.all([load(caller.interviews.list({ candidate_id: String(c.id), limit: "100" })), load(caller.users.list({ limit: "100" }))]);
  // A rejected candidate may ask what the automated tool had to do with it (issue 25 §3).
  const explanation = c.stage_type === "rejected" ? (await load(caller.candidates.screeningExplanation({ id: String(c.id) }))).data : null;
  return (
    <>
      <PageHeader
        back={profile.job ? { href: `/jobs/${profile.job.id}`, label: profile.job.title } : { href: "/jobs", label: "Jobs" }}
        title={name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {profile.job ? (
              <Link href={`/jobs/${profile.job.id}`} className="hover:underline">
                {profile.job.title}
              </Link>
            ) : (
              "No job"
            )}
            {c.stage && (
              <span data-testid="candidate-stage">
                <Badge tone={stageTone(c.stage_type)}>{c.stage_name}</Badge>
              </span>
            )}
            <Outcome candidate={c} />
          </span>
        }
        actions={<StageSelect candidateId={c.id} stage={c.stage ?? ""} name={name} stages={stages} agentPlaced={profile.agent_placed} />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-6">
          <Section title="Contact">
            <dl className="divide-y divide-slate-100 text-sm">
              <Row label="E-mail">
                {c.email ? (
                  <>
                    <a className="text-indigo-700 hover:underline" href={`mailto:${c.email}`}>{c.email}</a>
                    <OtherResumeEmail candidate={c} />
                  </>
                ) : null}
              </Row>
              <Row label="Phone">{c.phone ? <a className="text-indigo-700 hover:underline" href={`tel:${c.phone}`}>{c.phone}</a> : null}</Row>
              <Row label="LinkedIn">{c.linkedin ? <ExternalLink href={c.linkedin} /> : null}</Row>
              <Row label="Location">{c.location}</Row>
              <Row label="Source">{applicationSourceLabel(c.application_source)}</Row>
              <Row label="Applied"><Time iso={c.applied_at} /></Row>
              {c.rating !== null && <Row label="Rating">{`${c.rating} / 5`}</Row>}
              <Row label="ID"><span className="font-mono text-xs">{c.public_id}</span></Row>
            </dl>
          </Section>
          <Section title="Interviews">
            <InterviewsSection
              candidateId={c.id}
              candidateHasEmail={Boolean(c.email)}
              interviews={interviews.data}
              members={members.data}
              currentUserId={session.user.id}
              kits={kits}
              stageName={c.stage_name ?? null}
            />
          </Section>
          {scorecardsSection}
          <ScreeningSection profile={profile} />
          {explanation && (
            <Section title="Explanation after the rejection">
              <ScreeningExplanation explanation={explanation} candidateEmail={c.email} />
            </Section>
          )}
          <ResumeSection profile={profile} />
          {profile.answers.length > 0 && (
            <Section title="Screening answers">
              <dl className="space-y-3 text-sm">
                {profile.answers.map((a) => (
                  <div key={a.id}>
                    <dt className="font-medium text-slate-700">{a.label}</dt>
                    <dd className="mt-0.5 whitespace-pre-wrap text-slate-900">{formatAnswer(a.answer)}</dd>
                  </div>
                ))}
              </dl>
            </Section>
          )}
          <Section title="Personal data">
            <PrivacyActions candidateId={c.id} name={name} jobId={profile.job?.id ?? null} canErase={canEraseCandidates(session.user.role)} />
          </Section>
        </div>
        {/* As tall as its content: a grid item stretches to the row (the left column) by default. */}
        <Section title="Activity" className="self-start">
          <NoteForm candidateId={c.id} />
          <Timeline entries={profile.timeline} stages={stages} />
        </Section>
      </div>
    </>
  );
}

/** The candidate page of a member with the role interviewer: the profile, resume, fit and scorecards; no stage, notes or scheduling. */
function InterviewerView({ profile, scorecards }: { profile: CandidateProfileDto; scorecards: ReactNode }) {
  const c = profile.candidate;
  const name = c.name ?? c.email ?? `Candidate ${c.id}`;
  return (
    <>
      <PageHeader
        back={{ href: "/my-interviews", label: "My interviews" }}
        title={name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {profile.job?.title ?? "No job"}
            {c.stage && <Badge tone={stageTone(c.stage_type)}>{c.stage_name}</Badge>}
          </span>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-6">
          {scorecards}
          <ScreeningSection profile={profile} />
        </div>
        <div className="space-y-6">
          <ResumeSection profile={profile} />
        </div>
      </div>
    </>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className ? `p-5 ${className}` : "p-5"}>
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children ?? <span className="text-slate-500">—</span>}</dd>
    </div>
  );
}

/**
 * The resume's e-mail when it is not the one the person gave (parsing never overwrites it): both
 * may be theirs, and a reply to the wrong one goes unread.
 */
function OtherResumeEmail({ candidate: c }: { candidate: CandidateProfileDto["candidate"] }) {
  const resumeEmail = (c.resume_data as { email?: unknown } | null)?.email;
  if (typeof resumeEmail !== "string" || !resumeEmail || !c.email || resumeEmail.toLowerCase() === c.email.toLowerCase()) return null;
  return (
    <span className="mt-0.5 block text-xs text-slate-600" data-testid="resume-other-email">
      The resume gives another e-mail: {resumeEmail}
    </span>
  );
}

function ExternalLink({ href }: { href: string }) {
  // The API only accepts http(s) URLs here, so no javascript: links can reach this.
  const safe = /^https?:\/\//i.test(href);
  return safe ? (
    <a className="text-indigo-700 hover:underline" href={href} target="_blank" rel="noopener noreferrer nofollow">
      {href.replace(/^https?:\/\/(www\.)?/i, "")}
    </a>
  ) : (
    <span>{href}</span>
  );
}

function formatAnswer(answer: unknown): string {
  if (answer === true) return "Yes";
  if (answer === false) return "No";
  if (answer === null || answer === undefined || answer === "") return "—";
  if (typeof answer === "string" || typeof answer === "number") return String(answer);
  return JSON.stringify(answer);
}

function ResumeSection({ profile }: { profile: CandidateProfileDto }) {
  const c = profile.candidate;
  if (!c.resume_status) {
    return (
      <Section title="Resume">
        <p className="text-sm text-slate-500">No resume uploaded.</p>
      </Section>
    );
  }
  const status = RESUME_STATUS[c.resume_status];
  const data = (c.resume_data ?? {}) as Record<string, unknown>;
  const skills = Array.isArray(data.skills) ? (data.skills as unknown[]).map(String) : [];
  const fields: [string, unknown][] = [
    ["Name", data.name],
    ["E-mail", data.email],
    ["Phone", data.phone],
    ["Location", data.location],
    ["LinkedIn", data.linkedin],
  ];
  return (
    <Section title="Resume">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={status.tone}>{status.label}</Badge>
        {c.resume_url && (
          <a href={c.resume_url} className="text-sm font-medium text-indigo-700 hover:underline" download>
            Download {profile.resume_filename ?? "resume"}
          </a>
        )}
      </div>
      {c.resume_status === "failed" && profile.resume_error && <p className="mt-2 text-sm text-red-700">{profile.resume_error}</p>}
      {(c.resume_status === "pending" || c.resume_status === "processing") && (
        <p className="mt-2 text-sm text-slate-500" role="status">
          Parsed data appears here when processing finishes.
          <AutoRefresh />
        </p>
      )}
      {c.resume_data && (
        <div className="mt-3">
          <h3 className="text-sm font-medium text-slate-700">Parsed data</h3>
          <dl className="mt-1 divide-y divide-slate-100 text-sm">
            {fields.map(([label, value]) => (
              <Row key={label} label={label}>
                {typeof value === "string" && value ? (label === "LinkedIn" ? <ExternalLink href={value} /> : value) : null}
              </Row>
            ))}
          </dl>
          {skills.length > 0 && (
            <div className="mt-2">
              <h4 className="text-sm text-slate-500">Skills</h4>
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {skills.map((skill) => (
                  <li key={skill}>
                    <Badge>{skill}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {typeof data.text_excerpt === "string" && data.text_excerpt && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-slate-600">Text excerpt</summary>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{data.text_excerpt}</p>
            </details>
          )}
        </div>
      )}
    </Section>
  );
}

/**
 * What the AI agent made of the candidate: the score, the engine, and every criterion with its
 * result in words and the evidence that decided it. Not shown when the job's screening never ran.
 */
function ScreeningSection({ profile }: { profile: CandidateProfileDto }) {
  const c = profile.candidate;
  const fit = c.fit;
  if (fit.status === null && fit.criteria.length === 0 && c.fit_score === null) return null;
  const resumeBusy = c.resume_status === "pending" || c.resume_status === "processing";
  return (
    <Section title="AI screening">
      <div data-testid="ai-screening">
        {fit.status === "pending" && (
          <p className="text-sm text-slate-700" role="status">
            <Badge tone="amber">Scoring…</Badge> <span className="ml-1">The score appears here when the agent has finished.</span>
            {/* The resume section refreshes the page already while the resume is parsed. */}
            {!resumeBusy && <AutoRefresh />}
          </p>
        )}
        {fit.status === "opted_out" && (
          <p className="text-sm text-slate-800" data-testid="ai-opt-out">
            <Badge tone="indigo">Person review</Badge>{" "}
            <span className="ml-1">The applicant asked that a person, not the automated tool, reviews the application: the AI agent never scores or moves them.</span>
          </p>
        )}
        {fit.status === "failed" && (
          <p className="text-sm font-medium text-red-800" role="status">
            Scoring failed; nothing was moved.
          </p>
        )}
        <dl className="divide-y divide-slate-100 text-sm">
          {fit.status !== "pending" && (
            <Row label="Fit score">
              {c.fit_score !== null ? (
                <span className="text-base font-semibold" data-testid="fit-score">
                  {Math.round(c.fit_score)} <span className="text-sm font-normal text-slate-600">/ 100</span>
                </span>
              ) : (
                <span className="text-slate-700">{fit.status !== "completed" ? "Not scored" : fit.total > 0 ? "None" : "None: no criterion could be judged"}</span>
              )}
              {fit.status === "completed" && fit.total > 0 && (
                <>
                  <span className="text-slate-500" aria-hidden="true">
                    {" · "}
                  </span>
                  <FitCoverage judged={fit.judged} total={fit.total} size="sm" />
                </>
              )}
            </Row>
          )}
          {fit.engine && <Row label="Engine">{engineLabel(fit.engine)}</Row>}
          {fit.scored_at && (
            <Row label="Scored">
              <Time iso={fit.scored_at} />
            </Row>
          )}
        </dl>
        {fit.criteria.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-medium text-slate-800">Criteria</h3>
            <ul className="mt-2 space-y-3" aria-label="Criteria and evidence">
              {fit.criteria.map((criterion) => {
                const result = resultOf(criterion);
                return (
                  <li key={criterion.id} className="rounded-md p-3 ring-1 ring-slate-200" data-testid="criterion-result">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <p className="min-w-0 font-medium break-words text-slate-900">{describeCriterion(criterion, profile.job?.screening_questions)}</p>
                      <Badge tone={result.tone}>
                        <span aria-hidden="true">{result.icon}</span>
                        <span className="ml-1">{result.label}</span>
                      </Badge>
                    </div>
                    <p className="mt-1 text-xs text-slate-600">
                      {criterion.required ? "Required" : "Optional"} · Weight {criterion.weight}
                    </p>
                    {criterion.evidence && (
                      <blockquote className="mt-2 border-l-2 border-slate-300 pl-3 text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="criterion-evidence">
                        <span className="sr-only">Evidence: </span>
                        <Highlighted text={criterion.evidence} match={criterion.match} />
                      </blockquote>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </Section>
  );
}

/** Hired or rejected: since when, and why (the reject reason). */
function Outcome({ candidate: c }: { candidate: CandidateProfileDto["candidate"] }) {
  if (c.stage_type === "rejected" || c.rejected_at) {
    return (
      <span className="text-sm text-slate-700" data-testid="candidate-outcome">
        Rejected{c.rejected_at && <> on <Time iso={c.rejected_at} withTime={false} /></>}
        {" · "}
        {c.reject_reason ? (
          <>
            Reason: <strong className="font-medium text-slate-900">{c.reject_reason.name}</strong>
          </>
        ) : (
          "no reason given"
        )}
      </span>
    );
  }
  if (c.stage_type === "hired" || c.hired_at) {
    return (
      <span className="text-sm text-slate-700" data-testid="candidate-outcome">
        Hired{c.hired_at && <> on <Time iso={c.hired_at} withTime={false} /></>}
      </span>
    );
  }
  return null;
}

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

function describe(entry: TimelineEntryDto, stages: readonly JobStage[]): ReactNode {
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
      return emailStep(data);
    case "scorecard":
      return `${data.event === "updated" ? "Scorecard edited" : "Scorecard submitted"}${typeof data.interview_title === "string" ? `: ${data.interview_title}` : ""}`;
  }
}

const EMAIL_KIND_LABEL: Record<string, string> = { application_received: "Application-received e-mail", rejection: "Rejection e-mail", screening_explanation: "Screening explanation e-mail" };

/** A candidate e-mail's step (candidate-emails.ts): queued, scheduled, canceled, sent, failed or kept in the log. */
function emailStep(data: Record<string, unknown>) {
  const what = EMAIL_KIND_LABEL[String(data.kind)] ?? "E-mail";
  const subject = typeof data.subject === "string" ? <> “{data.subject}”</> : null;
  const id = typeof data.email_message_id === "number" ? data.email_message_id : null;
  const link = id !== null ? (
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

function Timeline({ entries, stages }: { entries: TimelineEntryDto[]; stages: readonly JobStage[] }) {
  if (entries.length === 0) return <p className="mt-4 text-sm text-slate-500">No activity yet.</p>;
  return (
    <ol className="mt-5 space-y-4" aria-label="Activity timeline">
      {[...entries].reverse().map((entry) => (
        <li key={entry.id} className="relative border-l-2 border-slate-200 pl-4" data-testid={`activity-${entry.type}`}>
          <span className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-slate-400" aria-hidden="true" />
          <p className="text-sm text-slate-800">{describe(entry, stages)}</p>
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
