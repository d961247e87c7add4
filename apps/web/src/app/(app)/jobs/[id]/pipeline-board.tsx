"use client";

import type { PipelineBoardDto, PipelineCandidateDto } from "@hireflow/core/board/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type DragEvent } from "react";
import { BulkMoveBar, useBulkStage, useSelection } from "@/components/bulk-move-bar";
import { useOverridePrompt } from "@/components/override-dialog";
import { flash } from "@/components/flash";
import { type RejectChoice, usePrefetchedRejectReasons, useRejectPrompt } from "@/components/reject-dialog";
import { Alert, cx, EmptyState, compactInputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { moveFeedback } from "@/lib/move-feedback";
import { stageName } from "@/lib/stages";
import { useTrpc } from "@/lib/trpc";
import { CandidateCard } from "./board-card";

const DRAG_TYPE = "application/x-hireflow-candidates";

type SortOrder = "newest" | "fit";

/** Newest first (the board's order), or best fit first with unscored candidates last. */
function sortCards(cards: PipelineCandidateDto[], order: SortOrder): PipelineCandidateDto[] {
  const newest = (a: PipelineCandidateDto, b: PipelineCandidateDto) => b.created_at.localeCompare(a.created_at) || b.id - a.id;
  if (order === "newest") return [...cards].sort(newest);
  return [...cards].sort((a, b) => {
    if (a.fit_score === null || b.fit_score === null) return a.fit_score === b.fit_score ? newest(a, b) : a.fit_score === null ? 1 : -1;
    return b.fit_score - a.fit_score || newest(a, b);
  });
}

const hasPendingFit = (data: PipelineBoardDto | undefined) => Boolean(data?.candidates.some((c) => c.fit_status === "pending"));

/**
 * The board of one job: one column per stage of the job's pipeline, in order, headed by its name.
 * Move a candidate by dragging its card to another column, or (keyboard, touch) with the stage menu
 * on the card; move several by ticking them and using "Move selected". A move into a rejected-type
 * stage first asks for a reason (Cancel leaves everyone where they were), and so does a move against
 * the AI agent's move (a card the agent placed, `agent_placed`, leaving its stage: override_reason).
 * Every move goes through pipeline.move, i.e. the same changeStage the API uses.
 */
export function PipelineBoard({ initial }: { initial: PipelineBoardDto }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const jobId = initial.job.id;
  const queryKey = ["pipeline", jobId];
  const board = useQuery({
    queryKey,
    queryFn: async () => (await trpc.pipeline.board.query({ job_id: jobId })).data,
    initialData: initial,
    // While the agent is scoring, refresh the badges (not during a move: its optimistic update would flicker).
    refetchInterval: (query) => (hasPendingFit(query.state.data) && queryClient.isMutating() === 0 ? 3_000 : false),
  });
  const stages = board.data.job.stages;
  usePrefetchedRejectReasons(board.data.reject_reasons);
  const [order, setOrder] = useState<SortOrder>("newest");
  const { selected, setSelected, toggle } = useSelection();
  const [bulkStage, setBulkChoice] = useBulkStage(stages);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const reject = useRejectPrompt();
  const override = useOverridePrompt();
  const nameOf = (key: string) => stageName(stages, key);

  const move = useMutation({
    mutationFn: async ({ ids, stage, choice, overrideReason }: { ids: number[]; stage: string; choice?: RejectChoice; overrideReason?: string; clearSelection?: boolean }) =>
      (await trpc.pipeline.move.mutate({ candidate_ids: ids, stage, ...choice, ...(overrideReason && { override_reason: overrideReason }) })).data,
    onMutate: async ({ ids, stage }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<PipelineBoardDto>(queryKey);
      queryClient.setQueryData<PipelineBoardDto>(queryKey, (data) =>
        data ? { ...data, candidates: data.candidates.map((c) => (ids.includes(c.id) ? { ...c, stage } : c)) } : data,
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (result, { stage, clearSelection }) => {
      // Here, not in mutate()'s own onSuccess, which React Query calls a task later: the selection is cleared in the
      // same render that announces the move, so nothing ticked after the announcement is unticked by it (an e2e race).
      if (clearSelection) setSelected(new Set());
      const message = moveFeedback(result, nameOf(stage));
      // When the rejection e-mails go is for every member to see (and it is announced): a flash, not the hidden status.
      if (!result.rejection_emails.length) return setAnnouncement(message);
      setAnnouncement("");
      flash(message, window.location.pathname);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });

  const candidates = board.data.candidates;
  const byStage = new Map<string, PipelineCandidateDto[]>(stages.map((s) => [s.key, []]));
  const other: PipelineCandidateDto[] = [];
  for (const c of sortCards(candidates, order)) (byStage.get(c.stage) ?? other).push(c);
  const showFit = board.data.job.screening.mode !== "off" || candidates.some((c) => c.fit_status !== null);

  /**
   * Moves `ids` to the stage `key`: into a rejected-type stage only with the reason the dialog asks
   * for (not asked when every one of them is there already: nothing would move).
   */
  async function requestMove(ids: number[], key: string, options: { clearSelection?: boolean } = {}) {
    const target = stages.find((s) => s.key === key);
    // Against the agent's move: the cards it placed that would leave their stage.
    const overridden = candidates.filter((c) => ids.includes(c.id) && c.agent_placed && c.stage !== key);
    let overrideReason: string | undefined;
    if (overridden.length) {
      const only = overridden.length === 1 ? overridden[0]! : undefined;
      const who = only ? (only.name ?? only.email ?? `Candidate ${only.id}`) : `${overridden.length} candidates`;
      const answer = await override.ask({ count: overridden.length, who, stageName: target?.name ?? nameOf(key) });
      if (!answer) {
        setAnnouncement(only ? `Not moved: ${who} stays in ${nameOf(only.stage)}.` : "Not moved: the candidates stay where they were.");
        return;
      }
      overrideReason = answer;
    }
    let choice: RejectChoice | undefined;
    if (target?.type === "rejected") {
      const moving = ids.filter((id) => candidates.find((c) => c.id === id)?.stage !== key);
      if (moving.length) {
        const only = moving.length === 1 ? candidates.find((c) => c.id === moving[0]) : undefined;
        const who = only ? (only.name ?? only.email ?? `Candidate ${only.id}`) : `${moving.length} candidates`;
        const answer = await reject.ask({ count: moving.length, who, stageName: target.name });
        if (!answer) {
          setAnnouncement(moving.length === 1 ? `Not moved: ${who} stays in ${nameOf(only!.stage)}.` : `Not moved: the ${who} stay where they were.`);
          return;
        }
        choice = answer;
      }
    }
    move.mutate({ ids, stage: key, choice, overrideReason, clearSelection: options.clearSelection });
  }

  function moveSelected() {
    const ids = [...selected].filter((id) => candidates.some((c) => c.id === id));
    if (!ids.length || !bulkStage) return;
    void requestMove(ids, bulkStage, { clearSelection: true });
  }

  function onDragStart(event: DragEvent, candidate: PipelineCandidateDto) {
    // Dragging a selected card moves the whole selection.
    const ids = selected.has(candidate.id) ? [...selected] : [candidate.id];
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(ids));
    event.dataTransfer.setData("text/plain", candidate.name ?? candidate.email ?? String(candidate.id));
    event.dataTransfer.effectAllowed = "move";
  }

  function onDrop(event: DragEvent, stage: string) {
    event.preventDefault();
    setDropTarget(null);
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    if (!raw) return;
    const ids = (JSON.parse(raw) as number[]).filter((id) => candidates.find((c) => c.id === id)?.stage !== stage);
    if (ids.length) void requestMove(ids, stage, { clearSelection: true });
  }

  const moveError = move.error ? errorInfo(move.error) : null;

  if (candidates.length === 0) {
    return (
      <EmptyState title="No candidates yet">
        Candidates appear here when they apply on the{" "}
        {board.data.job.is_active && board.data.job.is_public ? (
          <a href={board.data.job.apply_url} className="text-indigo-700 underline">
            careers page
          </a>
        ) : (
          "careers page (this job is not published)"
        )}{" "}
        or are created through the API.
      </EmptyState>
    );
  }

  return (
    <div>
      <BulkMoveBar
        selectedCount={selected.size}
        selectId="bulk-stage"
        labelClassName={cx("text-sm text-slate-700", showFit ? "sm:ml-3" : "ml-auto")}
        spacing="mb-4"
        stages={stages}
        stage={bulkStage}
        onStageChange={setBulkChoice}
        onMove={moveSelected}
        pending={move.isPending}
        onClear={() => setSelected(new Set())}
      >
        {showFit && (
          <span className="ml-auto flex items-center gap-2">
            <label htmlFor="board-sort" className="text-sm text-slate-700">
              Sort cards
            </label>
            <select id="board-sort" value={order} onChange={(e) => setOrder(e.target.value as SortOrder)} className={compactInputClass}>
              <option value="newest">Newest</option>
              <option value="fit">Best fit</option>
            </select>
          </span>
        )}
      </BulkMoveBar>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {reject.dialog}
      {override.dialog}
      {moveError && (
        <div className="mb-4">
          <Alert>Could not move: {moveError.message}</Alert>
        </div>
      )}
      {board.data.truncated && (
        <div className="mb-4">
          <Alert tone="amber">Showing the newest {candidates.length} candidates of this job.</Alert>
        </div>
      )}

      {/*
        Every column is as wide at every screen size (17rem, room for a stage's name and a card's menu) and
        the board scrolls sideways when they do not fit, as boards do: sharing the width squeezed eight
        stages at 1280 px until names and menus were cut. Classes, not a style attribute: the CSP refuses
        inline styles. `relative`: the cards' visually hidden labels are absolutely positioned; without a
        positioned ancestor here they escape the scroller, and a phone's page scrolled sideways as far as
        the last column.
      */}
      <div className="relative -mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0" data-testid="board-columns">
        {stages.map(({ key: stage, name: columnName, type }) => {
          const cards = byStage.get(stage) ?? [];
          return (
            <section
              key={stage}
              aria-labelledby={`col-${stage}`}
              data-stage={stage}
              data-stage-type={type}
              onDragOver={(event) => {
                if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                setDropTarget(stage);
              }}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(null);
              }}
              onDrop={(event) => onDrop(event, stage)}
              className={cx(
                "flex w-[17rem] shrink-0 snap-start flex-col rounded-lg bg-slate-100 p-2 ring-1 ring-slate-200 transition-colors",
                dropTarget === stage && "bg-indigo-50 ring-2 ring-indigo-400",
              )}
            >
              <h2 id={`col-${stage}`} className="flex items-center justify-between px-1.5 py-1 text-sm font-semibold text-slate-700">
                <span className="min-w-0 truncate" title={columnName}>
                  {columnName}
                </span>
                <span className="rounded-full bg-white px-2 text-xs font-medium text-slate-600 ring-1 ring-slate-200">{cards.length}</span>
              </h2>
              <ul className="mt-1 flex min-h-24 flex-1 flex-col gap-2">
                {cards.length === 0 && <li className="px-1.5 py-4 text-center text-xs text-slate-600">No candidates</li>}
                {cards.map((c) => (
                  <CandidateCard
                    key={c.id}
                    candidate={c}
                    selected={selected.has(c.id)}
                    onSelect={(on) => toggle(c.id, on)}
                    onMove={(to) => void requestMove([c.id], to)}
                    onDragStart={(event) => onDragStart(event, c)}
                    disabled={move.isPending}
                    showFit={showFit}
                    stages={stages}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {other.length > 0 && (
        <p className="mt-2 text-sm text-slate-600">
          {other.length} candidate(s) are in stages this job no longer has ({[...new Set(other.map((c) => c.stage))].join(", ")}).
        </p>
      )}
    </div>
  );
}
