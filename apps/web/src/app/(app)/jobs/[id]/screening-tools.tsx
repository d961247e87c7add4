"use client";

import type { ScreeningSettings } from "@hireflow/core/screening/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button, buttonClass, Card, Time } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { describeScreening, MODE_LABELS, rescoreOutcome } from "@/lib/screening";
import type { JobStage } from "@/lib/stages";
import { useTrpc } from "@/lib/trpc";

const POLL_MS = 2_000;

/**
 * AI screening on the job's page (shown when the mode is not "off"): what the agent does, a
 * "Re-score all candidates" button with its progress (jobs.screeningProgress every 2 s while
 * candidates are pending), and the audit CSV.
 */
export function ScreeningTools({
  jobId,
  screening,
  stages,
}: {
  jobId: number;
  screening: Pick<ScreeningSettings, "mode" | "advance" | "reject_on_required_miss">;
  /** The job's stages, to name the advance stage. */
  stages: readonly JobStage[];
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const progressKey = ["screening-progress", jobId];
  // The requested_at of the re-score asked for here: until the progress shows it, keep polling.
  const [requestedAt, setRequestedAt] = useState<string | null>(null);

  const progress = useQuery({
    queryKey: progressKey,
    queryFn: async () => (await trpc.jobs.screeningProgress.query({ id: String(jobId) })).data,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const caughtUp = !requestedAt || (data.requested_at !== null && Date.parse(data.requested_at) >= Date.parse(requestedAt));
      return data.pending > 0 || !caughtUp ? POLL_MS : false;
    },
  });

  const rescore = useMutation({
    mutationFn: async () => (await trpc.jobs.rescore.mutate({ id: String(jobId) })).data,
    onSuccess: async (result) => {
      setRequestedAt(result.requested_at);
      await queryClient.invalidateQueries({ queryKey: progressKey });
    },
  });

  // The board's badges follow the progress (it polls on its own only while it sees pending cards).
  const counts = progress.data ? `${progress.data.scored}/${progress.data.pending}` : null;
  const lastCounts = useRef<string | null>(null);
  useEffect(() => {
    if (counts === null) return;
    if (lastCounts.current !== null && lastCounts.current !== counts) void queryClient.invalidateQueries({ queryKey: ["pipeline", jobId] });
    lastCounts.current = counts;
  }, [counts, jobId, queryClient]);

  const data = progress.data;
  // Progress is the re-score's only once one was requested (requested_at); before that, pending
  // candidates are new applicants, whose cards say "Scoring…" on the board.
  const awaiting = Boolean(requestedAt && data && (!data.requested_at || Date.parse(data.requested_at) < Date.parse(requestedAt)));
  const running = Boolean(data?.requested_at && data.pending > 0) || awaiting;
  let status: ReactNode = null;
  if (rescore.isPending || awaiting) status = "Asking the agent to re-score…";
  // "Scored" counts scorings done, with a score or not: the finished message says which got none and why.
  else if (data?.requested_at && running) status = `Re-scoring: ${data.scored} of ${data.total} done…`;
  else if (data?.requested_at && requestedAt) status = data.total === 0 ? "No candidates to score." : `Re-score finished: ${rescoreOutcome(data)}.`;
  else if (data?.requested_at) {
    status = (
      <>
        Last re-score (requested <Time iso={data.requested_at} />): {rescoreOutcome(data)}.
      </>
    );
  }

  return (
    <Card className="mb-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-slate-900">AI screening: {MODE_LABELS[screening.mode]}</h2>
          <p className="mt-0.5 text-sm text-slate-700">{describeScreening(screening, stages)}</p>
          <p className="mt-0.5 text-xs text-slate-600">Re-scoring uses the current criteria and never moves anyone.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => rescore.mutate()} disabled={rescore.isPending || (running && requestedAt !== null)}>
            Re-score all candidates
          </Button>
          <a href={`/api/jobs/${jobId}/screening-audit.csv`} download className={buttonClass("ghost", "text-indigo-700 underline")}>
            Download screening audit (CSV)
          </a>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-800 empty:hidden" role="status" aria-live="polite" data-testid="rescore-status">
        {status}
      </p>
      {rescore.error && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          Could not re-score: {errorInfo(rescore.error).message}
        </p>
      )}
    </Card>
  );
}
