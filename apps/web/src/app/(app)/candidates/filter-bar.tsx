"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { buttonClass, compactInputClass, cx } from "@/components/ui";
import { isStageType, type JobStage, STAGE_TYPE_LABELS, TYPE_STAGES } from "@/lib/stages";
import { APPLICATION_SOURCE_LABELS } from "@hireflow/core/candidate/contract";
import { type CandidateFilters, candidatesHref, hasFilters, SORT_LABELS } from "./filters";

const SEARCH_DELAY_MS = 300;
const REQUEST_WINS_MS = 5_000;

/**
 * The search box and filters of /candidates. A plain GET form (works without JavaScript); with it,
 * every change updates the URL at once (typing after a short pause), which re-renders the list.
 */
type FilterJob = { id: number; title: string; stages: JobStage[] };

/**
 * The stage filter when the job filter changes: the same stage where the new job has it, else the
 * new job's first stage of the same type; company-wide, the stage's type. Empty when nothing fits.
 */
function carryStage(jobs: FilterJob[], from: Pick<CandidateFilters, "job" | "stage">, toJob: string): string {
  const value = from.stage;
  if (!value) return "";
  const stagesOf = (job: string) => (job ? jobs.find((j) => String(j.id) === job)?.stages : undefined);
  const type = stagesOf(from.job)?.find((s) => s.key === value)?.type ?? (isStageType(value) ? value : undefined);
  if (!toJob) return type ?? "";
  const stages = stagesOf(toJob) ?? [];
  if (!type) return stages.some((s) => s.key === value) ? value : "";
  return (stages.find((s) => s.key === value && s.type === type) ?? stages.find((s) => s.type === type))?.key ?? "";
}

/**
 * The stage filter's options: with a job chosen, its stages by name; company-wide, the six stage
 * types (each job's stages of that type). A value of the URL that is neither keeps an option of its own.
 */
function stageOptions(jobs: FilterJob[], filters: Pick<CandidateFilters, "job" | "stage">): { value: string; label: string }[] {
  const job = filters.job ? jobs.find((j) => String(j.id) === filters.job) : undefined;
  const options = (job ? job.stages : TYPE_STAGES).map((stage) => ({ value: stage.key, label: stage.name }));
  const value = filters.stage;
  if (value && !options.some((option) => option.value === value)) {
    options.push({ value, label: isStageType(value) ? `Any “${STAGE_TYPE_LABELS[value]}” stage` : value });
  }
  return options;
}

