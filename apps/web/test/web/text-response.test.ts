import { describe, expect, it } from "vitest";
import { knownText, textResponse } from "../../src/lib/server/text-response.ts";

// A textResponse is made without a body (the string is kept beside it); whatever reads it must still
// see an ordinary Response: Next and Vercel stream `body`, tests read json(), idempotency clones.
describe("textResponse", () => {
  const document = JSON.stringify({ data: { id: "cand_1", name: "Zoë Ó Dálaigh" } });
  const make = () => textResponse(document, { status: 201, statusText: "Created", headers: { "content-type": "application/json" } });

  it("is a Response with the status and headers given, and its string at hand", () => {
    const response = make();
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.statusText).toBe("Created");
    expect(response.ok).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(knownText(response)).toBe(document);
    expect(response.bodyUsed).toBe(false);
  });

  it("reads as text, JSON, bytes and a blob", async () => {
    expect(await make().text()).toBe(document);
    expect(await make().json()).toEqual(JSON.parse(document));
    expect(new TextDecoder().decode(await make().arrayBuffer())).toBe(document);
    expect(await (await make().blob()).text()).toBe(document);
  });

  it("streams its body as UTF-8, once", async () => {
    const response = make();
    const body = response.body;
    expect(body).toBeInstanceOf(ReadableStream);
    expect(response.body).toBe(body);
    expect(await new Response(body).text()).toBe(document);
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it("copies into a new Response as Next does with a route handler's answer", async () => {
    const response = make();
    response.headers.set("request-id", "req_123");
    const copy = new Response(response.body, response);
    expect(copy.status).toBe(201);
    expect(copy.headers.get("request-id")).toBe("req_123");
    expect(await copy.text()).toBe(document);
  });

  it("clones with its headers as they are, the original still readable, and refuses once read", async () => {
    const response = make();
    response.headers.set("request-id", "req_456");
    const clone = response.clone();
    clone.headers.set("x-only-on-the-clone", "1");
    expect(await clone.text()).toBe(document);
    expect(clone.headers.get("request-id")).toBe("req_456");
    expect(response.headers.get("x-only-on-the-clone")).toBeNull();
    expect(knownText(response)).toBe(document);
    expect(await response.text()).toBe(document);
    expect(() => response.clone()).toThrow(TypeError);
  });

  it("says text/plain when given no content type, as a Response made from a string does", () => {
    const response = textResponse("plain words", { status: 200 });
    expect(response.headers.get("content-type")).toBe(new Response("plain words").headers.get("content-type"));
  });

  it("is not mistaken for another Response", () => {
    expect(knownText(new Response(document))).toBeUndefined();
  });
});
