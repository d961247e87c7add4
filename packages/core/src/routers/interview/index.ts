import { router } from "../../trpc.ts";
import { cancelInterviewProcedure } from "./cancel-interview.ts";
import { createInterviewProcedure } from "./create-interview.ts";
import { getInterviewProcedure } from "./get-interview.ts";
import { listInterviewsProcedure } from "./list-interviews.ts";
import { updateInterviewProcedure } from "./update-interview.ts";

export const interviewRouter = router({
  list: listInterviewsProcedure,
  get: getInterviewProcedure,
  create: createInterviewProcedure,
  update: updateInterviewProcedure,
  cancel: cancelInterviewProcedure,
});
