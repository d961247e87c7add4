import { z } from "zod";
import { PLACEHOLDER } from "../../mail/contract/templates.ts";
import { storableText } from "../../../kernel/contract/common.ts";

/**
 * The offer letter's template (Settings → Offers): the company's own HTML with {{placeholders}}. The
 * placeholders, limits and formats live here, browser-safe, so the settings form's live preview checks
 * and fills a template with exactly the rules the server renders the PDF with. The rules are the e-mail
 * templates' (mail/contract/templates.ts): the same placeholder syntax, an unknown placeholder is a 400
 * that names it, and every value is escaped where it is put in (letter/render-html.ts).
 */
export const LETTER_PLACEHOLDERS = {
  "candidate.name": "The candidate's full name",
  "candidate.first_name": "The first word of the candidate's name",
  "company.name": "The company's name",
  "job.title": "The job title of the offer (it may differ from the posting's)",
  "offer.start_date": 'The start date, e.g. "1 March 2027"',
  "offer.salary": 'The salary with its currency and period, e.g. "EUR 85,000 per year"',
  "offer.bonus": 'The bonus with its currency, e.g. "EUR 10,000" (empty without one)',
  "offer.equity": "The equity, as written in the offer (empty without one)",
  "offer.expires_at": 'When the offer expires, e.g. "1 March 2027, 17:00 UTC" (empty without an expiry)',
} as const;

export type LetterPlaceholder = keyof typeof LETTER_PLACEHOLDERS;

export const LETTER_PLACEHOLDER_NAMES = Object.keys(LETTER_PLACEHOLDERS) as LetterPlaceholder[];

/** A letter is a page or two of HTML; the bound keeps what the PDF step lays out (and stores) small. */
export const LETTER_TEMPLATE_MAX = 20_000;

/** Names a template uses that are not letter placeholders, in order of appearance, each once. */
export function unknownLetterPlaceholders(template: string): string[] {
  const found = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !Object.hasOwn(LETTER_PLACEHOLDERS, name));
  return [...new Set(found)];
}

/**
 * The built-in letter (a company's null template). It names the five facts a letter cannot do without
 * — the candidate, the job title, the start date, the salary and the expiry — so a company that never
 * edits it still sends a complete letter. Bonus and equity are left to the company's own template: a
 * line such as "Bonus: " reads as a mistake when the offer has none. The facts are a list of labelled
 * lines so that an offer without an expiry still reads as a blank field, not as a broken sentence.
 */
export const DEFAULT_LETTER_TEMPLATE = [
  "<h1>Offer of employment</h1>",
  "<p>Dear {{candidate.name}},</p>",
  "<p>We are delighted to offer you the position of <strong>{{job.title}}</strong> at {{company.name}}, on the following terms:</p>",
  "<ul>",
  "  <li><strong>Position:</strong> {{job.title}}</li>",
  "  <li><strong>Start date:</strong> {{offer.start_date}}</li>",
  "  <li><strong>Salary:</strong> {{offer.salary}}</li>",
  "  <li><strong>This offer is open until:</strong> {{offer.expires_at}}</li>",
  "</ul>",
  "<p>To accept, sign this letter electronically before the offer expires. If you have any questions, reply to the e-mail that brought you this letter and we will be glad to help.</p>",
  "<p>We look forward to welcoming you to the team.</p>",
  "<p>Kind regards,<br>{{company.name}}</p>",
].join("\n");

const PLACEHOLDER_LIST = LETTER_PLACEHOLDER_NAMES.map((name) => `{{${name}}}`).join(", ");

/** A company's template as Settings → Offers saves it: trimmed, bounded, storable, and only known placeholders. */
export const letterTemplateSchema = storableText(
  z
    .string()
    .trim()
    .min(1, "Required")
    .max(LETTER_TEMPLATE_MAX, `Must be at most ${LETTER_TEMPLATE_MAX} characters`),
).superRefine((value, ctx) => {
  const unknown = unknownLetterPlaceholders(value);
  if (unknown.length) {
    const names = unknown.map((name) => `{{${name}}}`).join(", ");
    ctx.addIssue({ code: "custom", message: `Unknown placeholder${unknown.length > 1 ? "s" : ""} ${names}: use one of ${PLACEHOLDER_LIST}` });
  }
});

/** An amount as a letter states it; the offer's salary and bonus (contract/offer.ts) fit it. */
export interface LetterMoney {
  /** Major units (85000 for EUR 85,000); a fraction is shown with two decimals ("USD 40.50"). */
  amount: number;
  /** ISO 4217 code, e.g. "EUR". */
  currency: string;
  /** How often it is paid ("per year"); a bonus has none. */
  period?: "year" | "month" | "week" | "day" | "hour" | null;
}

// Grouping only (en-US: "85,000"); the currency is written as its code, so no Intl currency data
// (symbols, placement, minor units) decides what a letter says.
const WHOLE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "EUR 85,000 per year", "USD 40 per hour", "EUR 10,000" (no period). */
export function formatMoney({ amount, currency, period }: LetterMoney): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  const number = Number.isInteger(amount) ? WHOLE.format(amount) : CENTS.format(amount);
  const text = `${currency.trim().toUpperCase()} ${number}`;
  return period ? `${text} per ${period}` : text;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "2027-03-01" → "1 March 2027". The date is read as written, not through a Date in some time zone
 * (a start date is a calendar day, the same wherever the letter is read). Anything that is not a real
 * calendar day comes back as given, so a half-typed value in the preview never throws.
 */
export function formatLetterDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return date;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

function dateTimeParts(at: Date, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  });
  return Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
}

/**
 * An instant in the company's time zone: "1 March 2027, 17:00 UTC", "1 March 2027, 18:00 CET". An
 * unknown time zone falls back to UTC rather than failing a letter; an invalid instant comes back as given.
 */
export function formatLetterDateTime(at: Date | string, timeZone = "UTC"): string {
  const instant = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(instant.getTime())) return String(at);
  let parts: Record<string, string>;
  try {
    parts = dateTimeParts(instant, timeZone);
  } catch {
    parts = dateTimeParts(instant, "UTC");
  }
  const zone = parts.timeZoneName === "GMT" && timeZone.toUpperCase() === "UTC" ? "UTC" : parts.timeZoneName;
  return `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]} ${parts.year}, ${parts.hour}:${parts.minute} ${zone}`;
}
