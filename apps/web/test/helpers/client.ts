import { type TestCompany } from "./fixtures.ts";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small client for one company's API key against a running test app. */
export function apiClient(baseUrl: string, company: Pick<TestCompany, "apiKey"> | null) {
  async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(company ? { authorization: `Bearer ${company.apiKey}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // non-JSON bodies are returned as text so the test can report them
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>("GET", path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>("POST", path, body, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>("PATCH", path, body, headers),
    call,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
