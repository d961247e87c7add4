import { randomBytes } from "node:crypto";
import { createApiKey, createUser, inviteMember, queueEmail, systemContext } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { getPrisma, poolOf } from "@hireflow/db";
import { addJob, createTestCompany, type TestCompany } from "../../helpers/fixtures.ts";
import { type Operation } from "./operations.ts";
import { idFieldKind, pathParamKind, type ResourceKind, type Resources, seedResources, tenantSnapshot, uniqueSuffix } from "./resources.ts";
import { type Hint, nonNull, type Procedure, type TrpcJsonSchema } from "./trpc-procedures.ts";

/**
 * What the tRPC sweeps address, per company: the REST sweep's resources (support/resources.ts)
 * plus what only the web app names — API keys by id and companies by careers-page slug — and the
 * rules mapping a tRPC input field to the kind of resource it names.
 */
export type TrpcKind = ResourceKind | "api_key" | "company" | "user" | "invitation" | "email_message" | "oauth_grant" | "rejection_email";
export type TrpcResources = Resources & { api_key: number; company: string; user: string; invitation: number; email_message: number; oauth_grant: number; rejection_email: number };

export interface Session {
  cookie: string;
  csrf: string;
}

export interface Tenant {
  company: TestCompany;
  name: string;
  marker: string;
  resources: TrpcResources;
  /** Jobs that are not on the careers page (one private, one inactive). */
  unpublishedJobs: number[];
  user: { id: string; email: string };
  session: Session;
}

/**
 * Fields named like references whose name alone says what they reference (after camelCase →
 * snake_case and plural `_ids` → `_id`); `*_id` names the REST sweep knows come from
 * support/resources.ts (ID_FIELDS).
 */
const TRPC_ID_FIELDS: Record<string, TrpcKind> = {
  api_key_id: "api_key",
  key_id: "api_key",
  user_id: "user",
  interviewer_id: "user",
  // A job's hiring team leads (jobs.create / jobs.update): members.
  hiring_team_lead_id: "user",
  // An offer's approvers (offers.create / offers.update approval_steps, offerSettings.update): members.
  approver_id: "user",
  slug: "company",
  company_slug: "company",
};

/**
 * `id` (and any other field whose name does not say what it names) of procedures without
 * `meta.openapi`, by "<procedure>:<field path>". Procedures with `meta.openapi` take the kind from
 * their REST path (`/webhook_deliveries/{id}/redeliver` → a delivery), like the REST sweep.
 */
export const PROCEDURE_ID_KINDS: Record<string, TrpcKind> = {
  "jobs.update:id": "job",
  "jobs.screeningProgress:id": "job",
  "apiKeys.revoke:id": "api_key",
  "team.revokeInvitation:id": "invitation",
  "pipeline.candidate:id": "candidate",
  "pipeline.candidateBrief:id": "candidate",
  "rejectReasons.update:id": "reject_reason",
  "emailLog.get:id": "email_message",
  // A scheduled rejection e-mail of the seeded candidate: what the candidate page cancels or sends now.
  "rejectionEmails.cancel:id": "rejection_email",
  "rejectionEmails.sendNow:id": "rejection_email",
  "connectedApps.revoke:id": "oauth_grant",
  "scorecards.forms:id": "candidate",
  // Offers in the state the procedure starts from (support/resources.ts OFFER_OF_OPERATION).
  "offers.decide:id": "pending_offer",
  "offers.send:id": "approved_offer",
};

const snake = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/-/g, "_");

/** The field's own name: "candidate_ids[0]" → "candidate_ids", "questions[0].id" → "id". */
const fieldName = (path: string) => path.split(".").pop()!.replace(/\[\d+\]$/, "");

const isIdName = (name: string) => /(^|_)ids?$/.test(snake(name));

/** An id on the wire: an integer, a digit-only string (idParam), a UUID (events), or a list of those. */
function isIdSchema(root: TrpcJsonSchema | undefined, schema: TrpcJsonSchema): boolean {
  const s = nonNull(root, schema);
  if (s.type === "array") return !!s.items && isIdSchema(root, s.items);
  if (s.type === "integer") return true;
  if (s.type === "string" && s.format === "uuid") return true;
  if (s.type !== "string" || !s.pattern) return false;
  const pattern = new RegExp(s.pattern);
  return pattern.test("1") && !pattern.test("a");
}

/**
 * The kind of resource the field at `path` of `proc`'s input names; undefined when the field is
 * not a reference. Throws for a reference no rule covers, so a new procedure cannot go unswept.
 */
