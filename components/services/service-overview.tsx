import type { ServiceDetailBody } from '@/lib/contract/catalogue';
import { DetailBlock } from './detail-block';

/** A titled bullet list, or nothing when the service gives no items. */
function BulletBlock({ id, title, items }: { id: string; title: string; items?: string[] | null }) {
  if (!items || items.length === 0) return null;
  return (
    <DetailBlock id={id} title={title}>
      <ul className="list-disc space-y-2 pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </DetailBlock>
  );
}

/** What the buyer gets, what changes, how the work runs and where we have done it. */
export function ServiceOverview({ service }: { service: ServiceDetailBody }) {
  const { deliverables, benefits, process, industryExpertise } = service;
  return (
    <div className="space-y-12">
      <BulletBlock id="deliverables" title="What you get" items={deliverables} />
      <BulletBlock id="benefits" title="What it changes" items={benefits} />
      {process && process.length > 0 && (
        <DetailBlock id="process" title="How it works">
          <ol className="space-y-4">
            {process.map((step, index) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-accent font-semibold text-accent"
                >
                  {index + 1}
                </span>
                <span className="pt-1">{step}</span>
              </li>
            ))}
          </ol>
        </DetailBlock>
      )}
      {industryExpertise && industryExpertise.length > 0 && (
        <DetailBlock id="industries" title="Industries we know">
          <ul className="flex flex-wrap gap-2">
            {industryExpertise.map((industry) => (
              <li key={industry} className="rounded-full border border-line bg-surface px-3 py-1 text-sm">
                {industry}
              </li>
            ))}
          </ul>
        </DetailBlock>
      )}
    </div>
  );
}
