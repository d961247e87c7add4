import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { allJobs, startOutboxPublisher } from "@hireflow/worker";
import { registerJobs, shutdownLocalRunner } from "@hireflow/worker/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../helpers/app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { postMultipart } from "../helpers/multipart.ts";
import { docxBomb, fixture, pdfFlateBomb, PDF, TYPES, useTempBlobDir, waitForResume } from "../helpers/resumes.ts";

useIsolatedDatabase();
useTempBlobDir();
const MB = 1024 * 1024;
/** "Hundreds of MB" once inflated; the files themselves are a few hundred kB. */
const BOMB_MB = 256;
const RSS_GROWTH_LIMIT = 300 * MB;
const PARSE_TIMEOUT_MS = 20_000;

let app: Awaited<ReturnType<typeof startApp>>;
let publisher: ReturnType<typeof startOutboxPublisher>;
let acme: TestCompany;
let api: ApiClient;

const half = (bytes: Uint8Array) => bytes.slice(0, bytes.length >> 1);
const files: Record<string, Uint8Array> = {};

beforeAll(async () => {
  // Built first: generating the bombs blocks the event loop for seconds, which must not happen
  // while the test server holds idle keep-alive connections.
  files.truncatedPdf = half(fixture("priya-raman.pdf"));
  files.truncatedDocx = half(fixture("marcus-oneill.docx"));
  files.docxBomb = docxBomb(BOMB_MB);
  files.pdfBomb = pdfFlateBomb(BOMB_MB);
  registerJobs(allJobs);
  publisher = startOutboxPublisher();
  app = await startApp();
  acme = await createTestCompany();
  api = apiClient(app.url, acme);
  // Warm up (first connection, first query) so the latency probe measures the parse, not start-up.
  expect((await api.get(`/jobs/${acme.jobId}`)).status).toBe(200);
});
afterAll(async () => {
  await publisher.stop();
  await shutdownLocalRunner();
  await app.close();
});

/**
 * While `work` runs: the API keeps answering (a request every 25 ms, each timed) and the process's
 * RSS (worker threads included) is sampled.
 */
async function whileResponsive<T>(work: () => Promise<T>): Promise<{ result: T; slowestMs: number; requests: number; rssGrowth: number }> {
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  let done = false;
  let slowestMs = 0;
  let requests = 0;
  const prober = (async () => {
    while (!done || requests === 0) {
      const started = performance.now();
      const res = await api.get(`/jobs/${acme.jobId}`);
      expect(res.status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      requests += 1;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
  }
  await prober.finally(() => clearInterval(sampler));
  return { result, slowestMs, requests, rssGrowth: peak - rssBefore };
}

describe("hostile resumes end failed with a reason, within the timeout, without harming the server", () => {
  it.each([
    { label: "a truncated PDF", file: "truncatedPdf", type: PDF, reason: /could not be read|corrupt|invalid/i },
    // Its central directory is gone, so it is no DOCX by its bytes: refused at upload.
    { label: "a truncated DOCX", file: "truncatedDocx", type: TYPES.docx, reason: /./ },
    { label: `a DOCX zip bomb (${BOMB_MB} MB of XML)`, file: "docxBomb", type: TYPES.docx, reason: /zip bomb/i },
    { label: `a PDF flate bomb (${BOMB_MB} MB content stream)`, file: "pdfBomb", type: PDF, reason: /inflate/i },
  ])("$label", async ({ file, type, reason }) => {
    const bytes = files[file]!;
    expect(bytes.length).toBeLessThan(10 * MB);
    const { result, slowestMs, requests, rssGrowth } = await whileResponsive(async () => {
      const started = performance.now();
      const res = await postMultipart(app.url, acme.apiKey, { job_id: String(acme.jobId), resume: { bytes, filename: "hostile", type } });
      // Truncated files still start with the right magic bytes: accepted, then refused by the parser.
      if (res.status === 400) return { refusedAtUpload: true as const, detail: res.body.error.details };
      expect(res.status).toBe(201);
      const done = await waitForResume(api, res.body.data.id, ["completed", "failed"], PARSE_TIMEOUT_MS + 5_000);
      return { refusedAtUpload: false as const, done, id: res.body.data.id as number, ms: performance.now() - started };
    });
    if (result.refusedAtUpload) {
      expect(result.detail).toEqual([expect.objectContaining({ field: "resume" })]);
    } else {
      expect(result.done).toMatchObject({ resume_status: "failed", resume_data: null, name: null });
      const row = await getPrisma().candidate.findUniqueOrThrow({ where: { id: result.id } });
      expect(row.resumeError).toMatch(reason);
      expect(result.ms).toBeLessThan(PARSE_TIMEOUT_MS + 2_000);
      // Refused files are not retried.
      const activity = await getPrisma().candidateActivity.findMany({ where: { candidateId: result.id, type: "resume_processed" } });
      expect(activity).toEqual([expect.objectContaining({ addedBy: "system", data: { status: "failed", error: row.resumeError } })]);
    }
    expect(requests).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(1_000);
    expect(rssGrowth).toBeLessThan(RSS_GROWTH_LIMIT);
  });
});