export function referenceKind(proc: Procedure, path: string, schema: TrpcJsonSchema): TrpcKind | undefined {
  const name = fieldName(path);
  const normalised = snake(name).replace(/_ids$/, "_id");
  if (TRPC_ID_FIELDS[normalised]) return TRPC_ID_FIELDS[normalised];
  if (!isIdName(name) || !isIdSchema(proc.schema, schema)) return undefined;
  const explicit = PROCEDURE_ID_KINDS[`${proc.path}:${path.replace(/\[\d+\]$/, "")}`];
  if (explicit) return explicit;
  if (normalised === "id" && !path.includes(".") && proc.openapiPath) {
    const kind = pathParamKind({ path: proc.openapiPath } as Operation, "id");
    if (kind) return kind;
  }
  const kind = normalised === "id" ? undefined : idFieldKind(normalised);
  if (kind) return kind;
  throw new Error(
    `${proc.path}: no rule for id field "${path}"; add "${proc.path}:${path}" to PROCEDURE_ID_KINDS (or the field name to TRPC_ID_FIELDS) in support/trpc-resources.ts`,
  );
}

/** The wire value naming `id` for a field of this schema (a digit string for idParam, a list for `*_ids`). */
function wireValue(root: TrpcJsonSchema | undefined, schema: TrpcJsonSchema, id: number | string): unknown {
  const s = nonNull(root, schema);
  if (s.type === "array") return [wireValue(root, s.items ?? {}, id)];
  if (s.type === "string") return String(id);
  return id;
}

/**
 * A hint for validInput() filling every reference with `resources`; `onReference` hears each one
 * (the sweep uses it to know whether a request names anything of the other company).
 */
export function referenceHint(proc: Procedure, resources: TrpcResources, onReference?: (path: string, kind: TrpcKind) => void): Hint {
  return (path, schema) => {
    if (!path) return undefined;
    const kind = referenceKind(proc, path, schema);
    if (!kind) return undefined;
    onReference?.(path, kind);
    return wireValue(proc.schema, schema, resources[kind]);
  };
}

export const PASSWORD = "correct horse battery staple";

export async function signIn(userId: string): Promise<Session> {
  const { token, csrfToken } = await createSession(getPrisma(), userId);
  return { cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfToken };
}

/** One of each resource for the tRPC sweeps (every text carrying `marker`), fresh for each call. */
export async function seedTrpcResources(company: TestCompany, marker: string): Promise<TrpcResources> {
  const resources = await seedResources(company, marker);
  const svc = systemContext(getPrisma(), company.id);
  const { key } = await createApiKey(svc, { name: `${marker} key` });
  // A member to change or remove (a recruiter: any owner or admin may), and a pending invitation.
  const member = await createUser(getPrisma(), {
    companyId: company.id,
    email: `${marker.toLowerCase()}-member-${uniqueSuffix()}@example.com`,
    password: PASSWORD,
    name: `${marker} member`,
    role: "recruiter",
  });
  // Every member of the company so far on the seeded interview's panel too: an interviewer_id filter
  // naming this member finds it, and scorecards.submit as a sweep's signed-in user is found and valid.
  const panel = await getPrisma().user.findMany({ where: { companyId: company.id, interviewPanels: { none: { interviewId: resources.interview } } }, select: { id: true } });
  await getPrisma().interviewInterviewer.createMany({ data: panel.map((user) => ({ interviewId: resources.interview, userId: user.id, companyId: company.id })) });
  const { invitation } = await inviteMember(svc, { email: `${marker.toLowerCase()}-invitee-${uniqueSuffix()}@example.com`, role: "recruiter" });
  // The invitation e-mail it queued (Settings → E-mail log).
  const email = await getPrisma().emailMessage.findFirstOrThrow({ where: { companyId: company.id }, orderBy: { id: "desc" }, select: { id: true } });
  // An app the member connected (Settings → Connected apps), through a dynamically registered client.
  const client = await getPrisma().oAuthClient.create({ data: { id: `hfc_${randomBytes(8).toString("hex")}`, kind: "dynamic", name: `${marker} app`, redirectUris: ["https://app.example/cb"] } });
  const grant = await getPrisma().oAuthGrant.create({ data: { companyId: company.id, userId: member.id, clientId: client.id, scopes: ["jobs:read"], resource: "http://localhost" } });
  // The seeded candidate's rejection e-mail, waiting a day (the candidate page's cancel / send now).
  const rejection = await svc.db.$transaction((tx) =>
    queueEmail(tx, svc, { to: `${marker.toLowerCase()}-rejected@example.com`, subject: `${marker} rejection`, text: `${marker} rejection`, candidateId: resources.candidate, kind: "rejection", sendAfter: new Date(Date.now() + 86_400_000) }),
  );
  return { ...resources, api_key: key.id, company: company.slug, user: member.id, invitation: invitation.id, email_message: email.id, oauth_grant: grant.id, rejection_email: rejection.id };
}

