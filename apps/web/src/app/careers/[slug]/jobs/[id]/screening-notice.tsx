import type { ScreeningNoticeDto } from "@hireflow/core/screening/contract";

/**
 * The AI screening notice (docs/SCREENING.md, "Notice and alternative process"): shown on the job's
 * careers page, above its application form, while the job's screening is on. Plain words, generated
 * from the job's criteria and the company's settings, so it says what the tool really does.
 */
export function ScreeningNotice({ notice, companyName }: { notice: ScreeningNoticeDto; companyName: string }) {
  const contact = notice.contact;
  const contactLink = contact ? (
    <a href={contact.includes("@") && !contact.startsWith("http") ? `mailto:${contact}` : contact} className="font-medium text-indigo-700 underline">
      {contact}
    </a>
  ) : null;
  return (
    <section aria-labelledby="screening-notice-heading" className="mb-6 rounded-md bg-white p-4 ring-1 ring-slate-200" data-testid="screening-notice">
      <h3 id="screening-notice-heading" className="text-base font-semibold text-slate-900">
        How applications are assessed
      </h3>
      <p className="mt-2 text-sm text-slate-800">
        {companyName} uses an automated tool to assess applications for this job. It compares what your application says with the qualifications below and
        gives a fit score; people at {companyName} make the hiring decisions.
      </p>
      {notice.qualifications.length > 0 && (
        <>
          <p className="mt-3 text-sm font-medium text-slate-900">What it looks at</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-800">
            {notice.qualifications.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-3 text-sm text-slate-800">
        <span className="font-medium text-slate-900">What data it uses: </span>
        {notice.data_used}
      </p>
      <p className="mt-2 text-sm text-slate-800">
        <span className="font-medium text-slate-900">How long it is kept: </span>
        {notice.retention}
      </p>
      <p className="mt-2 text-sm text-slate-800">
        <span className="font-medium text-slate-900">An alternative or an accommodation: </span>
        You can ask that a person, not the automated tool, reviews your application with the box at the end of the form
        {contactLink ? <>, and ask for another process or an accommodation at {contactLink}.</> : "."}
      </p>
    </section>
  );
}
