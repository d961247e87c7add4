import { candidateDetailSchema, createCandidateInput } from "../contract/candidate.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { createCandidate } from "../create.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const createCandidateProcedure = companyProcedure
  .meta({
    scope: "candidates:write",
    openapi: {
      method: "POST",
      path: "/candidates",
      tags: ["Candidates"],
      summary: "Create a candidate",
      description:
        "Creates a candidate under one of the company's jobs (application_source `public_api`). Also accepts `multipart/form-data` with a `resume` file (PDF, DOC or DOCX up to 10 MB), in which case `name` may be omitted and is filled from the resume. The same e-mail twice in one job is a 409 conflict.",
      protect: true,
      successDescription: "The created candidate",
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 404: "Job not found", 409: "Duplicate e-mail in this job" },
    },
    successStatus: 201,
  })
  .input(createCandidateInput)
  .output(dataEnvelope(candidateDetailSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await createCandidate(ctx.svc, input, { source: "public_api", resume: ctx.upload }),
  }));
