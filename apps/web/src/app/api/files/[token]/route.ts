import { logger } from "@hireflow/core";
import { serveSignedFile } from "@hireflow/storage";

export const dynamic = "force-dynamic";

/** Signed resume downloads: the URL is the credential (no API key), and it serves only the blob it signs. */
export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return serveSignedFile(token, undefined, { onError: (error) => logger.error("file download failed", { error }) });
}
