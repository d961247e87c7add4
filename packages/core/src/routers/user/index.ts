import { router } from "../../trpc.ts";
import { listUsersProcedure } from "./list-users.ts";

export const userRouter = router({
  list: listUsersProcedure,
});
