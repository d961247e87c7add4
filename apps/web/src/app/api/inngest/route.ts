import { AppError } from "@hireflow/core";
import { allJobs, allSchedules } from "@hireflow/worker";
import { createInngestHandlers, jobDriverKind } from "@hireflow/worker/runtime";
import { handleRoute } from "@/lib/server/route-errors";

type Method = "GET" | "POST" | "PUT";

type Handler = (req: Request, context: unknown) => Promise<Response>;

// Inngest calls this route to run the same job definitions the local runner runs elsewhere. Its
// Next adapter reads only the url, headers, method and body of the request (no NextRequest extras).
const inngest = createInngestHandlers(allJobs, allSchedules) as unknown as Record<Method, Handler>;

/**
 * Served only where Inngest is configured (a signing key for Inngest Cloud, or an event key / the
 * Dev Server, which make Inngest the job driver). Elsewhere the local runner does the work and the
 * SDK would answer every request with a 500 ("no signing key"), so the route is not there: 404.
 */
function inngestConfigured(): boolean {
  return Boolean(process.env.INNGEST_SIGNING_KEY?.trim()) || jobDriverKind() === "inngest";
}

function handler(method: Method): Handler {
  return (req, context) =>
    handleRoute(async () => {
      if (!inngestConfigured()) throw new AppError("not_found", "No such route");
      if (method === "GET") return inngest.GET(req, context);
      // The SDK JSON.parses the body before it checks the signature and throws on anything else,
      // so an anonymous request with a non-JSON body would crash it: refused here with a 400.
      const text = await req.text();
      if (text !== "") {
        try {
          JSON.parse(text);
        } catch {
          throw new AppError("bad_request", "The request body is not valid JSON");
        }
      }
      const forwarded = new Request(req.url, { method, headers: req.headers, body: text === "" ? undefined : text });
      return inngest[method](forwarded, context);
    });
}

export const GET = handler("GET");
export const POST = handler("POST");
export const PUT = handler("PUT");
