import { readdir } from "node:fs/promises";
import path from "node:path";
import { type ApiResponse } from "./client.ts";

export interface FilePart {
  bytes: Uint8Array;
  filename: string;
  type?: string;
}

export type FormFields = Record<string, string | FilePart | (string | FilePart)[]>;

export function toFormData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [key, raw] of Object.entries(fields)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value === "string") form.append(key, value);
      else form.append(key, new Blob([value.bytes as Uint8Array<ArrayBuffer>], { type: value.type ?? "application/octet-stream" }), value.filename);
    }
  }
  return form;
}

/** POST a multipart form (to /api/v1/candidates unless `path` says otherwise) with the company's key (or none). */
export async function postMultipart<T = any>(
  baseUrl: string,
  apiKey: string | null,
  fields: FormFields,
  options: { path?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const response = await fetch(`${baseUrl}${options.path ?? "/api/v1/candidates"}`, {
    method: "POST",
    headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...options.headers },
    body: toFormData(fields),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // non-JSON bodies are returned as text so the test can report them
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

/** Blobs in a local storage root (data files only: no sidecars, no temp files). */
export async function countBlobs(root: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile() || entry.name.endsWith(".meta.json")) continue;
    const dir = path.relative(root, entry.parentPath);
    if (dir.split(path.sep)[0] === ".tmp") continue;
    count += 1;
  }
  return count;
}
