import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { config } from '@/lib/config';
import { pageMetadata } from '@/lib/seo/metadata';
import { zoneName } from '@/lib/site/zone-format';

// The site's layout reads the content of the request's edition, so the page is rendered per request, not at build.
export const dynamic = 'force-dynamic';

export const metadata = pageMetadata({
  title: 'Privacy: what we count',
  description: 'The visits we count, without cookies or personal data, what is kept and for how long, and how to be left out.',
  path: '/privacy',
});

/** What analytics count, said exactly (docs/analytics.md says the same for developers). */
export default function PrivacyPage() {
  const { ANALYTICS_RAW_DAYS: rawDays, FIRM_TIME_ZONE } = config();
  return (
    <>
      <PageHeader
        eyebrow="Privacy"
        title="What we count, and what we do not"
        lead="We count visits to learn which of our pages and articles help people. We do it ourselves, without cookies, without storing anything in your browser, and without personal data."
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 leading-relaxed">
        <section aria-labelledby="counted-heading" className="space-y-3">
          <h2 id="counted-heading" className="font-serif text-2xl font-semibold">
            What a page view records
          </h2>
          <ul className="list-disc space-y-2 pl-6">
            <li>the page&rsquo;s address, without its query (an address that holds a private link, such as a checkout or report, is recorded without it);</li>
            <li>the name of the website that linked to it, if any (the host name only, such as google.com);</li>
            <li>
              the campaign parameters <code>utm_source</code>, <code>utm_medium</code> and <code>utm_campaign</code> when the link carried them;
            </li>
            <li>the kind of device (desktop, mobile, tablet or other), worked out from your browser&rsquo;s User-Agent;</li>
            <li>
              the country your network address belongs to, looked up on our own server in a table we ship (IP2Location LITE); the address itself is not stored;
            </li>
            <li>the time, and a visitor code (below).</li>
          </ul>
          <p>
            When JavaScript runs, the page also tells us, when you leave it, how many seconds it was visible and how far down you scrolled, and it reports the
            pages you open by following links within the site. It sends this to our own server (<code>/a</code>) and nowhere else.
          </p>
        </section>
        <section aria-labelledby="visitor-heading" className="space-y-3">
          <h2 id="visitor-heading" className="font-serif text-2xl font-semibold">
            The visitor code
          </h2>
          <p>
            To count visitors rather than page views, we make a code from your network address, your browser&rsquo;s User-Agent and our site&rsquo;s name, mixed
            with a random value that changes every day (a salted hash). The random value is kept only for its day and then deleted, so after midnight (
            {zoneName(FIRM_TIME_ZONE)} time, the firm&rsquo;s) nobody, us included, can tell which address made a code, and the same browser gets a different
            code the next day. We set no cookie and store nothing in your browser.
          </p>
        </section>
        <section aria-labelledby="conversions-heading" className="space-y-3">
          <h2 id="conversions-heading" className="font-serif text-2xl font-semibold">
            Inquiries, bookings and purchases
          </h2>
          <p>
            When you send an inquiry, request a booking, start a checkout, pay, or receive a report you bought, we count that step with the same day&rsquo;s
            visitor code, so we can see which page your visit began on, which article you read last before it, and which site or campaign brought you. For a
            purchase we also record the service bought and the amount paid. These counts hold no name, email address or anything you typed.
          </p>
          <p>
            The visitor code is removed from a step as soon as the step has been matched to your visit (within a minute or so), so the record of a purchase does
            not lead to the pages you read. What stays with the step is only what is listed above: the page the visit began on, the last article read, and the
            site or campaign.
          </p>
        </section>
        <section aria-labelledby="kept-heading" className="space-y-3">
          <h2 id="kept-heading" className="font-serif text-2xl font-semibold">
            How long it is kept
          </h2>
          <p>
            The individual page views, reading times and steps are kept for {rawDays} days, then deleted. What remains are daily totals (so many visitors of
            this page on this day), which are kept.
          </p>
        </section>
        <section aria-labelledby="out-heading" className="space-y-3">
          <h2 id="out-heading" className="font-serif text-2xl font-semibold">
            Not counted
          </h2>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              browsers that send <strong>Global Privacy Control</strong> (<code>Sec-GPC: 1</code>) or <strong>Do Not Track</strong> (<code>DNT: 1</code>):
              nothing of their visit is counted;
            </li>
            <li>search engines and other bots;</li>
            <li>our own staff while signed in, and people looking at previews of unpublished pages.</li>
          </ul>
          <p>
            Questions? <Link href="/contact">Write to us</Link>.
          </p>
        </section>
        <p className="text-sm text-ink-muted">
          This site includes IP2Location LITE data available from <a href="https://lite.ip2location.com">https://lite.ip2location.com</a>.
        </p>
      </div>
    </>
  );
}
