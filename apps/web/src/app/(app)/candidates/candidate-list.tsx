"use client";

import type { CandidateListItemDto } from "@hireflow/core/candidate/contract";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { BulkMoveBar, useBulkStage, useSelection } from "@/components/bulk-move-bar";
import { FitCoverage } from "@/components/fit-coverage";
import { flash } from "@/components/flash";
import { needsOverrideReason, useOverridePrompt } from "@/components/override-dialog";
import { type RejectChoice, useRejectPrompt } from "@/components/reject-dialog";
import { Alert, Badge, EmptyState, formatDate, LinkButton } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { moveFeedback } from "@/lib/move-feedback";
import { SEARCH_MATCH_LABELS } from "@/lib/search-match";
import { type JobStage, stageTone, TYPE_STAGES } from "@/lib/stages";
import { useTrpc } from "@/lib/trpc";
import { applicationSourceLabel } from "@hireflow/core/candidate/contract";
import { type CandidateFilters, hasFilters } from "./filters";

interface Page {
  data: CandidateListItemDto[];
  pagination: { next_cursor: string | null; has_more: boolean };
}

/**
 * One page of /candidates as a table: tick candidates and move them to a stage in one go (the
 * board's pipeline.move: one stage_changed activity and event each), then the page reloads from
 * the server. Keyset pages: "Next page" links carry the cursor, "First page" drops it.
 *
 * The bulk move offers the stages of the job the list is filtered to (`jobStages`); company-wide, the
 * six stage types, which the server resolves to each candidate's job's first stage of that type. A
 * move to a rejected-type stage asks for a reason first.
 */
