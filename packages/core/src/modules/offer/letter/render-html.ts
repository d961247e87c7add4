import { escapeHtml } from "../../../kernel/html.ts";
import { PLACEHOLDER } from "../../mail/contract/templates.ts";
import { formatLetterDate, formatLetterDateTime, formatMoney, LETTER_PLACEHOLDERS, type LetterMoney, type LetterPlaceholder } from "../contract/letter-template.ts";

/**
 * The offer letter's HTML: the company's template with the offer's facts put in. Pure and browser-safe
 * (no node: modules), so the settings page's live preview fills a template with the very function the
 * server renders the PDF from.
 *
 * The template is the company's own markup and is not escaped; every value is, so a candidate named
 * `<script>alert(1)</script>` is text wherever the letter is shown. What the template itself may do is
 * bounded elsewhere: the PDF step (letter/pdf.ts) lays out a fixed subset of tags as text and drops
 * script, style and the like, and the web preview shows the HTML in a sandboxed iframe.
 */
export type LetterValues = Partial<Record<LetterPlaceholder, string | null>>;

export interface LetterFacts {
  candidateName: string;
  companyName: string;
  /** The offer's job title (it may differ from the posting's). */
  jobTitle: string;
  /** A calendar day, YYYY-MM-DD. */
  startDate: string;
  salary: LetterMoney;
  bonus?: LetterMoney | null;
  /** Free text as the offer states it, e.g. "0.05% in options, vesting over 4 years". */
  equity?: string | null;
  expiresAt?: Date | string | null;
  /** The company's IANA time zone for the expiry ("Europe/Berlin"); UTC without one. */
  timeZone?: string | null;
}

/** Every placeholder's text for one offer; the optional facts are empty strings when the offer has none. */
export function letterValues(facts: LetterFacts): Record<LetterPlaceholder, string> {
  const name = facts.candidateName.trim();
  return {
    "candidate.name": name,
    "candidate.first_name": name.split(/\s+/)[0] ?? "",
    "company.name": facts.companyName,
    "job.title": facts.jobTitle,
    "offer.start_date": formatLetterDate(facts.startDate),
    "offer.salary": formatMoney(facts.salary),
    "offer.bonus": facts.bonus ? formatMoney(facts.bonus) : "",
    "offer.equity": facts.equity?.trim() ?? "",
    "offer.expires_at": facts.expiresAt ? formatLetterDateTime(facts.expiresAt, facts.timeZone ?? "UTC") : "",
  };
}

/**
 * The template with each known placeholder replaced by its escaped value. A name that is not a letter
 * placeholder (or has no value here) stays as written, so the preview can point at it; saving such a
 * template is refused by letterTemplateSchema. Own-property checks keep names like {{constructor}} from
 * reaching Object.prototype.
 */
export function renderLetterHtml(template: string, values: LetterValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(LETTER_PLACEHOLDERS, name) || !Object.hasOwn(values, name)) return whole;
    return escapeHtml(values[name as LetterPlaceholder] ?? "");
  });
}
