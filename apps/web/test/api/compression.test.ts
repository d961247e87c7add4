import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, compressForClient, COMPRESSION_THRESHOLD_BYTES, SYNC_GZIP_MAX_BYTES } from "../../src/server/node/compression.ts";
import { type BuiltServer, startApiServer } from "../helpers/built-server.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/** One request on a raw socket: the bytes as sent (fetch would decode them) and the headers. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const varyNames = (vary: string | string[] | undefined) => String(vary ?? "").split(",").map((v) => v.trim().toLowerCase());

/**
 * The node server answers /api/v1 itself (src/server/node/server.ts); `next start` used to gzip the
 * API's JSON for clients that accept it, and so does the node server: list pages compressed, small
 * answers not, the same document either way.
 */
describe("API responses gzipped for clients that accept it", () => {
  let company: TestCompany;
  let server: BuiltServer;
  let listUrl: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    company = await createTestCompany();
    server = await startApiServer({ HIREFLOW_BACKGROUND_WORK: "off", RATE_LIMIT_MAX: "1000000" });
    const api = apiClient(server.url, company);
    for (let i = 0; i < 12; i++) {
      const created = await api.post("/candidates", { job_id: company.jobId, name: `Candidate ${i}`, email: `c${i}-${randomBytes(4).toString("hex")}@example.com` });
      expect(created.status).toBe(201);
    }
    listUrl = `${server.url}/api/v1/candidates?job_id=${company.jobId}&limit=25`;
    auth = { authorization: `Bearer ${company.apiKey}` };
  });
  afterAll(() => server?.close());

  it("gzips a list page when asked, with the same document inside and an exact Content-Length", async () => {
    const plain = await rawGet(listUrl, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.byteLength).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);
    expect(varyNames(plain.headers.vary)).toContain("accept-encoding");

    const zipped = await rawGet(listUrl, { ...auth, "accept-encoding": "br;q=1.0, gzip;q=0.8, *;q=0.1" });
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(varyNames(zipped.headers.vary)).toContain("accept-encoding");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.byteLength);
    expect(zipped.body.byteLength).toBeLessThan(plain.body.byteLength);
    const inside = JSON.parse(gunzipSync(zipped.body).toString("utf8"));
    expect(inside.data).toHaveLength(12);
    expect(inside).toEqual(JSON.parse(plain.body.toString("utf8")));
    // The headers every response carries are still there.
    expect(zipped.headers["content-type"]).toMatch(/^application\/json/);
    expect(zipped.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends it as it is when gzip is refused or not offered", async () => {
    for (const acceptEncoding of ["gzip;q=0", "identity", "br", "gzip;q=0, *"]) {
      const res = await rawGet(listUrl, { ...auth, "accept-encoding": acceptEncoding });
      expect(res.status, acceptEncoding).toBe(200);
      expect(res.headers["content-encoding"], acceptEncoding).toBeUndefined();
      expect(JSON.parse(res.body.toString("utf8")).data, acceptEncoding).toHaveLength(12);
    }
  });

  it("leaves small answers (one resource, an error envelope) uncompressed", async () => {
    const job = await rawGet(`${server.url}/api/v1/jobs/${company.jobId}`, { ...auth, "accept-encoding": "gzip" });
    expect(job.status).toBe(200);
    expect(job.body.byteLength).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(job.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(job.body.toString("utf8")).data.id).toBe(company.jobId);

    const unauthorized = await rawGet(listUrl, { "accept-encoding": "gzip" });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(unauthorized.body.toString("utf8")).error.code).toBe("unauthorized");
  });
});

describe("compressForClient", () => {
  it("gzips a body up to SYNC_GZIP_MAX_BYTES in place and a larger one off the event loop: the same document either way", async () => {
    const headers = new Headers({ "content-type": "application/json" });
    for (const size of [COMPRESSION_THRESHOLD_BYTES, SYNC_GZIP_MAX_BYTES, SYNC_GZIP_MAX_BYTES + 1, 4 * SYNC_GZIP_MAX_BYTES]) {
      const text = JSON.stringify({ data: "x".repeat(size) }).slice(0, size - 2) + '"}';
      const body = Buffer.from(text);
      expect(body.byteLength).toBe(size);
      const sent = await compressForClient("gzip", { status: 200, method: "GET", headers, body });
      expect(sent.encoding, String(size)).toBe("gzip");
      expect(gunzipSync(sent.body).equals(body), String(size)).toBe(true);
    }
  });
});

describe("acceptsGzip", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["gzip", true],
    ["GZIP", true],
    ["x-gzip", true],
    ["deflate, gzip", true],
    ["gzip;q=0.5", true],
    ["gzip; q=0", false],
    ["gzip;q=0.000", false],
    ["gzip;q=abc", false],
    ["*", true],
    ["*;q=0", false],
    ["gzip;q=0, *", false],
    ["br, *;q=0.1", true],
    ["identity", false],
    ["br, deflate", false],
  ])("%j → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
