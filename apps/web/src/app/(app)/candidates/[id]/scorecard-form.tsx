"use client";

import { ATTRIBUTE_RATINGS, RATING_LABELS, RECOMMENDATIONS, type AttributeRating, type Recommendation, type ScorecardFormDto } from "@hireflow/core/interview/contract";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { InterviewWhen } from "@/components/interview-when";
import { Alert, Button, describedBy, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

/**
 * The signed-in member's scorecard for one interview of theirs (scorecards.submit, the procedure the
 * API's POST /interviews/{id}/scorecards runs): a rating per attribute of the kit, the overall
 * recommendation and notes. Submitting again edits it, until the candidate is hired or rejected.
 * Named by its interview and time (two interviews of one kit have the same title), and reached by
 * its anchor `#scorecard-{interview id}` (My interviews' "Submit scorecard"), which scrolls to it and
 * focuses its heading.
 */
export function ScorecardForm({ form, locked, memberZone }: { form: ScorecardFormDto; locked: boolean; memberZone: string | null }) {
  const trpc = useTrpc();
  const router = useRouter();
  const own = form.scorecard;
  const initial = Object.fromEntries(form.attributes.map((attribute) => [attribute, own?.ratings.find((r) => r.attribute === attribute)?.rating ?? "not_assessed"])) as Record<string, AttributeRating>;
  const [ratings, setRatings] = useState(initial);
  const [recommendation, setRecommendation] = useState<Recommendation | "">(own?.recommendation ?? "");
  const [notes, setNotes] = useState(own?.notes ?? "");
  const [missing, setMissing] = useState(false);
  const [saved, setSaved] = useState(false);
  const prefix = `scorecard-${form.interview.id}`;
  const heading = useRef<HTMLHeadingElement>(null);

  // The browser scrolls to an anchor only if the element is there on load; this form also arrives by a
  // client-side navigation, and a screen reader should start at it, so focus it as well.
  useEffect(() => {
    function land() {
      if (window.location.hash !== `#${prefix}` || !heading.current) return;
      heading.current.scrollIntoView({ block: "start" });
      heading.current.focus({ preventScroll: true });
    }
    land();
    window.addEventListener("hashchange", land);
    return () => window.removeEventListener("hashchange", land);
  }, [prefix]);

  const submit = useMutation({
    mutationFn: () =>
      trpc.scorecards.submit.mutate({
        id: String(form.interview.id),
        ratings: form.attributes.map((attribute) => ({ attribute, rating: ratings[attribute] ?? "not_assessed" })),
        recommendation: recommendation as Recommendation,
        notes,
      }),
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });
  const error = submit.error ? errorInfo(submit.error) : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setMissing(!recommendation);
    if (recommendation) submit.mutate();
  }

  if (locked) return null;
  const recommendationError = missing ? "Choose a recommendation" : error?.fields.recommendation;
  return (
    <form id={prefix} onSubmit={onSubmit} className="scroll-mt-4 space-y-4" aria-labelledby={`${prefix}-title ${prefix}-when`} data-testid="scorecard-form" data-interview-id={form.interview.id}>
      <div>
        <h3 id={`${prefix}-title`} ref={heading} tabIndex={-1} className="rounded-sm text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
          {own ? "Edit your scorecard" : "Your scorecard"}: {form.interview.title}
          {form.interview.kit && <span className="font-normal text-slate-600"> ({form.interview.kit})</span>}
        </h3>
        <p id={`${prefix}-when`} className="text-sm text-slate-700">
          <InterviewWhen start={form.interview.start_at} end={form.interview.end_at} bookedZone={form.interview.time_zone} memberZone={memberZone} />
        </p>
      </div>
      {form.instructions && <p className="text-sm whitespace-pre-wrap text-slate-600">{form.instructions}</p>}
      {form.questions.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {form.questions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ul>
      )}
      {form.attributes.map((attribute, index) => (
        <fieldset key={attribute} className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-800">{attribute}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {ATTRIBUTE_RATINGS.map((rating) => (
              <label key={rating} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
                <input
                  type="radio"
                  name={`${prefix}-attribute-${index}`}
                  value={rating}
                  checked={ratings[attribute] === rating}
                  onChange={() => setRatings((current) => ({ ...current, [attribute]: rating }))}
                />
                {RATING_LABELS[rating]}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <Field id={`${prefix}-recommendation`} label="Overall recommendation" required error={recommendationError}>
        <select
          className={inputClass}
          value={recommendation}
          required
          onChange={(event) => setRecommendation(event.target.value as Recommendation)}
          {...describedBy(`${prefix}-recommendation`, recommendationError)}
        >
          <option value="">Choose…</option>
          {RECOMMENDATIONS.map((value) => (
            <option key={value} value={value}>
              {RATING_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${prefix}-notes`} label="Notes" hint="For the hiring team; never sent in webhooks" error={error?.fields.notes}>
        <textarea className={inputClass} rows={4} value={notes} onChange={(event) => setNotes(event.target.value)} {...describedBy(`${prefix}-notes`, error?.fields.notes, true)} />
      </Field>
      {error && !error.fields.recommendation && !error.fields.notes && <Alert title="The scorecard was not saved">{error.message}</Alert>}
      {saved && !submit.isPending && (
        <p role="status" className="text-sm text-green-800" data-testid="scorecard-saved">
          Scorecard saved.
        </p>
      )}
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? "Saving…" : own ? "Save changes" : "Submit scorecard"}
      </Button>
    </form>
  );
}
