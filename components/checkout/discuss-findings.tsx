import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';

/**
 * The next step after reading a report: a consultation. On paper the link prints its full address
 * (data-print-href, see globals.css), since a printed "/book" leads nowhere.
 */
export function DiscussFindings({ siteUrl, failed = false }: { siteUrl: string; failed?: boolean }) {
  return (
    <section aria-labelledby="discuss-heading" className="break-inside-avoid rounded-lg border border-line bg-surface p-6 print:bg-transparent">
      <h2 id="discuss-heading" className="font-serif text-2xl font-semibold">
        {failed ? 'Talk it through with a consultant' : 'Discuss these findings with a consultant'}
      </h2>
      <p className="mt-3 max-w-2xl">
        {failed
          ? 'Book a short call and we will look at the page with you, or arrange a new audit.'
          : 'The findings say what to change; a 30-minute consultation decides what to change first. We look at the page with you, find the one change that removes the biggest obstacle to a buyer’s decision, and agree how to measure it.'}
      </p>
      <p className="mt-5">
        <Link href="/book" className={buttonClasses()} data-print-href={`${siteUrl}/book`}>
          Book a consultation
        </Link>
      </p>
    </section>
  );
}
