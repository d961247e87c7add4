import { poolOf } from "@hireflow/db";
import { actorUserId, type ServiceContext } from "../../kernel/context.ts";
import { baseClientOf } from "../../kernel/tenancy.ts";
import { type OfferView } from "./serialize.ts";

/**
 * GET /offers/{id} as one typed SQL statement on Prisma's own pool, as GET candidate reads its row
 * (candidate/read.ts). Through Prisma the same read (an include of versions and decisions with their
 * approvers, as LATERAL joins) cost 2.8 × GET candidate's CPU per request (docs/BENCHMARKS.md); here
 * the versions and decisions come as two JSON arrays of only what the API shows (no letter HTML, no
 * token hash). Who may see the offer is access.ts's rule (visibleOffers) written in SQL: the company's
 * filter, and for a recruiter a hiring team they lead or an approval step they are on.
 * offer-read.test.ts checks the row serializes exactly as Prisma's does, and the visibility rule.
 */
const OFFER_COLUMNS = `o.id, o.company_id AS "companyId", o.candidate_id AS "candidateId", o.job_id AS "jobId", o.status::text AS status,
    o.version, o.start_date::text AS "startDate", o.job_title AS "jobTitle", o.salary_amount AS "salaryAmount",
    o.salary_currency AS "salaryCurrency", o.salary_period::text AS "salaryPeriod", o.bonus_amount AS "bonusAmount",
    o.bonus_currency AS "bonusCurrency", o.equity, o.expires_at AS "expiresAt", o.notes, o.approval_steps AS "approvalSteps",
    o.approver_ids::text[] AS "approverIds", o.approval_round AS "approvalRound", o.approval_step AS "approvalStep",
    o.sent_at AS "sentAt", o.accepted_at AS "acceptedAt", o.declined_at AS "declinedAt", o.decline_reason AS "declineReason",
    o.withdrawn_at AS "withdrawnAt", o.expired_at AS "expiredAt", o.signature_name AS "signatureName", o.signed_at AS "signedAt",
    o.signature_ip AS "signatureIp", o.signature_user_agent AS "signatureUserAgent",
    o.signed_document_sha256 AS "signedDocumentSha256", o.signed_copy_key AS "signedCopyKey",
    o.created_by_id::text AS "createdById", o.created_at AS "createdAt", o.updated_at AS "updatedAt"`;

// Instants as epoch milliseconds and dates as day numbers: JSON has no date type, and a number is the
// cheapest thing to turn back into one.
const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

const VERSIONS = `(SELECT coalesce(json_agg(json_build_array(v.number, v.start_date - DATE '1970-01-01', v.job_title, v.salary_amount,
      v.salary_currency, v.salary_period, v.bonus_amount, v.bonus_currency, v.equity, ${epochMs("v.expires_at")}, v.letter_key,
      ${epochMs("v.created_at")}) ORDER BY v.number DESC), '[]') FROM offer_versions v WHERE v.offer_id = o.id)`;

const APPROVALS = `(SELECT coalesce(json_agg(json_build_array(a.id, a.approver_id, u.name, u.email, a.decision, a.comment, a.step,
      a.version, a.round, ${epochMs("a.created_at")}) ORDER BY a.id), '[]')
    FROM offer_approvals a JOIN users u ON u.id = a.approver_id WHERE a.offer_id = o.id)`;

const OFFER_SELECT = `SELECT ${OFFER_COLUMNS}, ${VERSIONS} AS versions, ${APPROVALS} AS approvals FROM offers o`;

const OFFER_BY_ID = { name: "hireflow_offer_by_id", text: `${OFFER_SELECT} WHERE o.company_id = $1 AND o.id = $2` };
const OFFER_BY_ID_FOR_RECRUITER = {
  name: "hireflow_offer_by_id_for_recruiter",
  text: `${OFFER_SELECT} WHERE o.company_id = $1 AND o.id = $2
    AND ($3::uuid = ANY(o.approver_ids) OR EXISTS (SELECT 1 FROM job_hiring_team_leads l WHERE l.job_id = o.job_id AND l.user_id = $3::uuid))`,
};

type VersionTuple = [number, number, string, number, string, string, number | null, string | null, string | null, number | null, string | null, number];
type ApprovalTuple = [number, string, string | null, string, string, string, number, number, number, number];
type OfferSqlRow = Omit<OfferView, "startDate" | "versions" | "approvals"> & { startDate: string; versions: VersionTuple[]; approvals: ApprovalTuple[] };

const DAY_MS = 86_400_000;
const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

function toOfferView(r: OfferSqlRow): OfferView {
  return {
    ...r,
    startDate: new Date(r.startDate),
    versions: r.versions.map(([number, startDay, jobTitle, salaryAmount, salaryCurrency, salaryPeriod, bonusAmount, bonusCurrency, equity, expiresAt, letterKey, createdAt]) => ({
      number,
      startDate: new Date(startDay * DAY_MS),
      jobTitle,
      salaryAmount,
      salaryCurrency,
      salaryPeriod: salaryPeriod as OfferView["salaryPeriod"],
      bonusAmount,
      bonusCurrency,
      equity,
      expiresAt: dateOf(expiresAt),
      letterKey,
      createdAt: new Date(createdAt),
    })),
    approvals: r.approvals.map(([id, approverId, name, email, decision, comment, step, version, round, createdAt]) => ({
      id,
      approver: { id: approverId, name, email },
      decision: decision as OfferView["approvals"][number]["decision"],
      comment,
      step,
      version,
      round,
      createdAt: new Date(createdAt),
    })),
  };
}

/**
 * The offer as GET shows it, or null when the member may not see it or it is another company's. An
 * interviewer never reaches this (trpc.ts answers 404 first); for one, as in visibleOffers, nothing.
 * A transaction's client, or one not made by createPrismaClient, has no pool of its own: undefined
 * then, and the caller reads through Prisma.
 */
export async function readVisibleOffer(svc: ServiceContext, id: number): Promise<OfferView | null | undefined> {
  const base = baseClientOf(svc.db);
  if (!base) return undefined;
  const userId = actorUserId(svc.actor);
  const everyOffer = !userId || !svc.role || svc.role === "owner" || svc.role === "admin";
  if (!everyOffer && svc.role === "interviewer") return null;
  const { rows } = await poolOf(base).query<OfferSqlRow>(
    everyOffer ? { ...OFFER_BY_ID, values: [svc.companyId, id] } : { ...OFFER_BY_ID_FOR_RECRUITER, values: [svc.companyId, id, userId] },
  );
  return rows[0] ? toOfferView(rows[0]) : null;
}
