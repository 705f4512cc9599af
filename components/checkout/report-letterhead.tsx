import type { CompanyProfileBody } from '@/lib/contract/business';

/** The firm's name on paper: the site header is hidden when printing, so the printed report carries its own. */
export function ReportLetterhead({ company, siteUrl }: { company: CompanyProfileBody; siteUrl: string }) {
  return (
    <div className="mb-6 hidden border-b border-ink pb-3 print:block">
      <p className="font-serif text-2xl font-semibold">{company.name}</p>
      <p className="text-sm">
        {company.tagline} · {siteUrl.replace(/^https?:\/\//, '')}
        {company.contact?.email ? ` · ${company.contact.email}` : ''}
      </p>
    </div>
  );
}
