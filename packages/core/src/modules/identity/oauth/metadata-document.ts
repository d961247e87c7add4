import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { envFlag, envInt } from "@hireflow/config";
import { guardedLookup, isBlockedAddress } from "../../../kernel/outbound-url.ts";
import { OAuthError } from "./errors.ts";
import { assertRegistrableRedirectUri } from "./redirect-uris.ts";

/**
 * Client ID Metadata Documents (MCP authorization, draft-ietf-oauth-client-id-metadata-document): a
 * client_id that is an https URL names a JSON document describing the client, which this server
 * fetches. That is an SSRF surface, so the fetch goes through the webhook guard (https only, every
 * resolved address checked in the connection's own lookup), follows no redirect, and is bounded in
 * time and size. Results are kept in oauth_clients (clients.ts) and fetched again after a while.
 */
export function isMetadataDocumentClientId(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId) && (clientId.startsWith("https://") || allowPrivateMetadataUrls());
}

/** Local development and tests serve documents from http://127.0.0.1; never a default elsewhere. */
function allowPrivateMetadataUrls(): boolean {
  return envFlag("OAUTH_ALLOW_PRIVATE_METADATA_URLS", false);
}

export interface ClientMetadataDocument {
  name: string;
  clientUri: string | null;
  redirectUris: string[];
}

const invalid = (description: string) => new OAuthError("invalid_client", `Client metadata document: ${description}`);

export async function fetchClientMetadataDocument(clientId: string): Promise<ClientMetadataDocument> {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw invalid("the client_id is not a URL");
  }
  const allowPrivate = allowPrivateMetadataUrls();
  if (url.username || url.password || url.hash) throw invalid("the URL must not hold credentials or a fragment");
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) throw invalid("the URL must use https");
  if (url.pathname === "/") throw invalid("the URL must have a path");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!allowPrivate && isIP(host) && isBlockedAddress(host)) throw invalid("the URL points to a loopback, private, link-local or metadata address");
  const body = await getLimited(url, allowPrivate, envInt("OAUTH_METADATA_TIMEOUT_MS", 3_000), envInt("OAUTH_METADATA_MAX_BYTES", 16_384));
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(body) as Record<string, unknown>;
  } catch {
    throw invalid("the document is not JSON");
  }
  if (typeof document !== "object" || document === null || Array.isArray(document)) throw invalid("the document is not a JSON object");
  // The document must name itself: otherwise one URL could describe a client under another's id.
  if (document.client_id !== clientId) throw invalid("its client_id must equal the URL it was fetched from");
  const uris = document.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) throw invalid("redirect_uris must list 1 to 10 URIs");
  const redirectUris = uris.map(assertRegistrableRedirectUri);
  const name = typeof document.client_name === "string" && document.client_name.trim() ? document.client_name.trim().slice(0, 100) : url.host;
  const clientUri = typeof document.client_uri === "string" && /^https?:\/\//.test(document.client_uri) ? document.client_uri.slice(0, 2000) : null;
  return { name, clientUri, redirectUris };
}

function getLimited(url: URL, allowPrivate: boolean, timeoutMs: number, maxBytes: number): Promise<string> {
  const client = url.protocol === "https:" ? https : http;
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise<string>((resolve, reject) => {
    const request = client.request(
      url,
      { method: "GET", headers: { accept: "application/json" }, signal, agent: false, ...(allowPrivate ? {} : { lookup: guardedLookup }) },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(invalid(`fetching it answered HTTP ${response.statusCode}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            reject(invalid(`the document is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        response.on("error", () => reject(signal.aborted ? invalid(`fetching it took longer than ${timeoutMs} ms`) : invalid("the connection failed")));
      },
    );
    request.on("error", (error: Error & { code?: string }) => {
      if (signal.aborted) reject(invalid(`fetching it took longer than ${timeoutMs} ms`));
      else if (error.code === "EBLOCKEDADDRESS") reject(invalid("the URL points to a loopback, private, link-local or metadata address"));
      else reject(invalid("it could not be fetched"));
    });
    request.end();
  });
}
