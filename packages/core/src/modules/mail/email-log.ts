import { join, type Sql, sql } from "@hireflow/db";
import { type EmailLogKind, type EmailMessageSummaryDto, type ListEmailMessagesInput } from "./contract/email.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { DEFAULT_PAGE_SIZE, decodeCursorKey, encodeCursor } from "../../kernel/pagination.ts";
import { findMessage, serializeSummary, storedAttachments } from "./outgoing.ts";

/**
 * Settings → E-mail log (#43 §17): the list, filtered by kind, recipient and words, and one attachment
 * of a message on its own (an interview invitation's .ics). Raw SQL, for what Prisma cannot filter by
 * (a part of an address in the recipients' array, the first attachment's type), so every query names
 * the company itself.
 */

/** `%` and `_` typed by the member are themselves, not patterns. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const FIRST_TYPE = sql`lower(coalesce(m.attachments->0->>'content_type', ''))`;

/** The SQL of emailLogKind (contract/email.ts): the same rule, for the filter. */
function kindWhere(kind: EmailLogKind): Sql {
  switch (kind) {
    case "member_invitation":
      return sql`m.kind IS NULL AND m.candidate_id IS NULL`;
    case "interview_invitation":
      return sql`m.kind IS NULL AND m.candidate_id IS NOT NULL AND ${FIRST_TYPE} LIKE 'text/calendar%'`;
    case "offer":
      return sql`m.kind IS NULL AND m.candidate_id IS NOT NULL AND ${FIRST_TYPE} = 'application/pdf'`;
    case "other":
      return sql`m.kind IS NULL AND m.candidate_id IS NOT NULL AND ${FIRST_TYPE} NOT LIKE 'text/calendar%' AND ${FIRST_TYPE} <> 'application/pdf'`;
    default:
      return sql`m.kind = ${kind}::email_kind`;
  }
}

interface LogRow {
  id: number;
  to_addresses: string[];
  subject: string;
  status: EmailMessageSummaryDto["status"];
  attempts: number;
  candidate_id: number | null;
  kind: EmailMessageSummaryDto["kind"];
  created_at: Date;
  send_after: Date | null;
  sent_at: Date | null;
  attachment_types: string[];
}

/** Newest first, keyset-paginated on (created_at, id) (index email_messages(company_id, created_at DESC, id DESC)). */
export async function listEmailMessages(svc: ServiceContext, input: ListEmailMessagesInput) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursorKey(input.cursor);
  if (after && after.at === undefined) throw new AppError("bad_request", "The cursor is invalid; pass pagination.next_cursor from a previous page");
  const where: Sql[] = [sql`m.company_id = ${svc.companyId}`];
  if (after) where.push(sql`(m.created_at, m.id) < (${new Date(after.at!)}::timestamptz, ${after.id}::int)`);
  if (input.kind) where.push(kindWhere(input.kind));
  if (input.to) where.push(sql`array_to_string(m.to_addresses, ' ') ILIKE ${contains(input.to)}`);
  if (input.q) where.push(sql`(m.subject ILIKE ${contains(input.q)} OR m.text_body ILIKE ${contains(input.q)})`);
  const rows = await svc.db.$queryRaw<LogRow[]>`
    SELECT m.id, m.to_addresses, m.subject, m.status::text AS status, m.attempts, m.candidate_id, m.kind::text AS kind, m.created_at, m.send_after, m.sent_at,
      ARRAY(SELECT a.value->>'content_type' FROM jsonb_array_elements(m.attachments) WITH ORDINALITY AS a(value, n) ORDER BY a.n) AS attachment_types
    FROM email_messages m
    WHERE ${join(where, " AND ")}
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT ${limit + 1}`;
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items.at(-1);
  return {
    data: items.map((row) =>
      serializeSummary(
        {
          id: row.id,
          toAddresses: row.to_addresses,
          subject: row.subject,
          status: row.status,
          attempts: row.attempts,
          candidateId: row.candidate_id,
          kind: row.kind,
          createdAt: row.created_at,
          sendAfter: row.send_after,
          sentAt: row.sent_at,
        },
        row.attachment_types,
      ),
    ),
    pagination: { next_cursor: hasMore && last ? encodeCursor(last.id, { at: last.created_at.toISOString() }) : null, has_more: hasMore },
  };
}

/** One attachment of a message of the company, by its place (0-based): 404 for another company's message or no such attachment. */
export async function getEmailAttachment(svc: ServiceContext, id: number, index: number): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const attachment = storedAttachments((await findMessage(svc, id)).attachments)[index];
  if (!attachment) throw AppError.notFound("Attachment", `${id}/${index}`);
  return { filename: attachment.filename, contentType: attachment.content_type, content: Buffer.from(attachment.content_base64, "base64") };
}
