import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getPrisma } from "@hireflow/db";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptOffer,
  AppError,
  createCandidate,
  createCompany,
  createJob,
  createOffer,
  createUser,
  declineOffer,
  decideOffer,
  eraseCandidate,
  expireDueOffers,
  exportCandidate,
  getOffer,
  getPublicOffer,
  listOffers,
  requestOfferApproval,
  sendOffer,
  systemContext,
  updateOffer,
  withdrawOffer,
} from "../../src/index.ts";
import { type ServiceContext } from "../../src/kernel/context.ts";
import { type UserRole } from "../../src/kernel/roles.ts";

/**
 * The whole life of an offer through core's services on a real database and real files: drafts,
 * versions, a two-step chain with `required`, the letter PDF in the e-mail, the candidate's answer
 * through their link (410 and 409 where the issue says), the hire, expiry at the boundary, who sees
 * what, and erasure.
 */
const prisma = getPrisma();
const tag = randomBytes(4).toString("hex");
const blobDir = mkdtempSync(path.join(os.tmpdir(), "hireflow-offer-"));
let companyId: number;
let jobId: number;
let system: ServiceContext;
const members: Record<"owner" | "bea" | "carl" | "rita" | "ivan", { id: string; svc: ServiceContext }> = {} as never;

async function member(name: string, role: UserRole) {
  const user = await createUser(prisma, { companyId, email: `${name.split(" ")[0]!.toLowerCase()}-${tag}@example.com`, password: "correct horse battery staple", name, role });
  return { id: user.id, svc: { ...systemContext(prisma, companyId, { type: "user", userId: user.id }), role } };
}

async function candidate(name: string, email: string | null = `${name.toLowerCase().replace(/\W/g, "")}-${tag}@example.com`) {
  return (await createCandidate(system, { job_id: jobId, name, ...(email ? { email } : {}) }, { source: "public_api" })).id;
}

const terms = { start_date: "2027-03-01", salary: { amount: 85000, currency: "EUR", period: "year" as const } };

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
}

async function events(type: string, offerId?: number) {
  const rows = await prisma.event.findMany({ where: { companyId, type }, orderBy: { occurredAt: "asc" } });
  return rows.map((row) => row.payload as Record<string, any>).filter((payload) => offerId === undefined || payload.offer?.id === offerId);
}

async function approveAll(id: number) {
  await requestOfferApproval(members.owner.svc, id);
  await decideOffer(members.bea.svc, { id, decision: "approve" });
  await decideOffer(members.carl.svc, { id, decision: "approve" });
  return decideOffer(members.owner.svc, { id, decision: "approve" });
}

/** The link the candidate got: the token in the offer e-mail's text. */
async function linkToken(candidateId: number): Promise<string> {
  const mail = await prisma.emailMessage.findFirstOrThrow({ where: { candidateId, subject: { startsWith: "Your offer" } }, orderBy: { id: "desc" } });
  return /\/offers\/([A-Za-z0-9_-]{43})/.exec(mail.textBody)![1]!;
}

beforeAll(async () => {
  process.env.BLOB_DIR = blobDir;
  companyId = (await createCompany(prisma, { name: `Offers ${tag}` })).id;
  system = systemContext(prisma, companyId);
  jobId = (await createJob(system, { title: "Platform Engineer" })).id;
  members.owner = await member("Olga Owner", "owner");
  members.bea = await member("Bea Admin", "admin");
  members.carl = await member("Carl Recruiter", "recruiter");
  members.rita = await member("Rita Recruiter", "recruiter");
  members.ivan = await member("Ivan Interviewer", "interviewer");
  await prisma.company.update({
    where: { id: companyId },
    data: { offerApprovalSteps: [{ approver_ids: [members.bea.id, members.carl.id], required: 2 }, { approver_ids: [members.owner.id], required: 1 }] },
  });
});
afterAll(() => {
  rmSync(blobDir, { recursive: true, force: true });
});

