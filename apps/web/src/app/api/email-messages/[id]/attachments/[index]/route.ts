import { AppError, assertSettingsAccess, getEmailAttachment } from "@hireflow/core";
import { memberOfRequest, pathId } from "@/lib/server/download-route";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/** Types a browser may be handed as they are; anything else is bytes to save (never rendered as a page of the app). */
const KEPT_TYPES = /^(text\/calendar|application\/pdf|text\/plain)\b/i;

/**
 * GET → one attachment of a message of the e-mail log on its own (#43 §17: an interview invitation's
 * .ics), for a signed-in owner or admin of its company, like the .eml download; another company's
 * message, or no attachment at that place (0-based), is a 404. Always a download (attachment), never
 * cached, and never sniffed as anything else.
 */
export function GET(req: Request, ctx: { params: Promise<{ id: string; index: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const { svc, user } = await memberOfRequest(req, "Sign in to download an attachment");
    assertSettingsAccess({ kind: "user", companyId: user.company.id, userId: user.id, role: user.role }, { settings: true });
    const params = await ctx.params;
    const id = pathId(params.id, "E-mail message");
    if (!/^\d{1,2}$/.test(params.index)) throw AppError.notFound("Attachment", `${id}/${params.index}`);
    const file = await getEmailAttachment(svc, id, Number(params.index));
    const type = KEPT_TYPES.test(file.contentType) ? file.contentType : "application/octet-stream";
    // The stored name may hold anything: an ASCII fallback, and the name itself per RFC 6266 / 5987.
    const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, "_") || "attachment";
    return new Response(new Uint8Array(file.content), {
      headers: {
        "content-type": type,
        "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  });
}
