import { type Prisma } from "@hireflow/db";
import { fileUrl } from "@hireflow/storage";

/**
 * What a webhook delivery of an event carries, built in one place: the delivery job (packages/worker,
 * webhooks/attempt.ts) sends `webhookBody()` and the Events API (`GET /api/v1/events`) shows the
 * same object as `payload`.
 */

/** An outbox event, as a delivery or the Events API reads it. */
export interface DeliveredEvent {
  id: string;
  companyId: number;
  type: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

/** The candidates a candidate.applied body reads; the delivery job's client and a company-scoped one both fit. */
export interface CandidateReader {
  candidate: {
    findMany(args: { where: Prisma.CandidateWhereInput; select: typeof appliedSelect }): PromiseLike<AppliedCandidateRow[]>;
  };
}

const RESUME_URL_TTL_SECONDS = 24 * 60 * 60;

const appliedSelect = {
  id: true,
  companyId: true,
  fitScore: true,
  createdAt: true,
  resumeBlobKey: true,
  resumeFilename: true,
  resumeContentType: true,
  resumeData: true,
} as const;

interface AppliedCandidateRow {
  id: number;
  companyId: number;
  fitScore: number | null;
  createdAt: Date;
  resumeBlobKey: string | null;
  resumeFilename: string | null;
  resumeContentType: string | null;
  resumeData: Prisma.JsonValue;
}

interface AppliedCandidateRef {
  id?: unknown;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  url?: string;
  stage?: string;
  stage_type?: string;
}

/** The scorecard notes an opted-in endpoint's scorecard.submitted delivery reads. */
export interface ScorecardNotesReader {
  scorecard: {
    findFirst(args: { where: { id: number; companyId: number }; select: { notes: true } }): PromiseLike<{ notes: string } | null>;
  };
}

/** What the endpoint a delivery goes to asked for beyond the event's own fields. */
export interface DeliveryOptions {
  /** The endpoint's `include_scorecard_notes`: scorecard.submitted carries `scorecard.notes`. */
  includeScorecardNotes?: boolean;
}

/**
 * The request body of a delivery: `{ event, occurred_at, …payload }` as JSON text. The body is built
 * per delivery, i.e. per endpoint: an endpoint with `include_scorecard_notes` gets a scorecard.submitted
 * body with the scorecard's notes, read now (the event itself never stores them, so the events API, the
 * outbox and every other endpoint never see them).
 */
export async function webhookBody(db: CandidateReader & ScorecardNotesReader, event: DeliveredEvent, options: DeliveryOptions = {}): Promise<string> {
  const [payload] = await webhookPayloads(db, [event]);
  if (options.includeScorecardNotes && event.type === "scorecard.submitted") return JSON.stringify(await withScorecardNotes(db, event, payload!));
  return JSON.stringify(payload);
}

async function withScorecardNotes(db: ScorecardNotesReader, event: DeliveredEvent, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const scorecard = payload.scorecard as Record<string, unknown> | undefined;
  const id = scorecard?.id;
  if (!scorecard || typeof id !== "number" || !Number.isSafeInteger(id)) return payload;
  // The background client is not company-scoped: the event's company filters.
  const row = await db.scorecard.findFirst({ where: { id, companyId: event.companyId }, select: { notes: true } });
  return { ...payload, scorecard: { ...scorecard, notes: row?.notes ?? null } };
}

/**
 * The bodies of several events (one query for all their candidates): `{ event, occurred_at, …payload }`
 * with exactly the spec's fields. For candidate.applied the parts that change or expire — the signed
 * resume URL (valid 24 h from now), resume_data, fit_score, applied_at — are read now; the rest is
 * what the event fixed when it happened.
 */
export async function webhookPayloads(db: CandidateReader, events: readonly DeliveredEvent[]): Promise<Record<string, unknown>[]> {
  const applied = events.filter((event) => event.type === "candidate.applied");
  const refs = applied.map((event) => candidateRef(event)).filter((id): id is number => id !== null);
  const rows = refs.length
    ? await db.candidate.findMany({
        where: { id: { in: [...new Set(refs)] }, companyId: { in: [...new Set(applied.map((event) => event.companyId))] } },
        select: appliedSelect,
      })
    : [];
  const byKey = new Map(rows.map((row) => [`${row.companyId}:${row.id}`, row]));
  return events.map((event) => {
    const id = event.type === "candidate.applied" ? candidateRef(event) : null;
    const payload = event.type === "candidate.applied" ? appliedPayload(event, id === null ? undefined : byKey.get(`${event.companyId}:${id}`)) : event.payload;
    return { event: event.type, occurred_at: event.occurredAt.toISOString(), ...payload };
  });
}

function candidateRef(event: DeliveredEvent): number | null {
  const id = (event.payload.candidate as AppliedCandidateRef | undefined)?.id;
  return typeof id === "number" && Number.isSafeInteger(id) ? id : null;
}

function appliedPayload(event: DeliveredEvent, row: AppliedCandidateRow | undefined): Record<string, unknown> {
  const ref = (event.payload.candidate ?? {}) as AppliedCandidateRef;
  const resumeUrl = row?.resumeBlobKey
    ? fileUrl({ key: row.resumeBlobKey, filename: row.resumeFilename ?? "resume", contentType: row.resumeContentType ?? undefined, expiresInSeconds: RESUME_URL_TTL_SECONDS })
    : null;
  return {
    candidate: {
      id: ref.id,
      name: ref.name,
      email: ref.email,
      phone: ref.phone,
      // Where the application landed (the job's first applied-type stage); absent from events recorded before job pipelines.
      ...(ref.stage !== undefined && { stage: ref.stage, stage_type: ref.stage_type }),
      fit_score: row?.fitScore == null ? null : Math.round(row.fitScore),
      applied_at: (row?.createdAt ?? event.occurredAt).toISOString(),
      resume_url: resumeUrl,
      resume_data: (row?.resumeData as Record<string, unknown> | null | undefined) ?? null,
      url: ref.url,
    },
    job: event.payload.job,
    company: event.payload.company,
  };
}
