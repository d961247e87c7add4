import { z } from "zod";
import { departmentSchema } from "../contract/job.ts";
import { listDepartments } from "../read.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: department names for the job form's suggestions. */
export const listDepartmentsProcedure = companyProcedure
  .output(z.object({ data: z.array(departmentSchema) }))
  .query(async ({ ctx }) => ({ data: await listDepartments(ctx.svc) }));
