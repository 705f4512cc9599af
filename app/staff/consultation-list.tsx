import type { Consultation } from '@/lib/domain/commitments/staff-overview';

const timeFormat = (zone: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' });

/** One day's confirmed consultations, in the firm's time: when, with whom, which consultant. */
export function ConsultationList({ id, title, consultations, zone }: { id: string; title: string; consultations: Consultation[]; zone: string }) {
  const time = timeFormat(zone);
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={`consultations-${id}`}>
      <h3 id={`${id}-heading`} className="font-serif text-xl font-semibold">
        {title} <span className="text-base font-normal text-ink-muted">({consultations.length})</span>
      </h3>
      {consultations.length === 0 ? (
        <p className="mt-2 text-ink-muted">No consultation.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {consultations.map((consultation) => (
            <li key={consultation.id}>
              <span className="font-medium whitespace-nowrap">
                {time.format(consultation.start)} to {time.format(consultation.end)}
              </span>{' '}
              · {consultation.name}
              {consultation.consultantName ? ` with ${consultation.consultantName}` : ''}
              {consultation.serviceType ? ` · ${consultation.serviceType}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
