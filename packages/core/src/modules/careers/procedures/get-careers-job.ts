import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { careersJobPageSchema, getCareersJobInput } from "../contract/careers.ts";
import { getCareersJob } from "../careers.ts";
import { publicProcedure } from "../../../kernel/trpc.ts";

/** UI only, no sign-in: /careers/[slug]/jobs/[id] (the API's apply_url). */
export const getCareersJobProcedure = publicProcedure
  .input(getCareersJobInput)
  .output(dataEnvelope(careersJobPageSchema))
  .query(async ({ ctx, input }) => ({ data: await getCareersJob(ctx.prisma, input.slug, input.job_id) }));
