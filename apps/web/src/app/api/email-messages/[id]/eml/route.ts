import { assertSettingsAccess, getComposableEmail } from "@hireflow/core";
import { composeEmail } from "@hireflow/worker/email/compose";
import { memberOfRequest, pathId } from "@/lib/server/download-route";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET → one message of the e-mail log as a .eml file (Settings → E-mail log), for a signed-in owner
 * or admin of its company; a recruiter gets 403 like the log's procedures, another company's
 * message is a 404. The bytes are composed by the same function the delivery job sends with.
 */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const { svc, user } = await memberOfRequest(req, "Sign in to download an e-mail");
    assertSettingsAccess({ kind: "user", companyId: user.company.id, userId: user.id, role: user.role }, { settings: true });
    const id = pathId((await ctx.params).id, "E-mail message");
    const eml = await composeEmail(await getComposableEmail(svc, id));
    return new Response(new Uint8Array(eml), {
      headers: { "content-type": "message/rfc822", "content-disposition": `attachment; filename="email-${id}.eml"`, "cache-control": "no-store" },
    });
  });
}
