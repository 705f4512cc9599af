import { ButtonLink } from '@/components/ui/button';
import type { ServiceDetailBody } from '@/lib/contract/catalogue';

/**
 * Services sold through a conversation: a session at a fixed fee is booked straight away; a quoted
 * engagement starts with a request for a quote, or a call for those who prefer to talk first.
 */
export function ConsultationCta({ service }: { service: ServiceDetailBody }) {
  const bookHref = `/book?service=${encodeURIComponent(service.category)}`;
  if (service.pricing?.model === 'custom_quote') {
    return (
      <div>
        <p>Describe your situation and we will arrange a scoping call, or book the call yourself.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink href={`/contact?service=${encodeURIComponent(service.id)}`}>Request a quote</ButtonLink>
          <ButtonLink href={bookHref} variant="secondary">
            Book a call
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <div>
      <p>Choose a time that suits you and we confirm the session.</p>
      <div className="mt-4">
        <ButtonLink href={bookHref}>Book a call</ButtonLink>
      </div>
    </div>
  );
}
