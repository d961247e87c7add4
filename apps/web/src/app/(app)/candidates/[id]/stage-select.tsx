"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type RejectChoice, useRejectPrompt } from "@/components/reject-dialog";
import { StageOptions } from "@/components/stage-options";
import { compactInputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { type JobStage } from "@/lib/stages";
import { useTrpc } from "@/lib/trpc";

/**
 * Moves this candidate to a stage of its job (pipeline.move → changeStage with the user as actor);
 * into a rejected-type stage only with the reason the dialog asks for.
 */
export function StageSelect({ candidateId, stage, name, stages }: { candidateId: number; stage: string; name: string; stages: readonly JobStage[] }) {
  const trpc = useTrpc();
  const router = useRouter();
  const reject = useRejectPrompt();
  const move = useMutation({
    mutationFn: ({ to, choice }: { to: string; choice?: RejectChoice }) => trpc.pipeline.move.mutate({ candidate_ids: [candidateId], stage: to, ...choice }),
    onSuccess: () => router.refresh(),
  });
  const known = stages.some((s) => s.key === stage);

  async function change(to: string) {
    const target = stages.find((s) => s.key === to);
    if (!target || to === stage) return;
    let choice: RejectChoice | undefined;
    if (target.type === "rejected") {
      const answer = await reject.ask({ count: 1, who: name, stageName: target.name });
      if (!answer) return;
      choice = answer;
    }
    move.mutate({ to, choice });
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
      {move.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorInfo(move.error).message}
        </p>
      )}
    </div>
  );
}
