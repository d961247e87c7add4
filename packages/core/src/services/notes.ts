import { type Prisma } from "@hireflow/db";
import { type ServiceContext, actorKind, actorUserId } from "../context.ts";
import { type NoteDto } from "../contracts/note.ts";
import { tenantRow } from "../tenancy.ts";
import { AppError } from "../errors.ts";
import { serializeNote } from "./serialize.ts";

export async function addNote(svc: ServiceContext, candidateId: number, note: string): Promise<NoteDto> {
  const candidate = await svc.db.candidate.findUnique({ where: { id: candidateId }, select: { id: true } });
  if (!candidate) throw AppError.notFound("Candidate", candidateId);
  const activity = await svc.db.candidateActivity.create({
    data: tenantRow<Prisma.CandidateActivityUncheckedCreateInput>({
      candidateId,
      type: "note_added",
      note: note.trim(),
      addedBy: actorKind(svc.actor),
      performerId: actorUserId(svc.actor),
    }),
  });
  return serializeNote(activity);
}
