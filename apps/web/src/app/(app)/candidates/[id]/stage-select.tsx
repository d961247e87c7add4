"use client";

import type { PipelineStage } from "@hireflow/core/contracts/pipeline";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { StageOptions } from "@/components/stage-options";
import { compactInputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { isPipelineStage } from "@/lib/stages";
import { useTrpc } from "@/lib/trpc";

/** Moves this candidate (pipeline.move → changeStage with the user as actor). */
export function StageSelect({ candidateId, stage, name }: { candidateId: number; stage: string; name: string }) {
  const trpc = useTrpc();
  const router = useRouter();
  const move = useMutation({
    mutationFn: (to: PipelineStage) => trpc.pipeline.move.mutate({ candidate_ids: [candidateId], stage: to }),
    onSuccess: () => router.refresh(),
  });
  return (
    <div className="flex flex-col items-end gap-1">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Stage
        <select
          value={isPipelineStage(stage) ? stage : ""}
          disabled={move.isPending}
          onChange={(e) => move.mutate(e.target.value as PipelineStage)}
          aria-label={`Stage of ${name}`}
          className={compactInputClass}
        >
          {!isPipelineStage(stage) && <option value="">{stage || "—"}</option>}
          <StageOptions />
        </select>
      </label>
      {move.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorInfo(move.error).message}
        </p>
      )}
    </div>
  );
}
