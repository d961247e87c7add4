import { randomBytes } from "node:crypto";
import { addNote, candidateInclude, changeStage, createCandidate, lockCandidate, systemContext } from "@hireflow/core";
import { getPrisma, poolOf, type Prisma } from "@hireflow/db";
import { settleBackgroundWork, testingTheBuild } from "../../helpers/built-server.ts";
import { addJob, type TestCompany } from "../../helpers/fixtures.ts";
import { label, type Operation } from "./operations.ts";
import { createPublishedEvent } from "@hireflow/db/testing/outbox";

/**
 * One of each resource the API addresses by id, for one company, and the rule that maps a path
 * parameter or an `*_id` field to the kind of resource it names.
 */
export type ResourceKind = "candidate" | "job" | "department" | "webhook_endpoint" | "webhook_delivery" | "event" | "reject_reason" | "interview" | "interview_kit" | "scorecard" | "user" | "offer" | "pending_offer" | "approved_offer" | "scheduling_link";
/** The kinds named by integer ids (every one but events and members, whose ids are UUIDs). */
export type NumericResourceKind = Exclude<ResourceKind, "event" | "user">;
export type Resources = Record<NumericResourceKind, number> & { event: string; user: string };

// The collection segment in front of `{id}` → the resource it names.
const COLLECTIONS: Record<string, ResourceKind> = {
  candidates: "candidate",
  jobs: "job",
  webhook_endpoints: "webhook_endpoint",
  webhook_deliveries: "webhook_delivery",
  deliveries: "webhook_delivery",
  events: "event",
  reject_reasons: "reject_reason",
  interviews: "interview",
  scorecards: "scorecard",
  users: "user",
  offers: "offer",
  scheduling_links: "scheduling_link",
};

// Body and query fields that reference a resource.
const ID_FIELDS: Record<string, NumericResourceKind> = {
  candidate_id: "candidate",
  job_id: "job",
  department_id: "department",
  webhook_endpoint_id: "webhook_endpoint",
  endpoint_id: "webhook_endpoint",
  webhook_delivery_id: "webhook_delivery",
  delivery_id: "webhook_delivery",
  reject_reason_id: "reject_reason",
  // POST /interviews: a kit of the job's interview plan (job.stages[].interviews[].id), not a scheduled interview.
  interview_id: "interview_kit",
};

const normalise = (segment: string) => segment.toLowerCase().replace(/-/g, "_");

/** The resource a path parameter names, from the segment before it; undefined when unknown. */
export function pathParamKind(op: Operation, param: string): ResourceKind | undefined {
  const segments = op.path.split("/").filter(Boolean);
  const at = segments.indexOf(`{${param}}`);
  return at > 0 ? COLLECTIONS[normalise(segments[at - 1]!)] : undefined;
}

/** The resource an `…_id` body or query field names; undefined for other fields. */
export function idFieldKind(field: string): NumericResourceKind | undefined {
  return ID_FIELDS[normalise(field)];
}

export const isIdField = (field: string) => /(^|_)id$/.test(normalise(field));

// Body and query fields naming members (UUIDs): one or a list.
// on_behalf_of: the interviewer an API key submits a scorecard for (POST /interviews/{id}/scorecards).
// hiring_team_lead_ids: a job's hiring team leads (POST/PATCH /jobs); approver_ids: an offer's approvers.
const MEMBER_FIELDS = new Set(["interviewer_id", "interviewer_ids", "on_behalf_of", "hiring_team_lead_ids", "approver_ids"]);

/**
 * The value naming `resources`' member for a member field (`interviewer_ids` → `[id]`, an item of it
 * or `interviewer_id` → `id`); undefined for any other field.
 */
export function memberReference(field: string, schema: { type?: unknown }, resources: Pick<Resources, "user">): string | string[] | undefined {
  const name = normalise(field).replace(/\[\d+\]$/, "");
  if (!MEMBER_FIELDS.has(name)) return undefined;
  return schema.type === "array" ? [resources.user] : resources.user;
}

/**
 * Operations that act only on an offer in a given state, and the seeded offer in it: a draft is sent
 * for approval (`offer`), a pending one decided, an approved one sent.
 */
export const OFFER_OF_OPERATION: Record<string, ResourceKind> = {
  "POST /offers/{id}/approvals": "pending_offer",
  "POST /offers/{id}/send": "approved_offer",
};

