"use client";

import type { QuickSearchResultDto } from "@hireflow/core/candidate/contract";
import { quickSearchSections } from "@hireflow/core/candidate/contract";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { SEARCH_MATCH_LABELS } from "@/lib/search-match";
import { useTrpc } from "@/lib/trpc";
import { cx } from "./ui";

const DEBOUNCE_MS = 150;

interface Option {
  id: string;
  href: string;
  label: string;
  detail: string;
  /** Why a candidate is listed (the relevance cue), in words. */
  cue?: string;
}

interface Group {
  label: string;
  options: Option[];
}

/**
 * The results in the order of quickSearchSections (candidates found by name, e-mail or phone; jobs;
 * candidates only a resume mentions or a similar spelling finds), then "All candidates matching".
 */
function options(q: string, result: QuickSearchResultDto | undefined): { groups: Group[]; all: Option | null } {
  const text = q.trim();
  const sections = result ? quickSearchSections(result) : [];
  let candidateGroups = 0;
  const groups = sections.map((section): Group => {
    if (section.kind === "jobs") {
      return { label: "Jobs", options: section.items.map((j) => ({ id: `qs-job-${j.id}`, href: `/jobs/${j.id}`, label: j.title, detail: j.is_active ? "Job" : "Job · inactive" })) };
    }
    return {
      label: candidateGroups++ === 0 ? "Candidates" : "More candidates",
      options: section.items.map((c) => ({
        id: `qs-candidate-${c.id}`,
        href: `/candidates/${c.id}`,
        label: c.name ?? c.email ?? `Candidate ${c.id}`,
        detail: [c.name ? c.email : null, c.job_title, c.stage_name].filter(Boolean).join(" · "),
        cue: c.match ? SEARCH_MATCH_LABELS[c.match] : undefined,
      })),
    };
  });
  return {
    groups,
    all: text ? { id: "qs-all", href: `/candidates?q=${encodeURIComponent(text)}`, label: `All candidates matching “${text}”`, detail: "Search" } : null,
  };
}

/**
 * The header's quick switcher: Ctrl+K (⌘K on a Mac) or the button opens a modal dialog (the native
 * <dialog>: focus stays inside, Escape closes, focus returns to where it was) with a combobox; type
 * a name, move with the arrow keys, Enter opens the candidate or the job.
 */
export function QuickSwitcher() {
  const trpc = useTrpc();
  const router = useRouter();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [debounced, setDebounced] = useState("");
  const [active, setActive] = useState(0);
  // The server renders "Ctrl K"; a Mac shows ⌘K once the page runs.
  const [mac, setMac] = useState(false);
  const ids = { title: useId(), list: useId(), hint: useId() };

  useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.platform));
    function onKey(event: globalThis.KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      inputRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const search = useQuery({
    queryKey: ["quickSearch", debounced],
    queryFn: async () => (await trpc.pipeline.quickSearch.query({ q: debounced })).data,
    enabled: open && debounced !== "",
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
  const results = options(q, debounced ? search.data : undefined);
  const flat = [...results.groups.flatMap((group) => group.options), ...(results.all ? [results.all] : [])];
  const activeIndex = flat.length ? Math.min(active, flat.length - 1) : -1;
  const activeOption = activeIndex >= 0 ? flat[activeIndex] : undefined;

  function close() {
    setOpen(false);
    setQ("");
    setDebounced("");
    setActive(0);
  }

  function choose(option: Option | undefined) {
    if (!option) return;
    close();
    router.push(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!flat.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + flat.length) % flat.length);
    } else if (event.key === "Home" && flat.length) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === "End" && flat.length) {
      event.preventDefault();
      setActive(flat.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(activeOption);
    }
  }

  const searching = debounced !== "" && (search.isFetching || debounced !== q.trim());
  const found = flat.length - (results.all ? 1 : 0);
  const status = !q.trim() ? "" : searching ? "Searching…" : found === 0 ? "No candidates or jobs found." : `${found} result${found === 1 ? "" : "s"}.`;

  const renderOption = (option: Option) => {
    const isActive = option.id === activeOption?.id;
    return (
      <div
        key={option.id}
        id={option.id}
        role="option"
        aria-selected={isActive}
        onMouseMove={() => setActive(flat.indexOf(option))}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(option)}
        className={cx("cursor-pointer rounded-md px-3 py-2", isActive ? "bg-indigo-600 text-white" : "text-slate-900")}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className="min-w-0 truncate text-sm font-medium">{option.label}</span>
          {option.cue && (
            <span className={cx("shrink-0 rounded px-1.5 text-xs ring-1 ring-inset", isActive ? "text-white ring-indigo-300" : "text-slate-700 ring-slate-300")}>
              <span className="sr-only">Match: </span>
              {option.cue}
            </span>
          )}
        </span>
        <span className={cx("block truncate text-xs", isActive ? "text-indigo-100" : "text-slate-600")}>{option.detail}</span>
      </div>
    );
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 3.4 9.83l3.63 3.64a.75.75 0 1 0 1.06-1.06l-3.63-3.64A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z" clipRule="evenodd" />
        </svg>
        <span>Search</span>
        <kbd className="hidden rounded border border-slate-300 px-1 font-sans text-xs text-slate-600 sm:inline">{mac ? "⌘K" : "Ctrl K"}</kbd>
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={ids.title}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside its content) closes it.
          if (event.target === dialogRef.current) close();
        }}
        className="mx-auto mt-[12vh] w-[min(36rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-3">
          <h2 id={ids.title} className="sr-only">
            Go to a candidate or a job
          </h2>
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label="Go to a candidate or a job"
            aria-expanded={flat.length > 0}
            aria-controls={ids.list}
            aria-activedescendant={activeOption?.id}
            aria-autocomplete="list"
            aria-describedby={ids.hint}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            value={q}
            placeholder="Type a name, an e-mail or a job title"
            onChange={(event) => {
              setQ(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="block w-full rounded-md border-0 px-3 py-2.5 text-base text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-indigo-600"
          />
          <p id={ids.hint} className="sr-only">
            Up and down arrows choose a result, Enter opens it, Escape closes.
          </p>
          {flat.length > 0 && (
          <div id={ids.list} role="listbox" aria-label="Results" className="mt-2 max-h-[60vh] overflow-y-auto">
            {results.groups.map((group) => (
              <div key={group.label} role="group" aria-label={group.label}>
                <div aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-semibold text-slate-600">
                  {group.label}
                </div>
                {group.options.map(renderOption)}
              </div>
            ))}
            {results.all && <div className="mt-1 border-t border-slate-100 pt-1">{renderOption(results.all)}</div>}
          </div>
          )}
          <p role="status" aria-live="polite" className="px-3 pt-2 text-xs text-slate-600">
            {status}
          </p>
        </div>
      </dialog>
    </>
  );
}