export function CandidateList({
  page,
  filters,
  jobStages,
  searching,
  firstPage,
  nextPage,
}: {
  page: Page;
  filters: CandidateFilters;
  jobStages: readonly JobStage[] | null;
  searching: boolean;
  firstPage: string | null;
  nextPage: string | null;
}) {
  const trpc = useTrpc();
  const router = useRouter();
  const { selected, setSelected, toggle } = useSelection();
  const stages = jobStages ?? TYPE_STAGES;
  const [stage, setChoice] = useBulkStage(stages);
  const [announcement, setAnnouncement] = useState("");
  const reject = useRejectPrompt();
  const override = useOverridePrompt();
  const rows = page.data;
  // A search sorted by relevance says why each candidate is listed (a name, or only a resume mention).
  const showMatch = rows.some((c) => c.match !== null);
  const nameOf = (key: string) => stages.find((s) => s.key === key)?.name ?? key;

  const move = useMutation({
    mutationFn: async ({ ids, to, reason, overrideReason }: { ids: number[]; to: string; reason?: RejectChoice; overrideReason?: string }) =>
      (await trpc.pipeline.move.mutate({ candidate_ids: ids, stage: to, ...reason, ...(overrideReason && { override_reason: overrideReason }) })).data,
    onSuccess: (result, { to }) => {
      const message = moveFeedback(result, nameOf(to));
      // When the rejection e-mails go is for every member to see (and it is announced): a flash, not the hidden status.
      if (result.rejection_emails.length) {
        setAnnouncement("");
        flash(message, window.location.pathname);
      } else setAnnouncement(message);
      setSelected(new Set());
      router.refresh();
    },
  });

  /** Moves the selection; into a rejected-type stage only with the reason the dialog asks for (unless nobody would move). */
  async function moveSelected() {
    const ids = [...selected];
    const target = stages.find((s) => s.key === stage);
    if (!ids.length || !target) return;
    let reason: RejectChoice | undefined;
    if (target.type === "rejected") {
      // Within a job, `stage` is a key; company-wide a type (each candidate's job's first stage of it).
      const moving = rows.filter((c) => selected.has(c.id) && (jobStages ? c.stage !== target.key : c.stage_type !== "rejected"));
      if (moving.length) {
        const who = moving.length === 1 ? (moving[0]!.name ?? moving[0]!.email ?? `Candidate ${moving[0]!.id}`) : `${moving.length} candidates`;
        const answer = await reject.ask({ count: moving.length, who, stageName: target.name });
        if (!answer) {
          setAnnouncement(moving.length === 1 ? `Not moved: ${who} stays where they were.` : `Not moved: the ${who} stay where they were.`);
          return;
        }
        reason = answer;
      }
    }
    // The list does not know whom the AI agent placed: the server says so (override_reason), then the
    // override dialog asks why and the move is sent again with the reason.
    try {
      await move.mutateAsync({ ids, to: target.key, reason });
    } catch (error) {
      if (!needsOverrideReason(error)) return;
      const who = ids.length === 1 ? (rows.find((c) => c.id === ids[0])?.name ?? `Candidate ${ids[0]}`) : `${ids.length} candidates`;
      const why = await override.ask({ count: ids.length, who, stageName: target.name });
      if (!why) {
        move.reset();
        setAnnouncement(ids.length === 1 ? `Not moved: ${who} stays where they were.` : `Not moved: the ${who} stay where they were.`);
        return;
      }
      move.mutate({ ids, to: target.key, reason, overrideReason: why });
    }
  }

  const allSelected = rows.length > 0 && rows.every((c) => selected.has(c.id));

  // Kept when a move empties the filtered list: the empty state must still say what the move did.
  const status = (
    <p className="sr-only" role="status" aria-live="polite">
      {announcement}
    </p>
  );

  if (rows.length === 0 && !firstPage) {
    return (
      <>
        {status}
        {hasFilters(filters) ? (
          <EmptyState title={searching ? "No candidates match this search" : "No candidates match these filters"} action={<LinkButton href="/candidates" variant="secondary">Clear all</LinkButton>}>
            Names are found by any part, with or without accents, and by a similar spelling; resumes by whole words or their beginning.
          </EmptyState>
        ) : (
          <EmptyState title="No candidates yet" action={<LinkButton href="/jobs">Go to jobs</LinkButton>}>
            Candidates appear here when they apply on your careers page or are added through the API.
          </EmptyState>
        )}
      </>
    );
  }

  // A refusal for want of an override reason opens its dialog instead of an error.
  const moveError = move.error && !needsOverrideReason(move.error) ? errorInfo(move.error) : null;
  return (
    <div>
      <BulkMoveBar
        selectedCount={selected.size}
        selectId="list-bulk-stage"
        labelClassName="ml-auto text-sm text-slate-700"
        spacing="mb-3"
        stages={stages}
        stage={stage}
        onStageChange={setChoice}
        onMove={() => void moveSelected()}
        pending={move.isPending}
        onClear={() => setSelected(new Set())}
      />
      {status}
      {reject.dialog}
      {override.dialog}
      {moveError && (
        <div className="mb-3">
          <Alert>Could not move: {moveError.message}</Alert>
        </div>
      )}
      <div className="-mx-4 overflow-x-auto sm:mx-0 sm:rounded-lg sm:shadow-sm sm:ring-1 sm:ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 bg-white text-sm">
          <caption className="sr-only">
            Candidates{searching ? `, best match first unless sorted otherwise` : ""}
          </caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-700">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label="Select all on this page"
                  checked={allSelected}
                  onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((c) => c.id)) : new Set())}
                  className="size-4 rounded border-slate-300 text-indigo-600"
                />
              </th>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              {showMatch && (
                <th scope="col" className="px-3 py-2">
                  Match
                </th>
              )}
              <th scope="col" className="px-3 py-2">
                Job
              </th>
              <th scope="col" className="px-3 py-2">
                Stage
              </th>
              <th scope="col" className="px-3 py-2">
                Source
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Fit
              </th>
              <th scope="col" className="px-3 py-2">
                Applied
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((c) => {
              const name = c.name ?? c.email ?? `Candidate ${c.id}`;
              return (
                <tr key={c.id} data-testid={`row-${c.id}`} className={selected.has(c.id) ? "bg-indigo-50" : undefined}>
                  <td className="px-3 py-2 align-top">
                    <input
                      type="checkbox"
                      checked={selected.has(c.id)}
                      onChange={(e) => toggle(c.id, e.target.checked)}
                      aria-label={`Select ${name}`}
                      className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600"
                    />
                  </td>
                  <td className="max-w-[18rem] px-3 py-2 align-top">
                    <Link href={`/candidates/${c.id}`} className="block truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                      {name}
                    </Link>
                    {c.email && c.name && <span className="block truncate text-xs text-slate-600">{c.email}</span>}
                  </td>
                  {showMatch && (
                    <td className="px-3 py-2 align-top whitespace-nowrap" data-testid="search-match">
                      {c.match && <Badge tone={c.match === "similar_name" ? "amber" : c.match === "resume" ? "slate" : "indigo"}>{SEARCH_MATCH_LABELS[c.match]}</Badge>}
                    </td>
                  )}
                  <td className="max-w-[14rem] truncate px-3 py-2 align-top text-slate-700">{c.job?.title ?? "—"}</td>
                  <td className="px-3 py-2 align-top whitespace-nowrap">
                    <Badge tone={stageTone(c.stage_type)}>{c.stage_name}</Badge>
                  </td>
                  <td className="px-3 py-2 align-top whitespace-nowrap text-slate-700">{applicationSourceLabel(c.application_source)}</td>
                  <td className="px-3 py-2 text-right align-top whitespace-nowrap text-slate-700" data-testid="fit-cell">
                    {c.fit_score !== null ? Math.round(c.fit_score) : c.fit_status === "pending" ? "Scoring…" : "—"}
                    {c.fit_status === "completed" && <FitCoverage judged={c.fit_judged} total={c.fit_total} block />}
                  </td>
                  <td className="px-3 py-2 align-top whitespace-nowrap text-slate-700">
                    <time dateTime={c.created_at}>{formatDate(c.created_at, false)}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && <p className="mt-3 text-sm text-slate-700">No more candidates.</p>}
      {(firstPage || nextPage) && (
        <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-2">
          {firstPage ? (
            <LinkButton href={firstPage} variant="secondary">
              ← First page
            </LinkButton>
          ) : (
            <span />
          )}
          {nextPage && (
            <LinkButton href={nextPage} variant="secondary" rel="next">
              Next page →
            </LinkButton>
          )}
        </nav>
      )}
    </div>
  );
}
