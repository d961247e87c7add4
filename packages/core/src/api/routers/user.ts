import { router } from "../../kernel/trpc.ts";
import { listUsersProcedure } from "../../modules/identity/procedures/list-users.ts";

export const userRouter = router({
  list: listUsersProcedure,
});
