import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@hireflow/core/openapi";
import { startApp } from "../helpers/app.ts";

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(openApiDocument() as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(openApiDocument().openapi).toMatch(/^3\.1\./);
  });

  it("describes every endpoint with the envelope, bearer auth and the spec's statuses", () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; security?: unknown; requestBody?: { content: Record<string, unknown> } }>>;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
      webhooks: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/candidates",
        "/candidates/{id}",
        "/candidates/{id}/notes",
        "/candidates/{id}/export",
        "/candidates/{id}/screening_explanation",
        "/candidates/{id}/screening_explanation/send",
        "/candidates/{id}/scorecards",
        "/scorecards/{id}",
        "/interviews/{id}/scorecards",
        "/events",
        "/events/{id}",
        "/jobs",
        "/jobs/{id}",
        "/jobs/{id}/rescore",
        "/me",
        "/reject_reasons",
        "/users",
        "/interviews",
        "/interviews/{id}",
        "/reports/impact_ratios",
        "/reports/interviews_per_stage",
        "/reports/time_to_first_interview",
        "/reports/overdue_scorecards",
        "/reports/offers",
        "/webhook_endpoints",
        "/webhook_endpoints/{id}",
        "/webhook_endpoints/{id}/rotate_secret",
        "/webhook_endpoints/{id}/test",
        "/webhook_endpoints/{id}/deliveries",
        "/webhook_deliveries/{id}/redeliver",
        "/offers",
        "/offers/{id}",
        "/offers/{id}/request_approval",
        "/offers/{id}/approvals",
        "/offers/{id}/send",
        "/offers/{id}/withdraw",
        "/scheduling_links",
        "/scheduling_links/{id}",
        "/users/{id}/availability",
      ].sort(),
    );
    expect(Object.keys(doc.paths["/webhook_endpoints/{id}"]!).sort()).toEqual(["delete", "get", "patch"]);
    expect(doc.paths["/webhook_endpoints"]!.post!.responses["201"]).toBeDefined();
    expect(doc.paths["/webhook_endpoints/{id}/test"]!.post!.responses["202"]).toBeDefined();
    expect(doc.paths["/candidates"]!.post!.responses["201"]).toBeDefined();
    expect(doc.paths["/candidates/{id}/notes"]!.post!.responses["201"]).toBeDefined();
    expect(doc.paths["/candidates/{id}"]!.get!.responses["200"]).toBeDefined();
    expect(Object.keys(doc.paths["/candidates/{id}"]!).sort()).toEqual(["delete", "get", "patch"]);
    expect(doc.paths["/candidates/{id}"]!.delete!.responses["204"]).toEqual({ description: "Done; no body" });
    expect(doc.paths["/jobs"]!.post!.responses["201"]).toBeDefined();
    expect(Object.keys(doc.paths["/jobs/{id}"]!).sort()).toEqual(["get", "patch"]);
    expect(doc.paths["/jobs/{id}/rescore"]!.post!.responses["202"]).toBeDefined();
    expect(doc.paths["/candidates/{id}/screening_explanation/send"]!.post!.responses["202"]).toBeDefined();
    expect(doc.paths["/candidates/{id}/screening_explanation/send"]!.post!.responses["409"]).toBeDefined();
    expect(doc.paths["/candidates"]!.post!.requestBody!.content["multipart/form-data"]).toBeDefined();
    expect(doc.paths["/scheduling_links"]!.post!.responses["201"]).toBeDefined();
    expect(Object.keys(doc.paths["/scheduling_links/{id}"]!).sort()).toEqual(["delete", "get"]);
    expect(Object.keys(doc.paths["/users/{id}/availability"]!).sort()).toEqual(["get", "put"]);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
        for (const code of ["401", "500"]) {
          expect(operation.responses[code]?.content?.["application/json"]?.schema, `${method} ${path} ${code}`).toEqual({ $ref: "#/components/schemas/Error" });
        }
        // The API-key scope each operation needs, and the 403 without it (GET /me needs none).
        const scope = (operation as { "x-required-scope"?: string })["x-required-scope"];
        expect(scope === undefined, `${method} ${path} x-required-scope`).toBe(path === "/me");
        if (scope) expect(operation.responses["403"]?.content?.["application/json"]?.schema, `${method} ${path} 403`).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error).toBeDefined();
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      "candidate.applied",
      "candidate.deleted",
      "candidate.hired",
      "candidate.scored",
      "candidate.stage_changed",
      "interview.canceled",
      "interview.scheduled",
      "interview.updated",
      "offer.accepted",
      "offer.approval_rejected",
      "offer.approval_requested",
      "offer.approved",
      "offer.created",
      "offer.declined",
      "offer.expired",
      "offer.sent",
      "offer.updated",
      "offer.withdrawn",
      "scorecard.submitted",
      "webhook.test",
    ]);
  });

  it("keeps the zod limits in the request schema", () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; additionalProperties?: boolean; required?: string[] } }> }; parameters?: { schema: unknown }[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    const body = doc.paths["/candidates"]!.post!.requestBody.content["application/json"]!.schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.required?.sort()).toEqual(["job_id", "name"]);
    expect(JSON.stringify(body.properties.job_id)).toContain('"minimum":1');
    expect(doc.paths["/candidates/{id}"]!.get!.parameters![0]!.schema).toMatchObject({ type: "integer", minimum: 1 });
    expect(Object.keys(doc.components.schemas).filter((name) => name.startsWith("error."))).toEqual([]);
    expect(JSON.stringify(body.properties.name)).toContain('"maxLength":200');
    expect(JSON.stringify(body.properties.notes)).toContain('"maxLength":2000');
    expect(JSON.stringify(body.properties.stage)).toContain("phonescreen");
  });

  it("documents the rotation grace period: an optional body, and the previous secret's expiry but never the secret", () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { description: string; requestBody: { required?: boolean; content: Record<string, { schema: { properties: Record<string, unknown>; additionalProperties?: boolean; required?: string[] } }> } }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    };
    const rotate = doc.paths["/webhook_endpoints/{id}/rotate_secret"]!.post!;
    expect(rotate.requestBody.required).toBe(false);
    const body = rotate.requestBody.content["application/json"]!.schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.required ?? []).toEqual([]);
    expect(body.properties).toEqual({ expire_previous_in_seconds: expect.objectContaining({ type: "integer", minimum: 0, maximum: 86400 }) });
    expect(rotate.description).toContain("v1,<new> v1,<previous>");
    // Bodies with a required field stay required.
    expect(doc.paths["/webhook_endpoints"]!.post!.requestBody.required).toBe(true);
    for (const name of ["WebhookEndpoint", "WebhookEndpointWithSecret"]) {
      const schema = doc.components.schemas[name]!;
      expect(schema.required).toContain("previous_secret_expires_at");
      expect(Object.keys(schema.properties)).not.toContain("previous_secret");
    }
  });
});

describe("GET /api/v1/openapi.json over HTTP", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => (app = await startApp()));
  afterAll(() => app.close());

  it("serves the document without an API key", async () => {
    const response = await fetch(`${app.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.info.title).toBe("Hireflow API");
  });
});
