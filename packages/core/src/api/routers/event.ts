import { router } from "../../kernel/trpc.ts";
import { getEventProcedure } from "../../modules/webhook/procedures/get-event.ts";
import { listEventsProcedure } from "../../modules/webhook/procedures/list-events.ts";

export const eventRouter = router({
  list: listEventsProcedure,
  get: getEventProcedure,
});