/** Path values naming `resources`; throws for a parameter no rule covers, so a new route needs a rule. */
export function pathValues(op: Operation, resources: Resources): Record<string, string> {
  return Object.fromEntries(
    op.pathParams.map((param) => {
      const kind = (param === "id" ? OFFER_OF_OPERATION[label(op)] : undefined) ?? pathParamKind(op, param);
      if (!kind) throw new Error(`${label(op)}: no rule for path parameter {${param}}; add its collection to COLLECTIONS in support/resources.ts`);
      return [param, String(resources[kind])];
    }),
  );
}

let seeded = 0;
/**
 * A suffix no other seed of this process has (the counter) nor, very likely, another process's (the random part):
 * names the sweeps seed again and again in one company must be unique there, and 3 random bytes once were not.
 */
export const uniqueSuffix = () => `${++seeded}-${randomBytes(4).toString("hex")}`;

/**
 * A candidate (with a note and a candidate.stage_changed event), a job (screening on) and its
 * department, a webhook endpoint and a delivery, every text carrying `marker`.
 */
export async function seedResources(company: TestCompany, marker: string): Promise<Resources> {
  const prisma = getPrisma();
  const svc = systemContext(prisma, company.id);
  // Screening on ("score"), so the job's re-score is a real operation, not a 422 — but switched on only
  // after the candidate exists: created on a screened job, the candidate would be scored by a built
  // server's screening job, whose write could land between two snapshots of a sweep long after this
  // seed wrote the assessment below (CI saw a candidate's hash change and a fourth screening run).
  const job = await addJob(company, { title: `${marker} job`, description: `${marker} description`, screening: { mode: "off", criteria: [{ type: "skill", value: marker }] } });
  const candidate = await createCandidate(
    svc,
    { job_id: job, name: `${marker} candidate`, email: `${marker.toLowerCase()}-${uniqueSuffix()}@example.com`, location: marker },
    { source: "public_api" },
  );
  await addNote(svc, candidate.id, `${marker} note`);
  const stored = await prisma.job.findUniqueOrThrow({ where: { id: job }, select: { screening: true } });
  const screening = { ...(stored.screening as { criteria: { id: string; type: string; value: unknown; required: boolean; weight: number }[] }), mode: "score" };
  await prisma.job.update({ where: { id: job }, data: { screening: screening as unknown as Prisma.InputJsonObject }, select: { id: true } });
  // Assessed by the screening tool, as its job would store it (written directly: no event, nothing in
  // the background), so its screening explanation is a real one and sending it a real operation.
  const criteria = screening.criteria.map((c) => ({
    ...c,
    met: true,
    evidence: `SKILLS: ${marker}`,
    match: marker,
  })) as unknown as Prisma.InputJsonArray;
  const scoredAt = new Date();
  await prisma.candidate.update({ where: { id: candidate.id }, data: { fitStatus: "completed", fitScore: 100, fitEngine: "local", fitScoredAt: scoredAt, fitCriteria: criteria } });
  await prisma.screeningRun.create({
    data: {
      companyId: company.id,
      jobId: job,
      candidateId: candidate.id,
      trigger: "initial",
      status: "completed",
      engine: "local",
      criteriaHash: "seed",
      inputHash: "seed",
      fitScore: 100,
      criteria,
      settings: { mode: "score", advance: null, reject_on_required_miss: false },
      createdAt: scoredAt,
    },
  });
  // A real event (the service's own stage change), committed already published: a built server's
  // outbox sweep would otherwise fan it out to the endpoint below while a sweep compares snapshots.
  const listed = await svc.db.$transaction(async (tx) => {
    await lockCandidate(tx, company.id, candidate.id);
    const current = await tx.candidate.findUniqueOrThrow({ where: { id: candidate.id }, include: candidateInclude });
    await changeStage(tx, systemContext(prisma, company.id, { type: "api", apiKeyId: 0 }), current, "phonescreen");
    const moved = await tx.event.findFirstOrThrow({
      where: { type: "candidate.stage_changed", payload: { path: ["candidate", "id"], equals: candidate.id } },
      select: { id: true },
    });
    await tx.pendingEvent.delete({ where: { eventId: moved.id } });
    return moved;
  });
  const endpoint = await prisma.webhookEndpoint.create({
    data: { companyId: company.id, url: `http://127.0.0.1:9/${marker}`, description: `${marker} endpoint`, secret: `whsec_${randomBytes(32).toString("base64")}` },
  });
  const event = await createPublishedEvent({ companyId: company.id, type: "webhook.test", payload: { marker } });
  const delivery = await prisma.webhookDelivery.create({
    data: { companyId: company.id, eventId: event.id, endpointId: endpoint.id, status: "failed", attemptCount: 1, lastError: `${marker} error`, lastAttemptAt: new Date() },
  });
  const { departmentId } = await prisma.job.findUniqueOrThrow({ where: { id: job }, select: { departmentId: true } });
  const reason = await prisma.rejectReason.create({ data: { companyId: company.id, name: `${marker} reason ${uniqueSuffix()}`, position: 100 } });
  // A member on an interview's panel. The interview is written directly: scheduling it would queue
  // invitations that the e-mail job delivers while a sweep compares snapshots.
  const member = await prisma.user.create({
    data: { companyId: company.id, email: `${marker.toLowerCase()}-panel-${uniqueSuffix()}@example.com`, name: `${marker} interviewer`, role: "recruiter", passwordHash: "x" },
  });
  const kit = await prisma.jobInterview.create({
    data: { companyId: company.id, jobId: job, stageKey: "prospect", position: 0, name: `${marker} kit`, durationMinutes: 45, instructions: `${marker} instructions`, attributes: [`${marker} focus`] },
  });
  const interview = await prisma.interview.create({
    data: {
      companyId: company.id,
      candidateId: candidate.id,
      title: `${marker} interview`,
      startAt: new Date("2030-01-07T09:00:00Z"),
      endAt: new Date("2030-01-07T10:00:00Z"),
      timeZone: "Europe/Berlin",
      location: `${marker} room`,
      icalUid: `${randomBytes(16).toString("hex")}@hireflow`,
      jobInterviewId: kit.id,
      interviewers: { create: [{ userId: member.id, companyId: company.id }] },
    },
  });
  // The member's scorecard of that interview (a kit attribute rated).
  const scorecard = await prisma.scorecard.create({
    data: { companyId: company.id, interviewId: interview.id, candidateId: candidate.id, interviewerId: member.id, ratings: [{ attribute: `${marker} focus`, rating: "yes" }], recommendation: "yes", notes: `${marker} scorecard notes` },
  });
  // Offers in the three states the offer operations start from — a draft, one pending the decision of
  // every member so far (a sweep's signed-in member among them) and an approved one — each for a
  // candidate of its own (one open offer per candidate), so the candidate above can still get one.
  // Written directly: no events, no e-mail.
  // The member first (an API key decides on its behalf); then the oldest members, a sweep's signed-in one among them.
  const others = await prisma.user.findMany({ where: { companyId: company.id, role: { not: "interviewer" }, id: { not: member.id } }, select: { id: true }, orderBy: { createdAt: "asc" }, take: 19 });
  const approvers = [member.id, ...others.map((u) => u.id)];
  const terms = { startDate: new Date("2030-03-01T00:00:00Z"), jobTitle: `${marker} title`, salaryAmount: 85000, salaryCurrency: "EUR", salaryPeriod: "year" as const, equity: `${marker} equity` };
  const seedOffer = async (status: "draft" | "pending_approval" | "approved" | "withdrawn", candidateId?: number) => {
    const holder =
      candidateId ??
      (
        await prisma.candidate.create({
          data: { companyId: company.id, jobId: job, name: `${marker} offer candidate`, email: `${marker.toLowerCase()}-offer-${uniqueSuffix()}@example.com`, applicationSource: "public_api" },
        })
      ).id;
    const steps = [{ approver_ids: approvers, required: 1 }];
    const offer = await prisma.offer.create({
      data: {
        companyId: company.id,
        candidateId: holder,
        jobId: job,
        status,
        ...terms,
        notes: `${marker} offer notes`,
        approvalSteps: steps,
        approverIds: steps[0]!.approver_ids,
        approvalRound: status === "draft" ? 0 : 1,
        approvalStep: status === "approved" ? 1 : 0,
        versions: { create: [{ companyId: company.id, number: 1, ...terms }] },
      },
    });
    return offer.id;
  };
  const offer = await seedOffer("draft");
  const pendingOffer = await seedOffer("pending_approval");
  const approvedOffer = await seedOffer("approved");
  // And one the candidate above had withdrawn (final: it may get a new one), so a list filtered by them finds it.
  await seedOffer("withdrawn", candidate.id);
  // A scheduling link of the candidate with the member as its pool (written directly: no e-mail).
  const schedulingLink = await prisma.schedulingLink.create({
    data: {
      companyId: company.id,
      candidateId: candidate.id,
      title: `${marker} scheduling`,
      durationMinutes: 45,
      windowStart: new Date("2030-01-07T00:00:00Z"),
      windowEnd: new Date("2030-01-21T00:00:00Z"),
      location: `${marker} room`,
      token: randomBytes(32).toString("base64url"),
      interviewers: { create: [{ userId: member.id, companyId: company.id }] },
    },
  });
  return {
    candidate: candidate.id,
    job,
    department: departmentId,
    webhook_endpoint: endpoint.id,
    webhook_delivery: delivery.id,
    event: listed.id,
    reject_reason: reason.id,
    interview: interview.id,
    interview_kit: kit.id,
    scorecard: scorecard.id,
    user: member.id,
    offer,
    pending_offer: pendingOffer,
    approved_offer: approvedOffer,
    scheduling_link: schedulingLink.id,
  };
}

