import { z } from "zod";
import { departmentSchema } from "../../contracts/pipeline.ts";
import { listDepartments } from "../../services/pipeline.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: department names for the job form's suggestions. */
export const listDepartmentsProcedure = companyProcedure
  .output(z.object({ data: z.array(departmentSchema) }))
  .query(async ({ ctx }) => ({ data: await listDepartments(ctx.svc) }));
