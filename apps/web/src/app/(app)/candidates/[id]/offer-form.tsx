"use client";

import type { OfferDetailDto } from "@hireflow/core/offer/contract";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert, Button, describedBy, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

const CURRENCIES = ["EUR", "USD", "GBP", "CHF", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN", "INR", "JPY", "SGD"];
const PERIODS = [
  { value: "year", label: "per year" },
  { value: "month", label: "per month" },
  { value: "hour", label: "per hour" },
] as const;

/** An instant as the value of <input type=datetime-local> in the browser's zone ("2027-02-15T17:00"). */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * Drafts an offer (offers.create) or changes one (offers.update): a change to a term makes a new
 * version, which is approved and sent again. Amounts are whole units of the currency; the deadline is
 * in the member's own time zone.
 */
export function OfferForm({ candidateId, jobTitle, offer, onDone }: { candidateId: number; jobTitle: string; offer?: OfferDetailDto; onDone: () => void }) {
  const trpc = useTrpc();
  const router = useRouter();
  const [startDate, setStartDate] = useState(offer?.start_date ?? "");
  const [title, setTitle] = useState(offer?.job_title ?? jobTitle);
  const [amount, setAmount] = useState(offer ? String(offer.salary.amount) : "");
  const [currency, setCurrency] = useState(offer?.salary.currency ?? "EUR");
  const [period, setPeriod] = useState<(typeof PERIODS)[number]["value"]>(offer?.salary.period ?? "year");
  const [bonus, setBonus] = useState(offer?.bonus ? String(offer.bonus.amount) : "");
  const [equity, setEquity] = useState(offer?.equity ?? "");
  const [expiresAt, setExpiresAt] = useState(localInput(offer?.expires_at ?? null));
  const [notes, setNotes] = useState(offer?.notes ?? "");
  const currencies = CURRENCIES.includes(currency) ? CURRENCIES : [currency, ...CURRENCIES];

  const save = useMutation({
    mutationFn: () => {
      const terms = {
        start_date: startDate,
        job_title: title.trim(),
        salary: { amount: Number(amount), currency, period },
        bonus: bonus.trim() ? { amount: Number(bonus), currency } : null,
        equity: equity.trim() || null,
        expires_at: expiresAt ? new Date(expiresAt).toISOString() : null,
        notes,
      };
      return offer ? trpc.offers.update.mutate({ id: String(offer.id), ...terms }) : trpc.offers.create.mutate({ candidate_id: candidateId, ...terms });
    },
    onSuccess: () => {
      onDone();
      router.refresh();
    },
  });
  const error = save.error ? errorInfo(save.error) : null;
  const fieldError = (field: string) => error?.fields[field];
  const salaryError = fieldError("salary.amount") ?? fieldError("salary.currency") ?? fieldError("salary");

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-md border border-slate-200 p-4" noValidate aria-labelledby="offer-form-heading">
      <h3 id="offer-form-heading" className="text-sm font-semibold text-slate-900">
        {offer ? `Change offer (makes version ${offer.version + 1})` : "Draft an offer"}
      </h3>
      {error && !Object.keys(error.fields).length && <Alert title="Could not save the offer">{error.message}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="offer-start" label="Start date" error={fieldError("start_date")} required>
          <input {...describedBy("offer-start", fieldError("start_date"))} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} className={inputClass} required />
        </Field>
        <Field id="offer-title" label="Job title" error={fieldError("job_title")} required>
          <input {...describedBy("offer-title", fieldError("job_title"))} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} className={inputClass} required />
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="offer-salary" label="Salary" error={salaryError} required>
          <input {...describedBy("offer-salary", salaryError)} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^0-9]/g, ""))} className={inputClass} required />
        </Field>
        <Field id="offer-currency" label="Currency">
          <select id="offer-currency" value={currency} onChange={(e) => setCurrency(e.target.value)} className={inputClass}>
            {currencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </Field>
        <Field id="offer-period" label="Paid">
          <select id="offer-period" value={period} onChange={(e) => setPeriod(e.target.value as typeof period)} className={inputClass}>
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="offer-bonus" label={`Bonus (${currency}, optional)`} error={fieldError("bonus.amount") ?? fieldError("bonus")}>
          <input {...describedBy("offer-bonus", fieldError("bonus.amount"))} inputMode="numeric" value={bonus} onChange={(e) => setBonus(e.target.value.replace(/[^0-9]/g, ""))} className={inputClass} />
        </Field>
        <Field id="offer-expires" label="Open until (optional)" error={fieldError("expires_at")} hint="In your time zone; after it the candidate's link stops working.">
          <input {...describedBy("offer-expires", fieldError("expires_at"), true)} type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} className={inputClass} />
        </Field>
      </div>
      <Field id="offer-equity" label="Equity (optional)" error={fieldError("equity")}>
        <input {...describedBy("offer-equity", fieldError("equity"))} value={equity} onChange={(e) => setEquity(e.target.value)} maxLength={1000} className={inputClass} placeholder="e.g. 0.05% in options, vesting over 4 years" />
      </Field>
      <Field id="offer-notes" label="Notes for the team" error={fieldError("notes")} hint="Never shown to the candidate.">
        <textarea {...describedBy("offer-notes", fieldError("notes"), true)} value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} className={inputClass} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : offer ? "Save new version" : "Save draft"}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