/**
 * A company with a signed-in user (a real session: cookie + CSRF token), the sweep's resources, a
 * department, and a private and an inactive job that its careers page must not show.
 */
export async function seedTenant(marker: string): Promise<Tenant> {
  const prisma = getPrisma();
  const company = await createTestCompany();
  const resources = await seedTrpcResources(company, marker);
  const unpublishedJobs = [
    await addJob(company, { title: `${marker} private job`, description: `${marker} private`, is_public: false, department: `${marker} dept` }),
    await addJob(company, { title: `${marker} inactive job`, description: `${marker} inactive`, is_active: false }),
  ];
  const user = await createUser(prisma, {
    companyId: company.id,
    email: `${marker.toLowerCase()}-${uniqueSuffix()}@example.com`,
    password: PASSWORD,
    name: `${marker} user`,
  });
  const { name } = await prisma.company.findUniqueOrThrow({ where: { id: company.id }, select: { name: true } });
  return { company, name, marker, resources, unpublishedJobs, user, session: await signIn(user.id) };
}

export type Snapshot = Record<string, { rows: number; hash: string }>;

/**
 * tenantSnapshot() plus what it leaves out because /api/v1 touches it on every request but
 * /api/trpc does not: the company's API keys (tRPC revokes and creates them) and its users'
 * sessions (without last_seen_at, which verifySession refreshes off the request path).
 */
export async function trpcSnapshot(companyId: number): Promise<Snapshot> {
  const { rows } = await poolOf(getPrisma()).query<{ t: string; rows: number; hash: string }>({
    name: "trpc_snapshot",
    text: `SELECT 'api_keys' AS t, count(*)::int AS rows, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS hash FROM api_keys x WHERE company_id = $1
     UNION ALL
     SELECT 'sessions', count(*)::int, md5(coalesce(string_agg((to_jsonb(s) - 'last_seen_at')::text, '|' ORDER BY s.token_hash), ''))
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.company_id = $1`,
    values: [companyId],
  });
  return { ...(await tenantSnapshot(companyId)), ...Object.fromEntries(rows.map((r) => [r.t, { rows: r.rows, hash: r.hash }])) };
}

let idTables: Promise<{ table: string; columns: string[] }[]> | undefined;

/** Tables with a company's rows and their identifying columns (`id`, `public_id`), from the schema. */
function identifyingColumns() {
  idTables ??= getPrisma()
    .$queryRaw<{ table_name: string; columns: string[] }[]>`
      SELECT c.table_name, array_agg(c.column_name::text ORDER BY c.column_name) AS columns
      FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.column_name IN ('id', 'public_id')
        AND EXISTS (SELECT 1 FROM information_schema.columns t WHERE t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.column_name = 'company_id')
      GROUP BY c.table_name ORDER BY c.table_name`
    .then((rows) => rows.map((r) => ({ table: r.table_name, columns: r.columns })));
  return idTables;
}

/** Every id (and candidate public id) of the company's rows, as text. */
export async function companyIds(companyId: number): Promise<Set<string>> {
  const tables = await identifyingColumns();
  const parts = tables.flatMap(({ table, columns }) => columns.map((column) => `SELECT "${column}"::text AS v FROM "${table}" WHERE company_id = $1`));
  const rows = await getPrisma().$queryRawUnsafe<{ v: string }[]>(parts.join(" UNION ALL "), companyId);
  // The company's own id is its own too (an audit entry about its settings names it).
  return new Set([String(companyId), ...rows.map((r) => r.v)]);
}

/** Values of `id`, `*_id` and `*_ids` keys anywhere in a JSON value, as text. */
export function idsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) idsIn(item, out);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (isIdName(key)) {
        for (const v of Array.isArray(item) ? item : [item]) if (typeof v === "number" || typeof v === "string") out.push(String(v));
      }
      idsIn(item, out);
    }
  }
  return out;
}

/**
 * Ids in `value` that belong to `owner`'s rows and to none of `viewer`'s (ids are per-table
 * sequences, so the same number can be a row of each; only an id the viewer has no row for at
 * all is certainly the owner's).
 */
export async function foreignIds(value: unknown, owner: number, viewer: number): Promise<string[]> {
  const [theirs, mine] = await Promise.all([companyIds(owner), companyIds(viewer)]);
  return [...new Set(idsIn(value))].filter((id) => theirs.has(id) && !mine.has(id));
}
