import { Button } from '@/components/ui/button';
import { SlotPicker, type Slot } from '@/components/forms/slot-picker';
import type { DayChoice } from './day-picker';
import { DayPicker } from './day-picker';

/**
 * Moving a booking on its page: the day picker, then one new time of the chosen day. A plain form posting to a
 * server action, so it works without JavaScript; the visitor's zone and day travel with it.
 */
export function RescheduleForm({
  action,
  days,
  chosen,
  hrefFor,
  zoneLabel,
  hidden,
  submissionKey,
  error,
}: {
  action: (formData: FormData) => Promise<void>;
  days: DayChoice[];
  chosen: { date: string; label: string; slots: Slot[] } | undefined;
  hrefFor: (date: string) => string;
  zoneLabel: string;
  hidden: Record<string, string | undefined>;
  submissionKey: string;
  error?: string;
}) {
  if (!chosen) return <p role="status">Our consultants have no free time in the next weeks. Please write to us and we will find one with you.</p>;
  return (
    <div className="space-y-6">
      <DayPicker days={days} chosen={chosen.date} hrefFor={hrefFor} />
      <form action={action} noValidate className="space-y-6">
        {Object.entries({ ...hidden, day: chosen.date }).map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}
        <input type="hidden" name="submissionKey" value={submissionKey} />
        <SlotPicker slots={chosen.slots} zoneLabel={zoneLabel} dayLabel={chosen.label} chosen={new Set()} error={error} multiple={false} name="newTime" />
        <Button type="submit">Move to this time</Button>
      </form>
    </div>
  );
}
