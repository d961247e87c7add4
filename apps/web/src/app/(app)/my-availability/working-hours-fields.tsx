"use client";

import { Button, cx, inputClass } from "@/components/ui";
import { DAY_NAMES, nextRange, rangeLabel, type RangeErrors, type RangeRow, WEEKDAYS } from "./availability-draft";

/**
 * Working hours per weekday: a fieldset per day (its legend names it), one or more ranges in it,
 * each with From and To and a Remove button, and "Add a range". On a phone the day's name sits
 * above its ranges; from a small screen up, beside them.
 */
export function WorkingHoursFields({ rows, onChange, errors }: { rows: RangeRow[]; onChange: (rows: RangeRow[]) => void; errors: RangeErrors }) {
  const update = (key: string, patch: Partial<RangeRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <div className="divide-y divide-slate-100" data-testid="working-hours">
      {WEEKDAYS.map((day) => {
        const dayRows = rows.filter((row) => row.day === day);
        const name = DAY_NAMES[day];
        return (
          <fieldset key={day} className="py-3 first:pt-0 last:pb-0" data-testid={`working-hours-${day}`}>
            {/*
              Floated from a small screen up only: the ranges' grid, a formatting context of its own, is laid
              beside a float, and beside a full-width one on a phone it was squeezed past the screen's edge.
            */}
            <legend className="mb-2 w-full text-sm font-medium text-slate-900 sm:float-left sm:mb-0 sm:w-28 sm:pt-2">{name}</legend>
            <div className="space-y-2 sm:ml-28">
              {dayRows.length === 0 && <p className="text-sm text-slate-600 sm:pt-2">Not working</p>}
              {dayRows.map((row, index) => {
                const error = errors[row.key];
                const errorId = `range-${row.key}-error`;
                const messages = [error?.row, error?.start, error?.end].filter(Boolean);
                return (
                  <div key={row.key} data-testid="working-range">
                    <div className="grid grid-cols-2 items-end gap-2 sm:flex">
                      <div className="space-y-1">
                        <label htmlFor={`range-${row.key}-start`} className="block text-xs font-medium text-slate-700">
                          From<span className="sr-only">, {name} range {index + 1}</span>
                        </label>
                        <input
                          id={`range-${row.key}-start`}
                          type="time"
                          step={300}
                          value={row.start}
                          onChange={(e) => update(row.key, { start: e.target.value })}
                          aria-invalid={error?.start || error?.row ? true : undefined}
                          aria-describedby={messages.length ? errorId : undefined}
                          className={cx(inputClass, "sm:w-36")}
                        />
                      </div>
                      <div className="space-y-1">
                        <label htmlFor={`range-${row.key}-end`} className="block text-xs font-medium text-slate-700">
                          To<span className="sr-only">, {name} range {index + 1}</span>
                        </label>
                        <input
                          id={`range-${row.key}-end`}
                          type="time"
                          step={300}
                          value={row.end}
                          onChange={(e) => update(row.key, { end: e.target.value })}
                          aria-invalid={error?.end || error?.row ? true : undefined}
                          aria-describedby={messages.length ? errorId : `working-hours-midnight`}
                          className={cx(inputClass, "sm:w-36")}
                        />
                      </div>
                      <Button variant="ghost" className="col-span-2 justify-self-start sm:col-span-1" onClick={() => onChange(rows.filter((r) => r.key !== row.key))} aria-label={`Remove ${name} ${rangeLabel(row)}`}>
                        Remove
                      </Button>
                    </div>
                    {messages.length > 0 && (
                      <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
                        {messages.join(" ")}
                      </p>
                    )}
                  </div>
                );
              })}
              <Button variant="secondary" onClick={() => onChange([...rows, nextRange(rows, day)])}>
                Add a range<span className="sr-only"> on {name}</span>
              </Button>
            </div>
          </fieldset>
        );
      })}
      <p id="working-hours-midnight" className="pt-3 text-xs text-slate-600">
        An end of 00:00 means midnight, the end of the day. Ranges of one day may touch (12:00–13:00 and 13:00–17:00) but not overlap.
      </p>
    </div>
  );
}
