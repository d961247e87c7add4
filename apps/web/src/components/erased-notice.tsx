import { Alert } from "@/components/ui";
import { ForgetQueryParam } from "./forget-query-param";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Where "Delete candidate" lands (`?erased=1` on the job's board, or on /jobs for a candidate without a
 * job): say that the erasure happened, once. The parameter is taken out of the address as soon as the
 * page shows it (ForgetQueryParam), so a reload, a bookmark or Back does not say it again. The URL
 * carries no name or id, so nothing about the person outlives them in the browser history or access logs.
 */
export function ErasedNotice({ searchParams }: { searchParams: SearchParams }) {
  if (searchParams.erased !== "1") return null;
  return (
    <div className="mb-4">
      <Alert tone="green" title="Candidate deleted">
        Their personal data (contact details, notes, answers, resume, fit scores and stage history) has been erased for good.
      </Alert>
      <ForgetQueryParam name="erased" />
    </div>
  );
}