export function FilterBar({ filters, jobs }: { filters: CandidateFilters; jobs: FilterJob[] }) {
  const router = useRouter();
  const [draft, setDraft] = useState(filters);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = candidatesHref(filters);

  // The URL this bar asked for last, until it is the URL: quick changes (arrow keys through a select)
  // start one navigation each, and an earlier one may land after a later one was asked for. Bounded in
  // time, so a request that never lands cannot later override Back or a link.
  const requested = useRef<{ href: string; at: number } | null>(null);

  // The URL changed (back/forward, a link): show its filters, but never undo what is being typed.
  // Keyed on `current`, the filters as a string: a new but equal `filters` object changes nothing.
  const latest = useRef(filters);
  latest.current = filters;
  useEffect(() => {
    const wanted = requested.current;
    if (wanted && wanted.href !== current && Date.now() - wanted.at < REQUEST_WINS_MS) {
      // An earlier navigation of a quick series landed: the latest choice wins, and the draft keeps showing it.
      router.replace(wanted.href, { scroll: false });
      return;
    }
    requested.current = null;
    setDraft((d) => ({ ...latest.current, q: document.activeElement === searchRef.current ? d.q : latest.current.q }));
  }, [current, router]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function go(next: CandidateFilters, replace = false) {
    clearTimeout(timer.current);
    const href = candidatesHref(next);
    if (href === current && requested.current === null) return;
    requested.current = { href, at: Date.now() };
    if (replace) router.replace(href, { scroll: false });
    else router.push(href, { scroll: false });
  }

  function change(key: keyof CandidateFilters) {
    return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const next = { ...draft, [key]: event.target.value };
      if (key === "job") next.stage = carryStage(jobs, draft, next.job);
      setDraft(next);
      if (key === "q") {
        clearTimeout(timer.current);
        // Typing replaces the history entry; Back returns to the list as it was before the search.
        timer.current = setTimeout(() => go(next, true), SEARCH_DELAY_MS);
      } else if (key !== "fit" || next.fit === "" || /^(100|[1-9]?[0-9])$/.test(next.fit)) {
        go(next);
      }
    };
  }

  const searching = draft.q.trim() !== "";
  const sortValue = draft.sort || (searching ? "relevance" : "newest");

  return (
    <form
      role="search"
      aria-label="Candidates"
      method="get"
      action="/candidates"
      onSubmit={(event) => {
        event.preventDefault();
        go(draft);
      }}
      className="mb-5 space-y-3"
    >
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="candidate-search" className="block text-sm font-medium text-slate-800">
            Search
          </label>
          <input
            ref={searchRef}
            id="candidate-search"
            name="q"
            type="search"
            value={draft.q}
            onChange={change("q")}
            maxLength={200}
            autoComplete="off"
            placeholder="Name, e-mail, phone or a skill"
            className={cx(compactInputClass, "mt-1 w-full")}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
        {/* The order of the list, beside the search rather than at the end of the filters: there it wrapped onto a line of its own. */}
        <Filter id="filter-sort" label="Sort by">
          <select id="filter-sort" name="sort" value={sortValue} onChange={change("sort")} className={compactInputClass}>
            {(searching ? (["relevance", "newest", "fit", "name"] as const) : (["newest", "fit", "name"] as const)).map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </Filter>
      </div>
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2 text-sm">
        <Filter id="filter-job" label="Job">
          <select id="filter-job" name="job" value={draft.job} onChange={change("job")} className={cx(compactInputClass, "max-w-[14rem]")}>
            <option value="">All jobs</option>
            {jobs.map((job) => (
              <option key={job.id} value={String(job.id)}>
                {job.title}
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="filter-stage" label="Stage">
          <select id="filter-stage" name="stage" value={draft.stage} onChange={change("stage")} className={compactInputClass}>
            <option value="">Any stage</option>
            {stageOptions(jobs, draft).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="filter-source" label="Source">
          <select id="filter-source" name="source" value={draft.source} onChange={change("source")} className={compactInputClass}>
            <option value="">Any source</option>
            {Object.entries(APPLICATION_SOURCE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="filter-fit" label="Fit score at least">
          <input
            id="filter-fit"
            name="fit"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={draft.fit}
            onChange={change("fit")}
            className={cx(compactInputClass, "w-24")}
          />
        </Filter>
        <Filter id="filter-from" label="Applied from">
          <input id="filter-from" name="from" type="date" value={draft.from} max={draft.to || undefined} onChange={change("from")} className={compactInputClass} />
        </Filter>
        <Filter id="filter-to" label="Applied to">
          <input id="filter-to" name="to" type="date" value={draft.to} min={draft.from || undefined} onChange={change("to")} className={compactInputClass} />
        </Filter>
        <Filter id="filter-resume" label="Resume">
          <select id="filter-resume" name="resume" value={draft.resume} onChange={change("resume")} className={compactInputClass}>
            <option value="">Any</option>
            <option value="yes">With resume</option>
            <option value="no">Without resume</option>
          </select>
        </Filter>
        {(hasFilters(filters) || filters.sort) && (
          <Link href="/candidates" className="pb-2 text-sm font-medium text-indigo-700 hover:underline">
            Clear all
          </Link>
        )}
      </div>
    </form>
  );
}

function Filter({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1">{children}</div>
    </div>
  );
}
