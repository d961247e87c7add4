"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { flash } from "@/components/flash";
import { useOverridePrompt } from "@/components/override-dialog";
import { type RejectChoice, useRejectPrompt } from "@/components/reject-dialog";
import { StageOptions } from "@/components/stage-options";
import { compactInputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { moveFeedback } from "@/lib/move-feedback";
import { type JobStage } from "@/lib/stages";
import { useTrpc } from "@/lib/trpc";

/**
 * Moves this candidate to a stage of its job (pipeline.move → changeStage with the user as actor);
 * into a rejected-type stage only with the reason the dialog asks for; out of the stage the AI agent
 * moved them to (`agentPlaced`) only with the override reason its dialog asks for.
 */
export function StageSelect({
  candidateId,
  stage,
  name,
  stages,
  agentPlaced = false,
}: {
  candidateId: number;
  stage: string;
  name: string;
  stages: readonly JobStage[];
  agentPlaced?: boolean;
}) {
  const trpc = useTrpc();
  const router = useRouter();
  const reject = useRejectPrompt();
  const override = useOverridePrompt();
  const move = useMutation({
    mutationFn: ({ to, choice, overrideReason }: { to: string; choice?: RejectChoice; overrideReason?: string }) =>
      trpc.pipeline.move.mutate({ candidate_ids: [candidateId], stage: to, ...choice, ...(overrideReason && { override_reason: overrideReason }) }),
    onSuccess: ({ data }, { to }) => {
      // The page shows the new stage; when the rejection e-mail goes is said (and announced) here.
      if (data.rejection_emails.length) flash(moveFeedback(data, stages.find((s) => s.key === to)?.name ?? to), window.location.pathname);
      router.refresh();
    },
  });
  const known = stages.some((s) => s.key === stage);

  async function change(to: string) {
    const target = stages.find((s) => s.key === to);
    if (!target || to === stage) return;
    let overrideReason: string | undefined;
    if (agentPlaced) {
      const answer = await override.ask({ count: 1, who: name, stageName: target.name });
      if (!answer) return;
      overrideReason = answer;
    }
    let choice: RejectChoice | undefined;
    if (target.type === "rejected") {
      const answer = await reject.ask({ count: 1, who: name, stageName: target.name });
      if (!answer) return;
      choice = answer;
    }
    move.mutate({ to, choice, overrideReason });
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Stage
        <select
          value={known ? stage : ""}
          disabled={move.isPending}
          onChange={(e) => void change(e.target.value)}
          aria-label={`Stage of ${name}`}
          className={compactInputClass}
        >
          {!known && <option value="">{stage || "—"}</option>}
          <StageOptions stages={stages} />
        </select>
      </label>
      {reject.dialog}
      {override.dialog}
      {move.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorInfo(move.error).message}
        </p>
      )}
    </div>
  );
}
