import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { careersPageSchema, getCareersPageInput } from "../contract/careers.ts";
import { getCareersPage } from "../careers.ts";
import { publicProcedure } from "../../../kernel/trpc.ts";

/** UI only, no sign-in: /careers/[slug]. */
export const getCareersPageProcedure = publicProcedure
  .input(getCareersPageInput)
  .output(dataEnvelope(careersPageSchema))
  .query(async ({ ctx, input }) => ({ data: await getCareersPage(ctx.prisma, input.slug) }));
