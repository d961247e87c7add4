import { type Prisma } from "@hireflow/db";
import { type ServiceContext, actorKind, actorUserId } from "../../kernel/context.ts";
import { type NoteDto } from "./contract/note.ts";
import { tenantRow } from "../../kernel/tenancy.ts";
import { AppError } from "../../kernel/errors.ts";
import { insertNote } from "./note-insert.ts";
import { serializeNote } from "./serialize.ts";

export async function addNote(svc: ServiceContext, candidateId: number, note: string): Promise<NoteDto> {
  const values = { note: note.trim(), addedBy: actorKind(svc.actor), performerId: actorUserId(svc.actor) };
  const typed = await insertNote(svc, candidateId, values);
  if (typed === null) throw AppError.notFound("Candidate", candidateId);
  if (typed) return serializeNote(typed);

  const candidate = await svc.db.candidate.findUnique({ where: { id: candidateId }, select: { id: true } });
  if (!candidate) throw AppError.notFound("Candidate", candidateId);
  const activity = await svc.db.candidateActivity.create({
    data: tenantRow<Prisma.CandidateActivityUncheckedCreateInput>({ candidateId, type: "note_added", ...values }),
  });
  return serializeNote(activity);
}
