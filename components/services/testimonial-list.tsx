import type { TestimonialBody } from '@/lib/contract/catalogue';
import { Rating } from './rating';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });

/** "Operations Director, Allegheny Precision Components". */
function byline(testimonial: TestimonialBody): string {
  return [testimonial.clientRole, testimonial.clientCompany].filter(Boolean).join(', ');
}

/** What clients said: quote, who said it, when, and their rating as text (none when they gave none). */
export function TestimonialList({ testimonials }: { testimonials: TestimonialBody[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {testimonials.map((testimonial) => (
        <li key={testimonial.id} className="flex flex-col rounded-lg border border-line bg-surface p-6">
          <figure className="flex flex-1 flex-col">
            {testimonial.rating != null && <Rating value={testimonial.rating} />}
            <blockquote className="mt-3 flex-1 font-serif text-lg leading-relaxed">
              <p>“{testimonial.content}”</p>
            </blockquote>
            <figcaption className="mt-4 text-sm">
              <span className="font-semibold">{testimonial.clientName}</span>
              {byline(testimonial) && <span className="block text-ink-muted">{byline(testimonial)}</span>}
              {testimonial.date && (
                <time dateTime={testimonial.date} className="block text-ink-muted">
                  {dateFormat.format(new Date(`${testimonial.date}T00:00:00Z`))}
                </time>
              )}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
