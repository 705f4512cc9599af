import type { Field } from './field-spec';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((label, index) => ({ value: String(index + 1), label }));

/** Sales edit when a consultant works; who they are and what they take stay as they are. */
export function consultantFields(zone: string): readonly Field[] {
  return [
    { kind: 'choices', name: 'workingDays', label: 'Working days', options: WEEKDAYS, numeric: true, required: true },
    { kind: 'text', name: 'workingHours.start', label: 'Day starts', inputType: 'time', required: true, hint: `24-hour time in ${zone}` },
    { kind: 'text', name: 'workingHours.end', label: 'Day ends', inputType: 'time', required: true, hint: `24-hour time in ${zone}` },
    { kind: 'list', name: 'holidays', label: 'Holidays', separator: 'line', rows: 8, hint: 'One date per line, YYYY-MM-DD.' },
    { kind: 'checkbox', name: 'active', label: 'Takes bookings' },
    { kind: 'readonly', name: 'expertise', label: 'Takes consultations on' },
  ];
}
