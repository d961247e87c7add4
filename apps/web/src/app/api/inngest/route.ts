import { allJobs, allSchedules } from "@hireflow/jobs";
import { createInngestHandlers } from "@hireflow/jobs/runtime";

// Inngest calls this route to run the same job definitions the local runner runs elsewhere.
export const { GET, POST, PUT } = createInngestHandlers(allJobs, allSchedules);
