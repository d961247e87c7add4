import type { CandidateProfileDto } from "@hireflow/core/board/contract";
import type { Metadata } from "next";
import Link from "next/link";
import { Badge, PageHeader, Time } from "@/components/ui";
import { applicationSourceLabel } from "@hireflow/core/candidate/contract";
import { canEraseCandidates, canManageSettings, isInterviewerOnly } from "@hireflow/core/kernel/roles";
import { load, serverCaller } from "@/lib/server/caller";
import { memberTimeZone } from "@/lib/server/member-zone";
import { requireSession } from "@/lib/server/session";
import { idFromParams } from "@/lib/server/params";
import { type JobStage, stageTone, TYPE_STAGES } from "@/lib/stages";
import { ScreeningSection } from "./ai-screening-section";
import { InterviewerView } from "./interviewer-view";
import { InterviewsSection } from "./interviews-section";
import { NoteForm } from "./note-form";
import { OfferSection } from "./offer-section";
import { OwnInterviews } from "./own-interviews";
import { PrivacyActions } from "./privacy-actions";
import { ExternalLink, Row, Section } from "./profile-parts";
import { ResumeSection } from "./resume-section";
import { ScreeningExplanation } from "./screening-explanation";
import { ScheduledRejectionEmail } from "./scheduled-rejection-email";
import { SchedulingLinksSection } from "./scheduling-links-section";
import { ScorecardsSection } from "./scorecards-section";
import { StageSelect } from "./stage-select";
import { Timeline } from "./timeline";

export const metadata: Metadata = { title: "Candidate" };

export default async function CandidatePage({ params }: { params: Promise<{ id: string }> }) {
  const id = await idFromParams(params);
  const session = await requireSession(`/candidates/${id}`);
  const caller = await serverCaller();
  const { data: profile } = await load(caller.pipeline.candidate({ id }));
  const c = profile.candidate;
  // An interviewer sees the candidates they interview and their scorecards, nothing to edit or schedule.
  const interviewer = isInterviewerOnly(session.user.role);
  const [forms, scorecards, memberZone] = await Promise.all([
    load(caller.scorecards.forms({ id: String(c.id) })),
    load(caller.scorecards.listForCandidate({ id: String(c.id) })),
    memberTimeZone(caller, session.user.id),
  ]);
  const scorecardsSection = (
    <Section title="Scorecards">
      <ScorecardsSection forms={forms} scorecards={scorecards.data} memberZone={memberZone} />
    </Section>
  );
  if (interviewer) {
    const ownInterviews = (
      <Section title="Your interviews">
        <OwnInterviews forms={forms} memberZone={memberZone} />
      </Section>
    );
    return <InterviewerView profile={profile} interviews={ownInterviews} scorecards={scorecardsSection} />;
  }
  // The stages the candidate can move to: its job's pipeline (a candidate without a job: the six types).
  const jobStages = profile.job ? (await load(caller.jobs.get({ id: String(profile.job.id) }))).data.stages : null;
  const stages: readonly JobStage[] = jobStages ?? TYPE_STAGES;
  // The interview plan of the stage the candidate is in: the kits the schedule form offers.
  const kits = jobStages?.find((stage) => stage.key === c.stage)?.interviews ?? [];
  const name = c.name ?? c.email ?? `Candidate ${c.id}`;
  const [interviews, members, offers, schedulingLinks] = await Promise.all([
    load(caller.interviews.list({ candidate_id: String(c.id), limit: "100" })),
    load(caller.users.list({ limit: "100" })),
    load(caller.offers.list({ candidate_id: String(c.id), limit: "1" })),
    load(caller.schedulingLinks.list({ candidate_id: String(c.id), limit: "100" })),
  ]);
  // The newest offer (a recruiter outside the job's hiring team sees none): the section shows it whole.
  const offer = offers.data[0] ? (await load(caller.offers.get({ id: String(offers.data[0].id) }))).data : null;
  // A rejected candidate may ask what the automated tool had to do with it (issue 25 §3).
  const explanation = c.stage_type === "rejected" ? (await load(caller.candidates.screeningExplanation({ id: String(c.id) }))).data : null;
  // A rejection e-mail still waiting to go: the member may send it now or cancel it (#43 §12).
  const rejectionEmail = c.email ? (await load(caller.rejectionEmails.scheduled({ candidate_id: c.id }))).data : null;
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
      {rejectionEmail && <ScheduledRejectionEmail email={rejectionEmail} />}
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
              memberZone={memberZone}
            />
          </Section>
          <Section title="Scheduling links">
            <SchedulingLinksSection
              candidateId={c.id}
              candidateEmail={c.email}
              links={schedulingLinks.data}
              members={members.data}
              interviews={interviews.data}
              currentUserId={session.user.id}
            />
          </Section>
          {scorecardsSection}
          <Section title="Offer">
            <OfferSection candidateId={c.id} jobTitle={profile.job?.title ?? null} offer={offer} members={members.data} currentUserId={session.user.id} hasEmail={Boolean(c.email)} />
          </Section>
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
          <Timeline entries={profile.timeline} stages={stages} canOpenEmailLog={canManageSettings(session.user.role)} />
        </Section>
      </div>
    </>
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

function formatAnswer(answer: unknown): string {
  if (answer === true) return "Yes";
  if (answer === false) return "No";
  if (answer === null || answer === undefined || answer === "") return "—";
  if (typeof answer === "string" || typeof answer === "number") return String(answer);
  return JSON.stringify(answer);
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