describe("an offer from draft to hire", () => {
  let candidateId: number;
  let offerId: number;

  it("drafts version 1 with the company's chain and the job's title; a second open offer is a 409", async () => {
    candidateId = await candidate("Zoë Łukasiewicz");
    const offer = await createOffer(members.owner.svc, { candidate_id: candidateId, ...terms, notes: "Band B" });
    offerId = offer.id;
    expect(offer).toMatchObject({ status: "draft", version: 1, job_title: "Platform Engineer", job_id: jobId, salary: terms.salary, letter_url: null, notes: "Band B" });
    expect(offer.approval_steps).toEqual([{ approver_ids: [members.bea.id, members.carl.id], required: 2 }, { approver_ids: [members.owner.id], required: 1 }]);
    expect(offer.versions.map((v) => [v.number, v.status])).toEqual([[1, "current"]]);
    const [created] = await events("offer.created", offerId);
    expect(created!.offer.notes).toBeUndefined();
    expect((await refusal(createOffer(members.owner.svc, { candidate_id: candidateId, ...terms }))).code).toBe("conflict");
  });

  it("walks the chain: the first step needs both approvers, a member of no step or of a later one is refused", async () => {
    const pending = await requestOfferApproval(members.owner.svc, offerId);
    expect(pending).toMatchObject({ status: "pending_approval", current_step: 0 });
    expect((await refusal(decideOffer(members.owner.svc, { id: offerId, decision: "approve" }))).code).toBe("forbidden");
    expect((await refusal(decideOffer(members.rita.svc, { id: offerId, decision: "approve" }))).code).toBe("not_found");
    const one = await decideOffer(members.bea.svc, { id: offerId, decision: "approve", comment: "ok" });
    expect(one).toMatchObject({ status: "pending_approval", current_step: 0 });
    expect((await refusal(decideOffer(members.bea.svc, { id: offerId, decision: "approve" }))).code).toBe("conflict");
    expect(await decideOffer(members.carl.svc, { id: offerId, decision: "approve" })).toMatchObject({ status: "pending_approval", current_step: 1 });
    expect((await events("offer.approval_requested", offerId)).map((e) => e.step)).toEqual([0, 1]);
    const approved = await decideOffer(members.owner.svc, { id: offerId, decision: "approve" });
    expect(approved.status).toBe("approved");
    expect(approved.approvals.map((a) => [a.approver.id, a.step, a.current])).toEqual([
      [members.bea.id, 0, true],
      [members.carl.id, 0, true],
      [members.owner.id, 1, true],
    ]);
    expect(await events("offer.approved", offerId)).toHaveLength(1);
    // An API key names the deciding member; without on_behalf_of it is a 400.
    expect((await refusal(decideOffer(systemContext(prisma, companyId, { type: "api", apiKeyId: 1 }), { id: offerId, decision: "approve" }))).code).toBe("validation_error");
  });

  it("a material change makes version 2 in draft, supersedes version 1 and restarts approval; a reject keeps the decision", async () => {
    const changed = await updateOffer(members.owner.svc, { id: offerId, salary: { amount: 90000, currency: "EUR", period: "year" }, notes: "Matched" });
    expect(changed).toMatchObject({ status: "draft", version: 2, notes: "Matched" });
    expect(changed.versions.map((v) => [v.number, v.status, v.salary.amount])).toEqual([
      [2, "current", 90000],
      [1, "superseded", 85000],
    ]);
    expect(changed.approvals.every((a) => !a.current)).toBe(true);
    expect((await events("offer.updated", offerId))[0]).toMatchObject({ changed_fields: ["salary"], previous_version: 1, previous_status: "approved" });
    // Notes alone are no new version.
    expect((await updateOffer(members.owner.svc, { id: offerId, notes: "Matched again" })).version).toBe(2);
    await requestOfferApproval(members.owner.svc, offerId);
    const rejected = await decideOffer(members.carl.svc, { id: offerId, decision: "reject", comment: "Above band" });
    expect(rejected.status).toBe("draft");
    expect(rejected.approvals.at(-1)).toMatchObject({ decision: "reject", comment: "Above band", version: 2 });
    expect(await events("offer.approval_rejected", offerId)).toHaveLength(1);
  });

  it("sends the letter as a PDF with the candidate's name and the formatted salary, and a link", async () => {
    expect((await refusal(sendOffer(members.owner.svc, offerId))).code).toBe("conflict");
    await approveAll(offerId);
    const sent = await sendOffer(members.owner.svc, offerId);
    expect(sent.status).toBe("sent");
    expect(sent.letter_url).toMatch(/\/api\/files\//);
    const mail = await prisma.emailMessage.findFirstOrThrow({ where: { candidateId, subject: { startsWith: "Your offer" } } });
    const [attachment] = mail.attachments as { filename: string; content_type: string; content_base64: string }[];
    expect(attachment!.content_type).toBe("application/pdf");
    const parser = new PDFParse({ data: Buffer.from(attachment!.content_base64, "base64") });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain("Zoë Łukasiewicz");
    expect(text).toContain("EUR 90,000 per year");
    expect(text).toContain("Platform Engineer");
    const token = await linkToken(candidateId);
    const view = await getPublicOffer(prisma, token);
    expect(view).toMatchObject({ status: "sent", answerable: true, candidate: { name: "Zoë Łukasiewicz" }, salary: { amount: 90000 } });
    expect(view).not.toHaveProperty("notes");
    expect(view).not.toHaveProperty("approvals");
  });

  it("the candidate accepts: signed, hired through the pipeline's move, and a second answer is a 409", async () => {
    const token = await linkToken(candidateId);
    const accepted = await acceptOffer(prisma, token, { signature_name: "Zoë Łukasiewicz" }, { ip: "203.0.113.7", userAgent: "Phone/1.0" });
    expect(accepted).toMatchObject({ status: "accepted", answerable: false, signature: { name: "Zoë Łukasiewicz" } });
    const letter = await prisma.offerVersion.findUniqueOrThrow({ where: { offerId_number: { offerId, number: 2 } } });
    expect(accepted.signature!.document_sha256).toBe(letter.letterSha256);
    const row = await prisma.offer.findUniqueOrThrow({ where: { id: offerId } });
    expect([row.signatureIp, row.signatureUserAgent]).toEqual(["203.0.113.7", "Phone/1.0"]);
    const hired = await prisma.candidate.findUniqueOrThrow({ where: { id: candidateId }, select: { stage: true, hiredAt: true } });
    expect(hired.stage).toBe("hired");
    expect(hired.hiredAt).not.toBeNull();
    const moves = (await prisma.event.findMany({ where: { companyId, type: "candidate.stage_changed" } })).map((e) => e.payload as Record<string, any>).filter((p) => p.candidate.id === candidateId);
    expect(moves.at(-1)!.stage_change.new_stage_type).toBe("hired");
    const [hire] = await events("candidate.hired", offerId);
    expect(hire).toMatchObject({ candidate: { id: candidateId, hired_at: hired.hiredAt!.toISOString() }, offer: { status: "accepted", salary: { amount: 90000 } } });
    expect(await events("offer.accepted", offerId)).toHaveLength(1);
    expect((await refusal(acceptOffer(prisma, token, { signature_name: "Again" }, { ip: null, userAgent: null }))).code).toBe("conflict");
    expect((await refusal(declineOffer(prisma, token, {}))).code).toBe("conflict");
    expect((await refusal(updateOffer(members.owner.svc, { id: offerId, notes: "x" }))).code).toBe("conflict");
    expect((await refusal(withdrawOffer(members.owner.svc, offerId))).code).toBe("conflict");
    const detail = await getOffer(members.owner.svc, offerId);
    expect(detail.signed_copy_url).toMatch(/\/api\/files\//);
  });
});

describe("links that no longer work", () => {
  it("a superseded version's link is 410; the new version's works once sent", async () => {
    const id = (await createOffer(members.owner.svc, { candidate_id: await candidate("Иван Петров"), ...terms })).id;
    await approveAll(id);
    const offer = await sendOffer(members.owner.svc, id);
    const oldToken = await linkToken(offer.candidate_id);
    await updateOffer(members.owner.svc, { id, start_date: "2027-04-01" });
    expect((await refusal(getPublicOffer(prisma, oldToken))).code).toBe("gone");
    expect((await refusal(acceptOffer(prisma, oldToken, { signature_name: "Иван Петров" }, { ip: null, userAgent: null }))).code).toBe("gone");
    await approveAll(id);
    await sendOffer(members.owner.svc, id);
    const newToken = await linkToken(offer.candidate_id);
    expect(newToken).not.toBe(oldToken);
    expect((await declineOffer(prisma, newToken, { reason: "Counter-offer" })).status).toBe("declined");
    expect((await getOffer(members.owner.svc, id)).decline_reason).toBe("Counter-offer");
  });

  it("expires at the exact moment expires_at passes, before the sweep, and the sweep marks it", async () => {
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    const id = (await createOffer(members.owner.svc, { candidate_id: await candidate("Ada Expiry"), ...terms, expires_at: expiresAt.toISOString() })).id;
    await approveAll(id);
    const { candidate_id } = await sendOffer(members.owner.svc, id);
    const token = await linkToken(candidate_id);
    expect((await getPublicOffer(prisma, token, new Date(expiresAt.getTime() - 1))).answerable).toBe(true);
    expect((await refusal(getPublicOffer(prisma, token, expiresAt))).code).toBe("gone");
    expect((await refusal(acceptOffer(prisma, token, { signature_name: "Ada Expiry" }, { ip: null, userAgent: null }, expiresAt))).code).toBe("gone");
    expect(await expireDueOffers(prisma, new Date(expiresAt.getTime() - 1))).toBe(0);
    expect(await expireDueOffers(prisma, expiresAt)).toBeGreaterThanOrEqual(1);
    expect((await getOffer(members.owner.svc, id)).status).toBe("expired");
    expect(await events("offer.expired", id)).toHaveLength(1);
  });

  it("a withdrawn offer's link is 410, an unknown token 404", async () => {
    const id = (await createOffer(members.owner.svc, { candidate_id: await candidate("Wanda Withdrawn"), ...terms })).id;
    await approveAll(id);
    const { candidate_id } = await sendOffer(members.owner.svc, id);
    const token = await linkToken(candidate_id);
    await withdrawOffer(members.owner.svc, id);
    expect((await refusal(getPublicOffer(prisma, token))).code).toBe("gone");
    expect((await refusal(getPublicOffer(prisma, "A".repeat(43)))).code).toBe("not_found");
    expect((await refusal(getPublicOffer(prisma, "short"))).code).toBe("not_found");
    // Withdrawn is final: the candidate may get a new offer.
    expect((await createOffer(members.owner.svc, { candidate_id, ...terms })).status).toBe("draft");
  });
});

describe("who sees offers", () => {
  it("another company's offer is a 404; a recruiter sees the offers of jobs they lead or approve; interviewers none", async () => {
    const id = (await createOffer(members.owner.svc, { candidate_id: await candidate("Vera Visible"), ...terms })).id;
    const other = systemContext(prisma, (await createCompany(prisma, { name: `Other ${tag}` })).id);
    expect((await refusal(getOffer(other, id))).code).toBe("not_found");
    expect((await listOffers(other, {})).data).toEqual([]);
    // Carl approves the company's chain: he sees it. Rita leads no job and approves nothing.
    expect((await getOffer(members.carl.svc, id)).id).toBe(id);
    expect((await refusal(getOffer(members.rita.svc, id))).code).toBe("not_found");
    expect((await listOffers(members.rita.svc, {})).data).toEqual([]);
    expect((await refusal(createOffer(members.rita.svc, { candidate_id: await candidate("Rita's pick"), ...terms }))).code).toBe("forbidden");
    await prisma.jobHiringTeamLead.create({ data: { jobId, userId: members.rita.id, companyId, position: 0 } });
    expect((await getOffer(members.rita.svc, id)).id).toBe(id);
    expect((await refusal(getOffer(members.ivan.svc, id))).code).toBe("not_found");
    expect((await refusal(updateOffer(members.owner.svc, { id, approval_steps: [{ approver_ids: [members.ivan.id], required: 1 }] }))).code).toBe("validation_error");
  });
});

describe("validation", () => {
  it("refuses a past expiry, a candidate without a job and names the field", async () => {
    const id = await candidate("Pat Past");
    const past = await refusal(createOffer(members.owner.svc, { candidate_id: id, ...terms, expires_at: new Date(Date.now() - 1000).toISOString() }));
    expect(past.code).toBe("validation_error");
    expect((await refusal(createOffer(members.owner.svc, { candidate_id: 2_000_000_000, ...terms }))).code).toBe("not_found");
  });
  it("a candidate without an e-mail address cannot be sent an offer", async () => {
    const id = (await createOffer(members.owner.svc, { candidate_id: await candidate("No Mail", null), ...terms })).id;
    await approveAll(id);
    expect((await refusal(sendOffer(members.owner.svc, id))).message).toMatch(/no e-mail address/);
  });
});

describe("privacy", () => {
  it("the export includes the offers with the signature's details; erasure deletes offers, letters and signed copies", async () => {
    const candidateId = await candidate("Erin Erased");
    const id = (await createOffer(members.owner.svc, { candidate_id: candidateId, ...terms })).id;
    await approveAll(id);
    await sendOffer(members.owner.svc, id);
    await acceptOffer(prisma, await linkToken(candidateId), { signature_name: "Erin Erased" }, { ip: "198.51.100.4", userAgent: "Tablet" });
    const exported = await exportCandidate(members.owner.svc, candidateId);
    expect(exported.offers).toHaveLength(1);
    expect(exported.offers[0]).toMatchObject({ id, status: "accepted", signature_details: { ip: "198.51.100.4", user_agent: "Tablet" } });
    const files = await prisma.offer.findUniqueOrThrow({ where: { id }, select: { signedCopyKey: true, versions: { select: { letterKey: true } } } });
    const keys = [files.signedCopyKey!, ...files.versions.map((v) => v.letterKey!)];
    const { getStorage } = await import("@hireflow/storage");
    for (const key of keys) expect(await getStorage().get(key), key).not.toBeNull();
    await eraseCandidate(members.owner.svc, candidateId);
    expect(await prisma.offer.count({ where: { id } })).toBe(0);
    expect(await prisma.offerVersion.count({ where: { offerId: id } })).toBe(0);
    for (const key of keys) expect(await getStorage().get(key), key).toBeNull();
  });
});
