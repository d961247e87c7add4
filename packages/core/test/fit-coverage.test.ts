import { describe, expect, it } from "vitest";
import { type CandidateRow, serializeCandidateDetail } from "../src/modules/candidate/serialize.ts";

/** A score shows how much of it was judged (issue 28 item 3): `fit.judged` of `fit.total` criteria. */
const row = (fitCriteria: unknown): CandidateRow =>
  ({
    id: 1,
    publicId: "cand_x",
    companyId: 1,
    jobId: 1,
    name: "A",
    email: null,
    phone: null,
    linkedin: null,
    location: null,
    stage: "applied",
    rating: null,
    fitScore: 100,
    applicationSource: "public_api",
    leadType: "sourced",
    atsCandidateId: null,
    answers: null,
    resumeBlobKey: null,
    resumeFilename: null,
    resumeContentType: null,
    resumeSize: null,
    resumeStatus: null,
    resumeData: null,
    resumeError: null,
    fitStatus: "completed",
    fitEngine: "local",
    fitScoredAt: new Date("2026-11-20T10:00:00Z"),
    fitCriteria,
    privacyConsentAt: null,
    rejectReasonId: null,
    rejectedAt: null,
    hiredAt: null,
    createdAt: new Date("2026-11-20T10:00:00Z"),
    updatedAt: new Date("2026-11-20T10:00:00Z"),
    job: { id: 1, title: "Engineer" },
    jobStage: { name: "Applied", type: "applied" },
    rejectReason: null,
  }) as CandidateRow;

const criterion = (id: string, met: boolean | null) => ({ id, type: "skill", value: id, question_id: null, accepted: null, required: false, weight: 1, met, evidence: "…" });

describe("fit coverage", () => {
  it("counts the criteria judged (met true or false) of those scored", () => {
    const fit = serializeCandidateDetail(row([criterion("go", true), criterion("k8s", true), criterion("years", null), criterion("rust", false)])).fit;
    expect([fit.judged, fit.total]).toEqual([3, 4]);
  });

  it("is 0 of 0 before any scoring", () => {
    const fit = serializeCandidateDetail(row(null)).fit;
    expect([fit.judged, fit.total, fit.criteria]).toEqual([0, 0, []]);
  });
});