/** Tables holding a company's rows, found from the schema so new tenant tables are included. */
async function tenantTables(): Promise<string[]> {
  const rows = await getPrisma().$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.columns
    WHERE column_name = 'company_id' AND table_schema = current_schema()
    ORDER BY table_name`;
  // api_keys.last_used_at is touched by authentication itself, off the request path.
  return rows.map((r) => r.table_name).filter((t) => t !== "api_keys");
}

let tables: Promise<string[]> | undefined;

/**
 * A row as hashed. Against the build, a webhook delivery is compared by what it is (id, event,
 * endpoint) and not by its attempt columns: the server's delivery job records attempts of fixture
 * events on its own schedule, and CI twice caught one landing between the two snapshots of a
 * rejected request (same rows, other updated_at). A request that wrote a delivery would still show:
 * a new row, a deleted one, or one for another event or endpoint.
 */
function rowText(table: string): string {
  if (table === "webhook_deliveries" && testingTheBuild()) return "jsonb_build_array(x.id, x.event_id, x.endpoint_id)::text";
  return "x::text";
}

/**
 * Snapshots around a series of requests most of which are rejected (the fuzzers): the "after" of a
 * rejected request, already found equal to its "before", is the next request's "before" — one snapshot
 * per rejected request instead of two. Still as strict: a write landing between the two requests shows
 * in the next comparison, where a fresh "before" would have absorbed it. `before` after an accepted
 * request (no `after` taken) takes a fresh one.
 */
export function snapshotSeries<T>(take: () => Promise<T>): { before(): Promise<T>; after(): Promise<T> } {
  let kept: T | undefined;
  return {
    async before() {
      const snapshot = kept ?? (await take());
      kept = undefined;
      return snapshot;
    },
    async after() {
      kept = await take();
      return kept;
    },
  };
}

/** Row count and a hash of every row of the company, per table: any insert, update or delete shows. */
export async function tenantSnapshot(companyId: number): Promise<Record<string, { rows: number; hash: string }>> {
  // Against the build, what the server still does in the background for earlier requests is not a write of this one.
  await settleBackgroundWork([companyId]);
  tables ??= tenantTables();
  const names = await tables;
  const parts = [
    `SELECT 'companies' AS t, count(*)::int AS rows, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS hash FROM companies x WHERE id = $1`,
    ...names.map((name) => `SELECT '${name}', count(*)::int, md5(coalesce(string_agg(${rowText(name)}, '|' ORDER BY ${rowText(name)}), '')) FROM "${name}" x WHERE company_id = $1`),
  ];
  // A prepared statement: the sweeps take thousands of snapshots, and planning this union of every
  // tenant table each time cost as much as running it.
  const { rows } = await poolOf(getPrisma()).query<{ t: string; rows: number; hash: string }>({
    name: `tenant_snapshot_${testingTheBuild() ? "build" : "process"}`,
    text: parts.join(" UNION ALL "),
    values: [companyId],
  });
  return Object.fromEntries(rows.map((r) => [r.t, { rows: r.rows, hash: r.hash }]));
}
