import { dataEnvelope } from "../../contracts/common.ts";
import { careersPageSchema, getCareersPageInput } from "../../contracts/careers.ts";
import { getCareersPage } from "../../services/careers.ts";
import { publicProcedure } from "../../trpc.ts";

/** UI only, no sign-in: /careers/[slug]. */
export const getCareersPageProcedure = publicProcedure
  .input(getCareersPageInput)
  .output(dataEnvelope(careersPageSchema))
  .query(async ({ ctx, input }) => ({ data: await getCareersPage(ctx.prisma, input.slug) }));
