import { router } from "../../trpc.ts";
import { getEventProcedure } from "./get-event.ts";
import { listEventsProcedure } from "./list-events.ts";

export const eventRouter = router({
  list: listEventsProcedure,
  get: getEventProcedure,
});
