import { type CandidateActivity, poolOf } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { baseClientOf } from "../../kernel/tenancy.ts";

const INSERT_NOTE = {
  name: "hireflow_insert_note",
  text: `INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, performer_id, note)
  SELECT c.company_id, c.id, 'note_added', $3::actor, $4::uuid, $5 FROM candidates c WHERE c.company_id = $1 AND c.id = $2
  RETURNING id, company_id AS "companyId", candidate_id AS "candidateId", type, note, performer_id AS "performerId",
    added_by AS "addedBy", data, created_at AS "createdAt"`,
};

export interface NoteInsert {
  addedBy: "api" | "user" | "system" | "ai_agent";
  performerId: string | null;
  note: string;
}

/**
 * POST /candidates/{id}/notes as one typed statement on Prisma's own pool: the note is inserted from
 * the candidate's row, so a candidate that is not the context's company's (or does not exist) inserts
 * nothing and the caller answers 404. Through Prisma it was two round trips (the lookup, the insert)
 * and most of the request's CPU (docs/BENCHMARKS.md). note-insert.test.ts compares the two paths' rows.
 * Undefined: the client has no pool of its own (a transaction's client): the caller goes through Prisma.
 */
export async function insertNote(svc: ServiceContext, candidateId: number, note: NoteInsert): Promise<CandidateActivity | null | undefined> {
  const base = baseClientOf(svc.db);
  if (!base) return undefined;
  const { rows } = await poolOf(base).query<CandidateActivity>({
    ...INSERT_NOTE,
    values: [svc.companyId, candidateId, note.addedBy, note.performerId, note.note],
  });
  return rows[0] ?? null;
}
