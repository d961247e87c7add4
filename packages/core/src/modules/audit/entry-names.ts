import { type AuditEntryDto } from "./contract/audit-log.ts";
import { type ServiceContext } from "../../kernel/context.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every value of an entry's data, one level into arrays and `{from, to}` changes (where ids sit). */
function values(data: Record<string, unknown> | null): [key: string, value: unknown][] {
  return Object.entries(data ?? {}).flatMap(([key, value]) => {
    const inner = Array.isArray(value) ? value : value && typeof value === "object" && "from" in value && "to" in value ? [value.from, value.to].flat() : [value];
    return inner.map((item) => [key, item] as [string, unknown]);
  });
}

/**
 * The names of what a page of the audit log refers to by id (#43 §15: "after: 756a6957-…" told an
 * admin nothing): members by their UUID (in the data, or a user target), candidates by
 * "candidate:<id>" (a `candidate_id`). Two queries for the page, company-scoped; what is gone (a
 * removed member, an erased candidate) has no name and stays an id.
 */
export async function entryNames(svc: ServiceContext, entries: AuditEntryDto[]): Promise<Record<string, string>> {
  const userIds = new Set<string>();
  const candidateIds = new Set<number>();
  for (const entry of entries) {
    if (entry.target?.type === "user" && entry.target.id && UUID.test(entry.target.id)) userIds.add(entry.target.id.toLowerCase());
    for (const [key, value] of values(entry.data)) {
      if (typeof value === "string" && UUID.test(value)) userIds.add(value.toLowerCase());
      if (key === "candidate_id" && typeof value === "number" && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647) candidateIds.add(value);
    }
  }
  const [users, candidates] = await Promise.all([
    userIds.size ? svc.db.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, name: true, email: true } }) : [],
    candidateIds.size ? svc.db.candidate.findMany({ where: { id: { in: [...candidateIds] } }, select: { id: true, name: true, email: true } }) : [],
  ]);
  return Object.fromEntries([
    ...users.map((user) => [user.id, user.name ?? user.email]),
    ...candidates.map((candidate) => [`candidate:${candidate.id}`, candidate.name ?? candidate.email ?? `Candidate ${candidate.id}`]),
  ]);
}
