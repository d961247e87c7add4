import type { PipelineCandidateDto } from "@hireflow/core/board/contract";
import Link from "next/link";
import type { DragEvent, ReactNode } from "react";
import { FitCoverage } from "@/components/fit-coverage";
import { StageOptions } from "@/components/stage-options";
import { Badge, cx, formatDate } from "@/components/ui";
import { applicationSourceLabel } from "@hireflow/core/candidate/contract";
import type { JobStage } from "@/lib/stages";

const RESUME_BADGE = {
  pending: { tone: "slate", label: "Resume queued" },
  processing: { tone: "amber", label: "Parsing resume" },
  completed: { tone: "green", label: "Resume parsed" },
  failed: { tone: "red", label: "Resume failed" },
} as const;

/** A candidate on the board: tick it, open it, or move it with its stage menu (or drag the card). */
export function CandidateCard({
  candidate: c,
  selected,
  onSelect,
  onMove,
  onDragStart,
  disabled,
  showFit,
  stages,
}: {
  candidate: PipelineCandidateDto;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onMove: (stage: string) => void;
  onDragStart: (event: DragEvent) => void;
  disabled: boolean;
  showFit: boolean;
  stages: readonly JobStage[];
}) {
  const name = c.name ?? c.email ?? `Candidate ${c.id}`;
  const resume = c.resume_status ? RESUME_BADGE[c.resume_status] : null;
  return (
    <li
      draggable
      onDragStart={onDragStart}
      data-testid={`card-${c.id}`}
      className={cx("cursor-grab rounded-md bg-white p-3 shadow-sm ring-1 ring-slate-200 active:cursor-grabbing", selected && "ring-2 ring-indigo-500")}
    >
      <div className="flex items-start gap-2">
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={`Select ${name}`}
          className="mt-1 size-4 shrink-0 rounded border-slate-300 text-indigo-600"
        />
        <div className="min-w-0 flex-1">
          <Link href={`/candidates/${c.id}`} className="block truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline">
            {name}
          </Link>
          {c.email && c.name && <p className="truncate text-xs text-slate-500">{c.email}</p>}
          {c.location && <p className="truncate text-xs text-slate-500">{c.location}</p>}
          {c.reject_reason && (
            <p className="mt-0.5 text-xs text-slate-700" data-testid="card-reject-reason">
              Reason: {c.reject_reason}
            </p>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        {showFit && <FitBadge candidate={c} />}
        {c.agent_placed && (
          <span data-testid="agent-placed" title="The AI agent moved this candidate to this stage; moving them elsewhere asks for a reason">
            <Badge tone="amber">Moved by AI agent</Badge>
          </span>
        )}
        {c.application_source === "self_apply" && <Badge tone="indigo">{applicationSourceLabel(c.application_source)}</Badge>}
        {resume && <Badge tone={resume.tone}>{resume.label}</Badge>}
        <span className="text-xs text-slate-500">{formatDate(c.created_at, false)}</span>
      </div>
      <label className="mt-2 block">
        <span className="sr-only">Move {name} to stage</span>
        <select
          value={c.stage}
          disabled={disabled}
          onChange={(e) => onMove(e.target.value)}
          className="block w-full rounded border-0 bg-slate-50 px-2 py-1 text-xs text-slate-700 ring-1 ring-slate-200 focus:ring-2 focus:ring-indigo-600"
        >
          <StageOptions stages={stages} />
        </select>
      </label>
    </li>
  );
}

/**
 * The agent's fit score in words (never colour alone): "Fit 86", "Scoring…", "Scoring failed", "Fit —",
 * "Person review" (the applicant opted out of the tool);
 * a completed scoring also says how much of it was judged ("4 of 6 criteria judged").
 */
function FitBadge({ candidate: c }: { candidate: Pick<PipelineCandidateDto, "fit_score" | "fit_status" | "fit_judged" | "fit_total"> }) {
  let badge: ReactNode;
  let title: string | undefined;
  const score = c.fit_score;
  if (c.fit_status === "pending") badge = <Badge tone="amber">Scoring…</Badge>;
  else if (c.fit_status === "opted_out") {
    // The applicant asked for a person, not the automated tool: a person reviews, the agent never scores.
    badge = <Badge tone="indigo">Person review</Badge>;
    title = "Asked that a person, not the automated tool, reviews the application: never scored or moved by the AI agent";
  }
  else if (c.fit_status === "failed") badge = <Badge tone="red">Scoring failed</Badge>;
  else if (score !== null) {
    badge = <Badge tone={score >= 70 ? "green" : score >= 40 ? "blue" : "slate"}>Fit {Math.round(score)}</Badge>;
    title = "Fit score, 0 to 100";
  } else if (c.fit_status === "completed") {
    badge = <Badge>Fit —</Badge>;
    title = "No criterion could be judged";
  } else return null;
  return (
    <>
      <span data-testid="fit-badge" title={title}>
        {badge}
      </span>
      {c.fit_status === "completed" && <FitCoverage judged={c.fit_judged} total={c.fit_total} />}
    </>
  );
}
