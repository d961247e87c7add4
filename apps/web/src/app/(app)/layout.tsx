import { AppShell } from "@/components/app-shell";
import { serverCaller } from "@/lib/server/caller";
import { TrpcProvider } from "@/lib/trpc";
import { requireSession } from "@/lib/server/session";

/** Every page in (app) needs a signed-in session; the client gets the session's CSRF token here. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  const caller = await serverCaller();
  const [{ count: scorecardsDue }, { count: approvalsDue }] = await Promise.all([caller.scorecards.dueCount(), caller.offers.myApprovalsCount()]);
  return (
    <TrpcProvider csrfToken={session.csrfToken}>
      <AppShell user={session.user} csrfToken={session.csrfToken} scorecardsDue={scorecardsDue} approvalsDue={approvalsDue}>
        {children}
      </AppShell>
    </TrpcProvider>
  );
}
