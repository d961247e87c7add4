import { type ServiceContext } from "../../kernel/context.ts";
import { type RejectReasonDto } from "./contract/job-stages.ts";
import { AppError, isUniqueViolation } from "../../kernel/errors.ts";
import { recordAudit } from "../audit/audit.ts";

/**
 * A company's reject reasons (Settings → Reject reasons). Every company starts with the default list
 * (the companies_default_reject_reasons trigger); reasons are renamed or archived, never deleted, so a
 * candidate rejected for an archived reason still reads it.
 */
const reasonSelect = { id: true, name: true, archivedAt: true } as const;

function toDto(row: { id: number; name: string; archivedAt: Date | null }): RejectReasonDto {
  return { id: row.id, name: row.name, archived: row.archivedAt !== null };
}

export async function listRejectReasons(svc: ServiceContext): Promise<RejectReasonDto[]> {
  const rows = await svc.db.rejectReason.findMany({ select: reasonSelect, orderBy: [{ position: "asc" }, { id: "asc" }] });
  return rows.map(toDto);
}

function duplicateName(name: string): AppError {
  return new AppError("conflict", `A reject reason named "${name}" already exists`, { details: [{ field: "name", message: "Already used by another reason" }] });
}

export async function createRejectReason(svc: ServiceContext, input: { name: string }): Promise<RejectReasonDto> {
  try {
    return await svc.db.$transaction(async (tx) => {
      const last = await tx.rejectReason.aggregate({ _max: { position: true } });
      const row = await tx.rejectReason.create({
        data: { companyId: svc.companyId, name: input.name, position: (last._max.position ?? 0) + 1 },
        select: reasonSelect,
      });
      await recordAudit(tx, svc, { action: "reject_reason.created", target: { type: "reject_reason", id: row.id, label: row.name } });
      return toDto(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

export async function updateRejectReason(svc: ServiceContext, input: { id: number; name?: string; archived?: boolean }): Promise<RejectReasonDto> {
  try {
    return await svc.db.$transaction(async (tx) => {
      const before = await tx.rejectReason.findUnique({ where: { id: input.id }, select: reasonSelect });
      if (!before) throw AppError.notFound("Reject reason", input.id);
      const archivedAt = input.archived === undefined ? undefined : input.archived ? (before.archivedAt ?? new Date()) : null;
      const row = await tx.rejectReason.update({ where: { id: input.id }, data: { name: input.name, archivedAt }, select: reasonSelect });
      if (row.name !== before.name || (row.archivedAt === null) !== (before.archivedAt === null)) {
        await recordAudit(tx, svc, {
          action: "reject_reason.updated",
          target: { type: "reject_reason", id: row.id, label: row.name },
          data: { before: toDto(before), after: toDto(row) },
        });
      }
      return toDto(row);
    });
  } catch (error) {
    if (input.name !== undefined && isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}
