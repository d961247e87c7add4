import { type PrismaClient } from "@hireflow/db";
import { fileUrl } from "@hireflow/storage";

/** The outbox event a delivery sends. */
export interface DeliveredEvent {
  id: string;
  companyId: number;
  type: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

const RESUME_URL_TTL_SECONDS = 24 * 60 * 60;

/**
 * The request body: `{ event, occurred_at, …payload }` with exactly the spec's fields. For
 * candidate.applied the parts that change or expire — the signed resume URL (valid 24 h from this
 * attempt), resume_data, fit_score, applied_at — are read now; the rest is what the event fixed.
 */
export async function webhookBody(prisma: PrismaClient, event: DeliveredEvent): Promise<string> {
  const payload = event.type === "candidate.applied" ? await appliedPayload(prisma, event) : event.payload;
  return JSON.stringify({ event: event.type, occurred_at: event.occurredAt.toISOString(), ...payload });
}

interface AppliedCandidateRef {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  url: string;
}

async function appliedPayload(prisma: PrismaClient, event: DeliveredEvent): Promise<Record<string, unknown>> {
  const ref = event.payload.candidate as AppliedCandidateRef;
  const row = await prisma.candidate.findFirst({
    where: { id: ref.id, companyId: event.companyId },
    select: { fitScore: true, createdAt: true, resumeBlobKey: true, resumeFilename: true, resumeContentType: true, resumeData: true },
  });
  const resumeUrl = row?.resumeBlobKey
    ? fileUrl({ key: row.resumeBlobKey, filename: row.resumeFilename ?? "resume", contentType: row.resumeContentType ?? undefined, expiresInSeconds: RESUME_URL_TTL_SECONDS })
    : null;
  return {
    candidate: {
      id: ref.id,
      name: ref.name,
      email: ref.email,
      phone: ref.phone,
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
