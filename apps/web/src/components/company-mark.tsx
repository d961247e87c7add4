/**
 * The company's name on its careers pages, with its logo (Settings → Careers site) when set. A
 * plain <img>: the logo is on the company's own host, which next/image would have to allow-list.
 */
export function CompanyMark({ company }: { company: { name: string; logo_url: string | null } }) {
  return (
    <p className="flex items-center gap-3 text-sm font-medium tracking-wide text-indigo-700 uppercase">
      {company.logo_url && (
        <img src={company.logo_url} alt="" className="h-10 w-auto max-w-40 object-contain" referrerPolicy="no-referrer" />
      )}
      {company.name}
    </p>
  );
}
