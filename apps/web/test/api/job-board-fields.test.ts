import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany } from "../helpers/fixtures.ts";

// Issue 27 §1: what job boards need of a job, written and read through /api/v1/jobs.
const app = useApiApp();

const BERLIN = { city: "Berlin", region: "Berlin", country: "DE", postal_code: "10115" };

describe("/api/v1/jobs: employment_type, closes_at, location_details, remote_countries", () => {
  it("POST stores them, GET and the list return them, PATCH changes only what is sent", async () => {
    const client = apiClient(app.url, await createTestCompany());
    const created = await client.post("/jobs", {
      title: "Platform Engineer",
      locations: ["Berlin", "Lisbon"],
      location_type: "hybrid",
      location_details: [BERLIN, { country: "PT", city: "Lisbon" }],
      employment_type: "part_time",
      closes_at: "2031-01-31T23:59:59+01:00",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      location_details: [BERLIN, { city: "Lisbon", region: null, country: "PT", postal_code: null }],
      remote_countries: [],
      employment_type: "part_time",
      closes_at: "2031-01-31T22:59:59.000Z",
    });
    const id = created.body.data.id;
    expect((await client.get(`/jobs/${id}`)).body.data).toEqual(created.body.data);
    expect((await client.get("/jobs")).body.data.find((job: { id: number }) => job.id === id)).toEqual(created.body.data);

    const remote = await client.patch(`/jobs/${id}`, { location_type: "remote", locations: ["Remote"], location_details: [], remote_countries: ["DE", "NL", "DE"], closes_at: null });
    expect(remote.status, JSON.stringify(remote.body)).toBe(200);
    expect(remote.body.data).toMatchObject({ location_type: "remote", location_details: [], remote_countries: ["DE", "NL"], employment_type: "part_time", closes_at: null });
    const cleared = await client.patch(`/jobs/${id}`, { employment_type: null });
    expect(cleared.body.data).toMatchObject({ employment_type: null, remote_countries: ["DE", "NL"] });
  });

  it("refuses what a board could not read with 400 naming the field, and writes nothing", async () => {
    const client = apiClient(app.url, await createTestCompany());
    const cases: [Record<string, unknown>, string][] = [
      [{ employment_type: "gig" }, "employment_type"],
      [{ closes_at: "next friday" }, "closes_at"],
      [{ locations: ["Berlin"], location_details: [{ ...BERLIN, country: "XX" }] }, "location_details[0].country"],
      [{ locations: ["Berlin"], location_details: [{ ...BERLIN, country: "de" }] }, "location_details[0].country"],
      [{ locations: ["Berlin"], location_details: [{ city: "Berlin" }] }, "location_details[0].country"],
      [{ locations: ["Berlin"], location_details: [{ ...BERLIN, street: "Unter den Linden" }] }, "location_details[0].street"],
      [{ locations: ["Berlin"], location_details: [BERLIN, BERLIN] }, "location_details"],
      [{ locations: ["Berlin", "Paris"], location_details: [BERLIN] }, "location_details"],
      [{ location_details: [BERLIN] }, "location_details"],
      [{ location_type: "remote", remote_countries: ["EU"] }, "remote_countries[0]"],
      [{ location_type: "onsite", remote_countries: ["DE"] }, "remote_countries"],
      [{ remote_countries: ["DE"] }, "remote_countries"],
      [{ location_type: "remote", remote_countries: "DE" }, "remote_countries"],
    ];
    for (const [fields, field] of cases) {
      const res = await client.post("/jobs", { title: "Invalid", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.details.map((d: { field: string }) => d.field), JSON.stringify(res.body)).toContain(field);
    }
    expect((await client.get("/jobs")).body.data.map((j: { title: string }) => j.title)).not.toContain("Invalid");
  });

  it("PATCH checks the rules against the job it would make: new locations need matching details, remote_countries only while remote", async () => {
    const client = apiClient(app.url, await createTestCompany());
    const job = (await client.post("/jobs", { title: "Designer", locations: ["Remote"], location_type: "remote", remote_countries: ["DE"] })).body.data;
    const toOnsite = await client.patch(`/jobs/${job.id}`, { location_type: "onsite" });
    expect(toOnsite.status).toBe(400);
    expect(toOnsite.body.error.details[0].field).toBe("remote_countries");
    const details = await client.patch(`/jobs/${job.id}`, { location_type: "onsite", remote_countries: [], locations: ["Berlin"], location_details: [BERLIN] });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const moreLocations = await client.patch(`/jobs/${job.id}`, { locations: ["Berlin", "Hamburg"] });
    expect(moreLocations.status).toBe(400);
    expect(moreLocations.body.error.details[0].field).toBe("location_details");
    expect((await client.get(`/jobs/${job.id}`)).body.data).toMatchObject({ location_type: "onsite", locations: ["Berlin"], location_details: [BERLIN], remote_countries: [] });
  });
});
