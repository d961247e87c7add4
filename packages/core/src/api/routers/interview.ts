import { router } from "../../kernel/trpc.ts";
import { cancelInterviewProcedure } from "../../modules/interview/procedures/cancel-interview.ts";
import { createInterviewProcedure } from "../../modules/interview/procedures/create-interview.ts";
import { getInterviewProcedure } from "../../modules/interview/procedures/get-interview.ts";
import { listInterviewsProcedure } from "../../modules/interview/procedures/list-interviews.ts";
import { updateInterviewProcedure } from "../../modules/interview/procedures/update-interview.ts";

export const interviewRouter = router({
  list: listInterviewsProcedure,
  get: getInterviewProcedure,
  create: createInterviewProcedure,
  update: updateInterviewProcedure,
  cancel: cancelInterviewProcedure,
});
