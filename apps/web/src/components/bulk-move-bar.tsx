"use client";

import { useState, type ReactNode } from "react";
import type { JobStage } from "@/lib/stages";
import { StageOptions } from "./stage-options";
import { Button, compactInputClass } from "./ui";

/** The ticked candidates by id, and `toggle(id, on)` to tick or untick one. */
export function useSelection() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  function toggle(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  return { selected, setSelected, toggle };
}

/** The bulk move's first choice: the first phone-screen stage, else the second stage. */
function defaultBulkStage(stages: readonly Pick<JobStage, "key" | "type">[]): string {
  return (stages.find((s) => s.type === "phonescreen") ?? stages[1] ?? stages[0])?.key ?? "";
}

/** The bulk move's stage: the one picked while `stages` still has it, else the default; and the setter of the pick. */
export function useBulkStage(stages: readonly Pick<JobStage, "key" | "type">[]): [string, (key: string) => void] {
  const [choice, setChoice] = useState<string | null>(null);
  const stage = choice !== null && stages.some((s) => s.key === choice) ? choice : defaultBulkStage(stages);
  return [stage, setChoice];
}

/**
 * The bar above the pipeline board and the candidate list that moves the ticked candidates: how many
 * are selected, "Move selected to" a stage, Move, and Clear while any is ticked. It stays at the top
 * while the page scrolls. `children`: further controls between the count and the stage (the board's sort).
 */
export function BulkMoveBar({
  selectedCount,
  selectId,
  labelClassName,
  spacing,
  stages,
  stage,
  onStageChange,
  onMove,
  pending,
  onClear,
  children,
}: {
  selectedCount: number;
  /** The id of the stage select, which its label names. */
  selectId: string;
  labelClassName: string;
  /** The margin below the bar. */
  spacing: "mb-3" | "mb-4";
  stages: readonly Pick<JobStage, "key" | "name">[];
  /** The stage the selection moves to. */
  stage: string;
  onStageChange: (stage: string) => void;
  onMove: () => void;
  /** A move is under way: Move waits. */
  pending: boolean;
  onClear: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      className={`sticky top-0 z-10 -mx-4 ${spacing} flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-md sm:border sm:bg-white sm:px-3`}
    >
      <span className="text-sm text-slate-700" aria-live="polite">
        {selectedCount ? `${selectedCount} selected` : "Select candidates to move several at once"}
      </span>
      {children}
      <label htmlFor={selectId} className={labelClassName}>
        Move selected to
      </label>
      <select id={selectId} value={stage} onChange={(e) => onStageChange(e.target.value)} className={compactInputClass}>
        <StageOptions stages={stages} />
      </select>
      <Button onClick={onMove} disabled={!selectedCount || pending}>
        Move
      </Button>
      {selectedCount > 0 && (
        <Button variant="ghost" onClick={onClear}>
          Clear
        </Button>
      )}
    </div>
  );
}
